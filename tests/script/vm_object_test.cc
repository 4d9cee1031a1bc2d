// Object-model and embedding tests: a native module with a subclassable
// native type (the pattern torch.nn.Module uses), calling back into script,
// the eval-frame hook, hand-assembled code, and error texts.
#include <string>

#include "gtest/gtest.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

struct CounterObject : Object {
  explicit CounterObject(Type* t) : Object(t) {}
  int64_t n = 0;
};
Type* g_counter_type = nullptr;

Value CounterInit(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"start"};
  Value a[1];
  if (!ParseArgs(vm, args, "Counter", kNames, 0, a)) return {};
  int64_t start = 0;
  if (!a[0].is_null() && !ToInt(vm, a[0], &start)) return {};
  Cast<CounterObject>(self)->n = start;
  return Value::None();
}
Value CounterBump(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "bump", 0, 0)) return {};
  return Value::Int(++Cast<CounterObject>(self)->n);
}
Value CounterAdd(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__add__", 1, 1)) return {};
  if (!args[0].is_int()) return NotImplementedValue();
  return Value::Int(Cast<CounterObject>(self)->n + args[0].as_int());
}
Value CounterN(VM&, const Value& self) { return Value::Int(Cast<CounterObject>(self)->n); }
bool CounterSetN(VM& vm, const Value& self, const Value& v) {
  int64_t n;
  if (!ToInt(vm, v, &n)) return false;
  Cast<CounterObject>(self)->n = n;
  return true;
}
// Calls a script callable with keyword arguments.
Value ApplyTwice(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "apply_twice", 2, 2)) return {};
  Value once = vm.Call(args[0], {args[1]});
  if (once.is_null()) return once;
  std::pair<std::string_view, Value> kw[] = {{"x", once}};
  return vm.CallKw(args[0], {}, kw);
}
Value Fail(VM& vm, const Value& self, const ArgsView&) {
  return RaiseNotImplementedError(vm, absl::StrCat(*StrValue(self), " is not supported by tc"));
}

constexpr MethodDef kCounterMethods[] = {
    {"__init__", CounterInit}, {"bump", CounterBump}, {"__add__", CounterAdd}};
constexpr GetSetDef kCounterProps[] = {{"n", CounterN, CounterSetN}};
constexpr MethodDef kDemoFunctions[] = {{"apply_twice", ApplyTwice}};

bool InitDemo(VM&, ModuleObject* m) {
  if (g_counter_type == nullptr) {
    TypeSpec spec;
    spec.name = "Counter";
    spec.module = "demo";
    spec.methods = kCounterMethods;
    spec.getsets = kCounterProps;
    spec.alloc = [](Type* cls) -> Object* { return new CounterObject(cls); };
    spec.flags = Type::kBaseType | Type::kInstanceDict;
    g_counter_type = NewNativeType(spec);
  }
  AddType(m, g_counter_type);
  AddFunctions(m, kDemoFunctions);
  ModuleSet(m, "answer", Value::Int(42));
  ModuleSet(m, "unsupported", NewNativeFunction("unsupported", Fail, NewStr("demo.unsupported")));
  return true;
}
bool InitDemoSub(VM&, ModuleObject* m) {
  ModuleSet(m, "value", NewStr("sub"));
  return true;
}

class VmObjectTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    RegisterBuiltinModule("demo", InitDemo);
    RegisterBuiltinModule("demo.sub", InitDemoSub);
  }
};

TEST_F(VmObjectTest, NativeModuleAndSubclass) {
  RunResult r = RunSource(R"PY(
import demo
from demo import Counter, answer
import demo.sub
c = Counter(5)
print(c.bump(), c.n, c + 10, answer, demo.sub.value, type(c).__name__)
c.n = 1
print(c.n)
class Mine(demo.Counter):
    def __init__(self):
        super().__init__(start=100)
        self.extra = "x"
    def bump(self):
        return super().bump() * 2
m = Mine()
print(m.bump(), m.n, m.extra, isinstance(m, Counter), m + 1)
print(demo.apply_twice(lambda x: x * 3, 2))
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, "6 6 16 42 sub Counter\n1\n202 101 x True 102\n18\n");
}

TEST_F(VmObjectTest, NativeErrors) {
  RunResult r = RunSource("import demo\ndemo.Counter(1, 2)\n");
  EXPECT_EQ(r.error,
            "Traceback (most recent call last):\n  File \"t.py\", line 2, in <module>\n"
            "    demo.Counter(1, 2)\nTypeError: Counter() takes at most 1 argument (2 given)\n");
  r = RunSource("import demo\ndemo.unsupported()\n");
  EXPECT_EQ(
      r.error,
      "Traceback (most recent call last):\n  File \"t.py\", line 2, in <module>\n"
      "    demo.unsupported()\nNotImplementedError: demo.unsupported is not supported by tc\n");
  r = RunSource("import demo.nothing\n");
  EXPECT_EQ(
      r.error,
      "Traceback (most recent call last):\n  File \"t.py\", line 1, in <module>\n"
      "    import demo.nothing\nModuleNotFoundError: No module named 'demo.nothing'; 'demo' is not "
      "a package\n");
  r = RunSource("demo = 1\nCounter(1) + 'x'\n");
  EXPECT_NE(r.error.find("NameError: name 'Counter' is not defined"), std::string::npos);
}

TEST_F(VmObjectTest, CallFromNative) {
  VM vm;
  RunResult r = RunSource(vm, "def f(a, b=10):\n    return a * b\n");
  ASSERT_EQ(r.error, "");
  Value mod = vm.Import("__main__");
  ASSERT_FALSE(mod.is_null());
  Value f = vm.GetAttr(mod, "f");
  ASSERT_FALSE(f.is_null());
  Value v = vm.Call(f, {Value::Int(3)});
  ASSERT_TRUE(v.is_int());
  EXPECT_EQ(v.as_int(), 30);
  Value args[] = {Value::Int(2)};
  std::pair<std::string_view, Value> kw[] = {{"b", Value::Int(7)}};
  v = vm.CallKw(f, args, kw);
  EXPECT_EQ(v.as_int(), 14);
  v = vm.Call(f, {});
  EXPECT_TRUE(v.is_null());
  EXPECT_TRUE(vm.ExceptionMatches(Types().type_error));
  EXPECT_EQ(vm.FormatException(vm.TakeException()),
            "TypeError: f() missing 1 required positional argument: 'a'\n");
}

struct HookState {
  int calls = 0;
  bool handle = false;
};
FrameHookAction CountingHook(VM&, void* data, const FrameHookCall& call, Value* result) {
  auto* s = static_cast<HookState*>(data);
  ++s->calls;
  if (s->handle && call.function->name->value == "square") {
    // Run it "our own way": return the argument plus 1000.
    *result = Value::Int(call.params[0].as_int() + 1000);
    return FrameHookAction::kHandled;
  }
  return FrameHookAction::kRun;
}

TEST_F(VmObjectTest, FrameHook) {
  VM vm;
  HookState state;
  vm.SetFrameHook(CountingHook, &state);
  RunResult r = RunSource(vm, "def square(x):\n    return x * x\nprint(square(3), square(4))\n");
  EXPECT_EQ(r.out, "9 16\n");
  EXPECT_EQ(state.calls, 2);
  state.handle = true;
  r = RunSource(vm, "def square(x):\n    return x * x\nprint(square(3))\n");
  EXPECT_EQ(r.out, "1003\n");
  vm.SetFrameHook(nullptr, nullptr);
  r = RunSource(vm, "def square(x):\n    return x * x\nprint(square(5))\n");
  EXPECT_EQ(r.out, "25\n");
}

TEST_F(VmObjectTest, HandAssembledCode) {
  // x = 2; print(x * 21)
  auto code = std::make_shared<Code>();
  code->name = "<module>";
  code->qualname = "<module>";
  code->filename = "asm.py";
  code->flags = Code::kModule;
  code->consts = {int64_t{2}, int64_t{21}, ConstNone{}};
  code->names = {"x", "print"};
  code->instructions = {
      {Opcode::kLoadConst, 0},  {Opcode::kStoreGlobal, 0},
      {Opcode::kLoadGlobal, 1}, {Opcode::kLoadGlobal, 0},
      {Opcode::kLoadConst, 1},  {Opcode::kBinary, static_cast<int32_t>(BinaryOp::kMul)},
      {Opcode::kCall, 1},       {Opcode::kPop, 0},
      {Opcode::kLoadConst, 2},  {Opcode::kReturn, 0}};
  code->locations.assign(code->instructions.size(), SourceLoc{1, 1, 1, 2});
  code->max_stack = 4;
  VM vm;
  std::string out;
  vm.SetOutput(&out);
  Value m = vm.RunModule(code, "__main__");
  ASSERT_FALSE(m.is_null()) << vm.FormatException(vm.exception());
  EXPECT_EQ(out, "42\n");
}

TEST_F(VmObjectTest, ValuesAndContainers) {
  VM vm;
  Value l =
      NewList({Value::Int(1), NewStr("a"), Value::Float(0.5), Value::None(), Value::Bool(true)});
  std::string s;
  ASSERT_TRUE(vm.ReprString(l, &s));
  EXPECT_EQ(s, "[1, 'a', 0.5, None, True]");
  Value d = NewDict();
  ASSERT_TRUE(DictSet(vm, Cast<DictObject>(d), NewStr("k"), Value::Int(1)));
  ASSERT_TRUE(DictSet(vm, Cast<DictObject>(d), Value::Int(2), NewTuple({})));
  ASSERT_TRUE(vm.ReprString(d, &s));
  EXPECT_EQ(s, "{'k': 1, 2: ()}");
  Value out;
  EXPECT_EQ(DictGet(vm, Cast<DictObject>(d), Value::Float(2.0), &out), 1);
  EXPECT_EQ(DictGet(vm, Cast<DictObject>(d), l, &out), -1);  // unhashable
  EXPECT_EQ(vm.FormatException(vm.TakeException()), "TypeError: unhashable type: 'list'\n");
  EXPECT_EQ(Intern("abc"), Intern(std::string("ab") + "c"));
  // Past int64 an int becomes a big int, of the same type.
  Value r = vm.Binary(BinaryOp::kAdd, Value::Int(INT64_MAX), Value::Int(1));
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r.type(), Types().int_);
  ASSERT_TRUE(vm.ReprString(r, &s));
  EXPECT_EQ(s, "9223372036854775808");
}

TEST_F(VmObjectTest, RecursionLimit) {
  RunResult r = RunSource("def f(n):\n    return f(n + 1)\nf(0)\n");
  EXPECT_NE(r.error.find("RecursionError: maximum recursion depth exceeded"), std::string::npos);
}

TEST_F(VmObjectTest, IntsGrowPastInt64) {
  RunResult r =
      RunSource("x = 2 ** 62\nprint(x)\ny = x * 4\nprint(y, type(y) is int, y // 4 == x)\n");
  EXPECT_EQ(r.out, "4611686018427387904\n18446744073709551616 True True\n") << r.error;
}

}  // namespace
}  // namespace tc::script
