// Owned state: a code object's compiled entries live in its extra slot and
// die with it (or with torch._dynamo.reset() on its next call); each VM
// owns its own Dynamo runtime.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/frame_capture/dynamo.h"
#include "tc/kernels/interpreter.h"
#include "tc/script/compiler.h"
#include "tc/script/native.h"

#include "fc_harness.h"

namespace tc::frame_capture {
namespace {

using script::Value;

// Counts destructions of the compiled graphs it made: each CompiledGraph
// holds a token, and an entry holds its CompiledGraph.
class CountingBackend : public Backend {
 public:
  struct Token {
    explicit Token(int* n) : destroyed(n) {}
    ~Token() { ++*destroyed; }
    int* destroyed;
  };
  explicit CountingBackend(int* destroyed) : destroyed_(destroyed) {}
  bool Compile(script::VM&, const std::shared_ptr<const CapturedGraph>& g,
               std::span<const tensor::Tensor>, CompiledGraph* out) override {
    ++compiles;
    auto token = std::make_shared<Token>(destroyed_);
    *out = [g, token](script::VM& vm, std::span<const tensor::Tensor> in,
                      std::vector<tensor::Tensor>* outs) {
      auto r = kernels::Interpreter(g->graph).Run(in);
      if (!r.ok()) {
        vm.Raise(script::Types().runtime_error, std::string(r.status().message()));
        return false;
      }
      *outs = *std::move(r);
      return true;
    };
    return true;
  }
  int compiles = 0;

 private:
  int* destroyed_;
};

class OwnedStateTest : public ::testing::Test {
 protected:
  void SetUp() override { script_torch::RegisterModules(); }  // the tests link the static libraries

  // Runs `source` with `globals` as its module namespace.
  void Define(script::VM& vm, script::DictObject* globals, const std::string& source) {
    auto code = script::CompileSource(source, "t.py");
    ASSERT_TRUE(code.ok());
    Value r = vm.RunCode(*code, globals);
    ASSERT_FALSE(r.is_null()) << vm.FormatException(vm.TakeException());
  }

  // fn(x) under a compile context with `backend`.
  Value CompiledCall(script::VM& vm, const std::shared_ptr<Backend>& backend, const Value& fn,
                     const Value& x) {
    CompileOptions options{backend, false};
    Dynamo::Scope scope(Dynamo::For(vm), Dynamo::Mode::kCompile, &options);
    Value r = vm.Call(fn, {x});
    EXPECT_FALSE(r.is_null());
    return r;
  }
};

constexpr char kSource[] = R"(
import torch
def f(x):
    return torch.sin(x) + 1
x = torch.ones(3)
)";

TEST_F(OwnedStateTest, EntriesDieWithTheirCodeObject) {
  script::VM vm;
  int destroyed = 0;
  auto backend = std::make_shared<CountingBackend>(&destroyed);
  Value globals = script::NewDict();
  auto* g = script::Cast<script::DictObject>(globals);
  Define(vm, g, kSource);
  Value f = *script::DictGetStr(g, "f");
  Value x = *script::DictGetStr(g, "x");
  CompiledCall(vm, backend, f, x);
  CompiledCall(vm, backend, f, x);  // a hit: nothing new compiled
  EXPECT_EQ(backend->compiles, 1);
  EXPECT_EQ(destroyed, 0);
  // The last references to f (and so to its code object) go.
  f = Value();
  ASSERT_FALSE(vm.CallMethod(globals, "clear", {}).is_null());
  globals = Value();
  EXPECT_EQ(destroyed, 1);
}

TEST_F(OwnedStateTest, ResetDropsEntriesOnTheNextCall) {
  script::VM vm;
  int destroyed = 0;
  auto backend = std::make_shared<CountingBackend>(&destroyed);
  Value globals = script::NewDict();
  auto* g = script::Cast<script::DictObject>(globals);
  Define(vm, g, kSource);
  Value f = *script::DictGetStr(g, "f");
  Value x = *script::DictGetStr(g, "x");
  CompiledCall(vm, backend, f, x);
  Dynamo::For(vm).Reset();
  CompiledCall(vm, backend, f, x);  // compiles again, replacing the old entry
  EXPECT_EQ(backend->compiles, 2);
  EXPECT_EQ(destroyed, 1);
}

TEST_F(OwnedStateTest, EachVMHasItsOwnRuntime) {
  int destroyed = 0;
  auto backend = std::make_shared<CountingBackend>(&destroyed);
  {
    script::VM a, b;
    EXPECT_EQ(&Dynamo::For(a), &Dynamo::For(a));
    EXPECT_NE(&Dynamo::For(a), &Dynamo::For(b));
    Dynamo::For(a).config().recompile_limit = 3;
    EXPECT_EQ(Dynamo::For(b).config().recompile_limit, 8);
    // A recompile in `a` is a's alone.
    Value globals = script::NewDict();
    auto* g = script::Cast<script::DictObject>(globals);
    Define(a, g, kSource);
    Value f = *script::DictGetStr(g, "f");
    CompiledCall(a, backend, f, *script::DictGetStr(g, "x"));
    Define(a, g, "y = torch.ones(4)\n");
    CompiledCall(a, backend, f, *script::DictGetStr(g, "y"));
    EXPECT_EQ(Dynamo::For(a).recompiles().size(), 1u);
    EXPECT_TRUE(Dynamo::For(b).recompiles().empty());
    ASSERT_FALSE(a.CallMethod(globals, "clear", {}).is_null());
  }
  EXPECT_EQ(destroyed, 2);  // both entries went with the VM's objects
}

}  // namespace
}  // namespace tc::frame_capture
