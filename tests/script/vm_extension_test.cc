// The VM's embedding seams for higher libraries: owned extension slots on
// code objects and on the VM (state dies with its owner), and
// VM::RunInstruction (one instruction run outside the eval loop).
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/script/extension.h"
#include "tc/script/native.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

constexpr char kTestKind = 0;

// Counts its destructions, as a frame-capture cache entry's would.
class CountingExtension : public Extension {
 public:
  explicit CountingExtension(int* destroyed) : Extension(&kTestKind), destroyed_(destroyed) {}
  ~CountingExtension() override { ++*destroyed_; }

 private:
  int* destroyed_;
};

// The function `name` defined by `source`, run as __main__ on `vm`.
FunctionObject* DefineFunction(VM& vm, const std::string& source, const std::string& name) {
  auto code = CompileSource(source, "t.py");
  EXPECT_TRUE(code.ok());
  Value m = vm.RunModule(*code, "__main__");
  EXPECT_FALSE(m.is_null());
  const Value* f = DictGetStr(m.as_object()->dict, name);
  EXPECT_NE(f, nullptr);
  return Cast<FunctionObject>(*f);
}

// The index of the first instruction `op` in `fn`'s code.
int32_t FindOp(FunctionObject* fn, Opcode op) {
  const auto& ins = fn->code->code->instructions;
  for (size_t i = 0; i < ins.size(); ++i) {
    if (ins[i].op == op) return static_cast<int32_t>(i);
  }
  ADD_FAILURE() << "no " << OpcodeName(op);
  return 0;
}

TEST(ExtensionTest, CodeObjectExtraDiesWithTheCodeObject) {
  VM vm;
  int destroyed = 0;
  {
    auto code = CompileSource("x = 1\n", "t.py");
    ASSERT_TRUE(code.ok());
    Ref<CodeObject> co = vm.MakeCodeObject(*code);
    co->extra = std::make_unique<CountingExtension>(&destroyed);
    EXPECT_EQ(co->extra->kind(), &kTestKind);
    EXPECT_EQ(destroyed, 0);
  }
  EXPECT_EQ(destroyed, 1);
}

TEST(ExtensionTest, VMExtensionDiesWithTheVMAndIsPerVM) {
  int destroyed = 0;
  {
    VM a, b;
    a.set_extension(std::make_unique<CountingExtension>(&destroyed));
    EXPECT_NE(a.extension(), nullptr);
    EXPECT_EQ(b.extension(), nullptr);
    b.set_extension(std::make_unique<CountingExtension>(&destroyed));
    EXPECT_NE(a.extension(), b.extension());
  }
  EXPECT_EQ(destroyed, 2);
}

TEST(RunInstructionTest, BinaryOperatorPushesItsResult) {
  VM vm;
  FunctionObject* f = DefineFunction(vm, "def f(a, b):\n    return a * b\n", "f");
  std::vector<Value> stack = {Value::Int(7), Value::Int(6), Value::Int(5)};
  ASSERT_TRUE(vm.RunInstruction(f, FindOp(f, Opcode::kBinary), &stack));
  ASSERT_EQ(stack.size(), 2u);
  EXPECT_EQ(stack[0].as_int(), 7);
  EXPECT_EQ(stack[1].as_int(), 30);
}

TEST(RunInstructionTest, KeywordCallBindsNames) {
  VM vm;
  FunctionObject* g = DefineFunction(vm,
                                     "def h(x, k=0):\n    return x * 10 + k\n"
                                     "def g(x):\n    return h(x, k=2)\n",
                                     "g");
  const Value* h = DictGetStr(g->globals.get(), "h");
  ASSERT_NE(h, nullptr);
  std::vector<Value> stack = {*h, Value::Int(5), Value::Int(2), NewTuple({NewStr("k")})};
  ASSERT_TRUE(vm.RunInstruction(g, FindOp(g, Opcode::kCallKw), &stack));
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].as_int(), 52);
}

TEST(RunInstructionTest, StoreSubscrWritesTheContainer) {
  VM vm;
  FunctionObject* f = DefineFunction(vm, "def f(d):\n    d['a'] = 3\n", "f");
  Value d = NewDict();
  std::vector<Value> stack = {Value::Int(3), d, NewStr("a")};
  ASSERT_TRUE(vm.RunInstruction(f, FindOp(f, Opcode::kStoreSubscr), &stack));
  EXPECT_TRUE(stack.empty());
  Value got = vm.GetItem(d, NewStr("a"));
  ASSERT_FALSE(got.is_null());
  EXPECT_EQ(got.as_int(), 3);
}

TEST(RunInstructionTest, ARaisingInstructionReturnsFalseWithTheException) {
  VM vm;
  FunctionObject* f = DefineFunction(vm, "def f(a, b):\n    return a + b\n", "f");
  std::vector<Value> stack = {Value::Int(1), NewStr("x")};
  EXPECT_FALSE(vm.RunInstruction(f, FindOp(f, Opcode::kBinary), &stack));
  ASSERT_TRUE(vm.HasException());
  EXPECT_TRUE(vm.ExceptionMatches(Types().type_error));
  vm.ClearException();
}

TEST(RunInstructionTest, InstructionsOfTheLoopAreRefused) {
  VM vm;
  FunctionObject* f = DefineFunction(vm, "def f(a):\n    return a\n", "f");
  std::vector<Value> stack = {Value::Int(1)};
  EXPECT_FALSE(vm.RunInstruction(f, FindOp(f, Opcode::kReturn), &stack));
  ASSERT_TRUE(vm.HasException());
  EXPECT_TRUE(vm.ExceptionMatches(Types().runtime_error));
  vm.ClearException();
}

}  // namespace
}  // namespace tc::script
