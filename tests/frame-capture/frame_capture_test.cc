// frame-capture end to end: scripts call `fc.run(fn, *args)`, which runs
// fn under a compile context whose backend interprets the graph on the
// kernels and counts what it was given.
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/frame_capture/dynamo.h"
#include "tc/kernels/interpreter.h"
#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "vm_test_util.h"

namespace tc::frame_capture {
namespace {

using script::Value;

struct Counts {
  int graphs = 0;
  int function_calls = 0;
  int method_calls = 0;
  std::vector<std::string> reasons;
};
Counts* g_counts = nullptr;

class InterpreterBackend : public Backend {
 public:
  bool Compile(script::VM&, const std::shared_ptr<const CapturedGraph>& g,
               std::span<const tensor::Tensor>, CompiledGraph* out) override {
    ++g_counts->graphs;
    g_counts->function_calls += g->num_function_calls();
    g_counts->method_calls += g->num_method_calls();
    g_counts->reasons.push_back(g->reason.reason.substr(0, g->reason.reason.find('\n')));
    *out = [g](script::VM& vm, std::span<const tensor::Tensor> in,
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
};

Value Run(script::VM& vm, const Value&, const script::ArgsView& args) {
  static CompileOptions options{std::make_shared<InterpreterBackend>(), false};
  Dynamo::Scope scope(Dynamo::For(vm), Dynamo::Mode::kCompile, &options);
  return vm.Call(args[0], script::ArgsView(args.data + 1, args.nargs - 1));
}
Value Reset(script::VM& vm, const Value&, const script::ArgsView&) {
  Dynamo::For(vm).Reset();
  *g_counts = Counts();
  return Value::None();
}
constexpr script::MethodDef kFns[] = {{"run", Run}, {"reset", Reset}};
bool InitFc(script::VM&, script::ModuleObject* m) {
  script::AddFunctions(m, kFns);
  return true;
}

class FrameCaptureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    script::RegisterBuiltinModule("fc", InitFc);
    g_counts = &counts_;
  }
  std::string Run(const std::string& body) {
    auto r = script::RunSource(vm_, "import torch\nimport fc\n" + body);
    EXPECT_EQ(r.error, "");
    return r.out;
  }
  script::VM vm_;
  Counts counts_;
};

TEST_F(FrameCaptureTest, StraightLineIsOneGraph) {
  std::string out = Run(R"(
def f(a, b):
    return torch.sin(a) + torch.cos(b)
a = torch.arange(4.0)
b = torch.ones(4)
print(torch.equal(fc.run(f, a, b), f(a, b)))
)");
  EXPECT_EQ(out, "True\n");
  EXPECT_EQ(counts_.graphs, 1);
  EXPECT_EQ(counts_.function_calls, 3);  // sin, cos, add
  ASSERT_FALSE(counts_.reasons.empty());
  EXPECT_EQ(counts_.reasons[0], "return_value");
}

TEST_F(FrameCaptureTest, MethodsAreMethodCalls) {
  Run(R"(
def f(x):
    return x.sin().cos()
fc.run(f, torch.ones(3))
)");
  EXPECT_EQ(counts_.graphs, 1);
  EXPECT_EQ(counts_.function_calls, 0);
  EXPECT_EQ(counts_.method_calls, 2);
}

TEST_F(FrameCaptureTest, ToyExampleBreaksTwice) {
  std::string out = Run(R"(
def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    print("woo")
    if b.sum() < 0:
        b = b * -1
    return x * b
a = torch.arange(10.0)
b = -torch.ones(10)
print(torch.equal(fc.run(toy_example, a, b), toy_example(a, b)))
)");
  EXPECT_EQ(out, "woo\nwoo\nTrue\n");
  EXPECT_EQ(counts_.graphs, 3);
  EXPECT_EQ(counts_.function_calls, 6);  // abs add truediv | lt | mul mul
  ASSERT_EQ(counts_.reasons.size(), 3u);
  EXPECT_EQ(counts_.reasons[0], "Failed to trace builtin operator");
  EXPECT_EQ(counts_.reasons[1], "generic_jump TensorVariable()");
  EXPECT_EQ(counts_.reasons[2], "return_value");
}

TEST_F(FrameCaptureTest, CacheHitsAndShapeRecompiles) {
  std::string out = Run(R"(
def f(x, n):
    return x * n + 1
print(fc.run(f, torch.ones(3), 2))
print(fc.run(f, torch.ones(3), 2))
print(fc.run(f, torch.ones(4), 2))
print(fc.run(f, torch.ones(4), 3))
)");
  EXPECT_EQ(out,
            "tensor([3., 3., 3.])\ntensor([3., 3., 3.])\ntensor([3., 3., 3., 3.])\n"
            "tensor([4., 4., 4., 4.])\n");
  EXPECT_EQ(counts_.graphs, 3);
}

TEST_F(FrameCaptureTest, InlinedHelperAndModule) {
  std::string out = Run(R"(
import torch.nn as nn
def helper(x):
    return x.relu() * 2
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
    def forward(self, x):
        return helper(self.fc(x))
torch.manual_seed(0)
m = M()
x = torch.randn(3, 4)
print(torch.equal(fc.run(m, x), m(x)))
)");
  EXPECT_EQ(out, "True\n");
  EXPECT_EQ(counts_.graphs, 1);
}

}  // namespace
}  // namespace tc::frame_capture
