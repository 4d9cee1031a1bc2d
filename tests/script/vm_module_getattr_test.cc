// Module attribute fallbacks: a `__getattr__` function in a module's dict
// (PEP 562) answers names the module lacks, for attribute access,
// hasattr/getattr and `from m import name`; native module subtypes (how
// the torch modules add their own fallback) work with `from ... import`.
#include <string>

#include "gtest/gtest.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

// lazy.__getattr__: names starting with "x" exist, others do not.
Value LazyGetAttr(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getattr__", 1, 1)) return {};
  const std::string* n = StrValue(args[0]);
  if (n != nullptr && !n->empty() && (*n)[0] == 'x') return NewStr("lazy:" + *n);
  return RaiseAttributeError(vm, "module 'lazy' has no attribute '" + (n ? *n : "?") + "'");
}

bool InitLazy(VM&, ModuleObject* m) {
  ModuleSet(m, "plain", Value::Int(1));
  ModuleSet(m, "__getattr__", NewNativeFunction("__getattr__", LazyGetAttr));
  return true;
}

// A native subtype of `module` whose type-level __getattr__ answers "y*".
Value SubGetAttr(VM& vm, const Value& self, const ArgsView& args) {
  const std::string* n = args.nargs == 1 ? StrValue(args[0]) : nullptr;
  if (n != nullptr && !n->empty() && (*n)[0] == 'y') {
    return NewStr(Cast<ModuleObject>(self)->name + ":" + *n);
  }
  return RaiseAttributeError(vm, "no " + (n ? *n : "?"));
}
constexpr MethodDef kSubMethods[] = {{"__getattr__", SubGetAttr}};

bool InitModSub(VM&, ModuleObject* m) {
  static Type* t = [] {
    TypeSpec spec;
    spec.name = "module";
    spec.module = "builtins";
    spec.base = Types().module;
    spec.methods = kSubMethods;
    spec.flags = Type::kInstanceDict;
    return NewNativeType(spec);
  }();
  m->type = t;
  ModuleSet(m, "plain", Value::Int(2));
  return true;
}

class VmModuleGetAttr : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    RegisterBuiltinModule("lazy", InitLazy);
    RegisterBuiltinModule("modsub", InitModSub);
  }
};

TEST_F(VmModuleGetAttr, ModuleDictGetAttr) {
  RunResult r = RunSource(R"PY(import lazy
print(lazy.plain, lazy.xval, getattr(lazy, "xo"), hasattr(lazy, "xq"), hasattr(lazy, "nope"))
print(getattr(lazy, "nope", "default"))
from lazy import xfrom, plain
print(xfrom, plain)
try:
    from lazy import nope
except ImportError as e:
    print("ImportError:", e)
lazy.nope
)PY");
  EXPECT_EQ(r.out, R"OUT(1 lazy:xval lazy:xo True False
default
lazy:xfrom 1
ImportError: cannot import name 'nope' from 'lazy' (unknown location)
)OUT");
  EXPECT_EQ(r.error, R"ERR(Traceback (most recent call last):
  File "t.py", line 10, in <module>
    lazy.nope
AttributeError: module 'lazy' has no attribute 'nope'
)ERR");
}

TEST_F(VmModuleGetAttr, NativeModuleSubtype) {
  RunResult r = RunSource(R"PY(import modsub
from modsub import plain, yes
print(plain, yes, modsub.yak, modsub.__name__, hasattr(modsub, "no"))
modsub.extra = 3
print(modsub.extra, type(modsub).__name__)
try:
    from modsub import other
except ImportError as e:
    print("ImportError:", e)
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, R"OUT(2 modsub:yes modsub:yak modsub False
3 module
ImportError: cannot import name 'other' from 'modsub' (unknown location)
)OUT");
}

}  // namespace
}  // namespace tc::script
