// __setattr__ / __delattr__ defined on a class (script or native) run for
// every attribute store and delete on its instances (`x.a = v`, setattr,
// `del x.a`); object.__setattr__ / object.__delattr__ and super() reach the
// default behaviour, properties included. Expected output from CPython 3.11.
#include <cctype>
#include <string>

#include "gtest/gtest.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

TEST(VmSetAttrHook, ScriptClasses) {
  RunResult r = RunSource(R"PY(class Rec:
    def __setattr__(self, name, value):
        print("set", name, value)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        print("del", name)
        object.__delattr__(self, name)


r = Rec()
r.x = 1
setattr(r, "y", 2)
print(r.x, r.y, r.__dict__)
del r.x
print(hasattr(r, "x"))
delattr(r, "y")


class Sub(Rec):
    def __init__(self):
        self.z = 3


s = Sub()
print(s.z)


class Frozen:
    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is frozen")


f = Frozen()
try:
    f.a = 1
except AttributeError as e:
    print(e)


class Prop:
    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, x):
        object.__setattr__(self, "_v", x * 2)

    def __setattr__(self, n, x):
        print("hook", n)
        object.__setattr__(self, n, x)


p = Prop()
p.v = 5
print(p.v)
try:
    del r.nope
except AttributeError as e:
    print(e)
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, R"OUT(set x 1
set y 2
1 2 {'x': 1, 'y': 2}
del x
False
del y
set z 3
3
Frozen is frozen
hook v
10
del nope
'Rec' object has no attribute 'nope'
)OUT");
}

// A native type whose __setattr__ stores names upper-cased.
Value UpperSetAttr(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__setattr__", 2, 2)) return {};
  const std::string* n = StrValue(args[0]);
  if (n == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  std::string upper = *n;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (!vm.GenericSetAttr(self, Intern(upper), args[1])) return {};
  return Value::None();
}
constexpr MethodDef kUpperMethods[] = {{"__setattr__", UpperSetAttr}};

bool InitSetAttrDemo(VM&, ModuleObject* m) {
  static Type* t = [] {
    TypeSpec spec;
    spec.name = "Upper";
    spec.module = "setattr_demo";
    spec.methods = kUpperMethods;
    spec.alloc = [](Type* cls) -> Object* { return new Object(cls); };
    spec.flags = Type::kBaseType | Type::kInstanceDict;
    return NewNativeType(spec);
  }();
  AddType(m, t);
  return true;
}

TEST(VmSetAttrHook, NativeTypeAndScriptSubclass) {
  RegisterBuiltinModule("setattr_demo", InitSetAttrDemo);
  RunResult r = RunSource(R"PY(from setattr_demo import Upper
u = Upper()
u.abc = 1
setattr(u, "xy", 2)
print(u.ABC, u.XY, hasattr(u, "abc"))
class Mine(Upper):
    def __init__(self):
        self.value = 7
print(Mine().VALUE)
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, "1 2 False\n7\n");
}

}  // namespace
}  // namespace tc::script
