// Native data methods: one C++ function serving several methods, each with
// its own data, which survives binding to an instance (bound, unbound and
// stored bound-method calls, subclasses, plain module functions).
#include <string>

#include "gtest/gtest.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

// Returns "<data>:<type of self>:<argument count>".
Value Tagged(VM&, const Value& self, const ArgsView& args, const Value& data) {
  return NewStr(*StrValue(data) + ":" + std::string(TypeName(self)) + ":" +
                std::to_string(args.nargs));
}

bool InitDataDemo(VM&, ModuleObject* m) {
  static Type* t = [] {
    TypeSpec spec;
    spec.name = "Box";
    spec.module = "data_demo";
    spec.alloc = [](Type* cls) -> Object* { return new Object(cls); };
    spec.flags = Type::kBaseType | Type::kInstanceDict;
    Type* t = NewNativeType(spec);
    TypeSet(t, "first", NewNativeDataMethod(t, "first", Tagged, NewStr("one")));
    TypeSet(t, "second", NewNativeDataMethod(t, "second", Tagged, NewStr("two")));
    return t;
  }();
  AddType(m, t);
  ModuleSet(m, "plain", NewNativeDataMethod(nullptr, "plain", Tagged, NewStr("fn")));
  return true;
}

TEST(VmNativeData, DataSurvivesBinding) {
  RegisterBuiltinModule("data_demo", InitDataDemo);
  RunResult r = RunSource(R"PY(from data_demo import Box, plain
b = Box()
m = b.second
print(b.first(), b.second(1, 2), m(), Box.first(b, 5))
class Sub(Box):
    pass
print(Sub().first(), plain(1), plain)
Box.first(3)
)PY");
  EXPECT_EQ(r.out, R"OUT(one:Box:0 two:Box:2 two:Box:0 one:Box:1
one:Sub:0 fn:NoneType:1 <built-in function plain>
)OUT");
  EXPECT_EQ(r.error, R"ERR(Traceback (most recent call last):
  File "t.py", line 8, in <module>
    Box.first(3)
TypeError: descriptor 'first' for 'Box' objects doesn't apply to a 'int' object
)ERR");
}

}  // namespace
}  // namespace tc::script
