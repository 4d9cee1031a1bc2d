// hasattr() and getattr(o, name, default) treat an attribute that the real
// library has but tc does not support (a NotImplementedError marked with
// MarkUnsupportedAttribute, as torch's module fallback raises) as missing,
// while accessing it still raises NotImplementedError; other exceptions
// still propagate.
#include <string>

#include "gtest/gtest.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

Value FakeTorchGetAttr(VM& vm, const Value&, const ArgsView& args) {
  const std::string* n = args.nargs == 1 ? StrValue(args[0]) : nullptr;
  if (n != nullptr && *n == "fft") {
    RaiseNotImplementedError(vm, "faketorch.fft is not supported by tc");
    return MarkUnsupportedAttribute(vm);
  }
  if (n != nullptr && *n == "broken") return RaiseNotImplementedError(vm, "broken");
  return RaiseAttributeError(vm, "module 'faketorch' has no attribute '" + (n ? *n : "?") + "'");
}

bool InitFakeTorch(VM&, ModuleObject* m) {
  ModuleSet(m, "__getattr__", NewNativeFunction("__getattr__", FakeTorchGetAttr));
  ModuleSet(m, "ok", Value::Bool(true));
  return true;
}

TEST(VmHasAttr, UnsupportedAttributeIsMissing) {
  RegisterBuiltinModule("faketorch", InitFakeTorch);
  RunResult r = RunSource(R"PY(import faketorch
print(hasattr(faketorch, "ok"), hasattr(faketorch, "fft"), hasattr(faketorch, "zzz"))
print(getattr(faketorch, "fft", None))
try:
    hasattr(faketorch, "broken")
except NotImplementedError as e:
    print("NotImplementedError:", e)
faketorch.fft
)PY");
  EXPECT_EQ(r.out, R"OUT(True False False
None
NotImplementedError: broken
)OUT");
  EXPECT_EQ(r.error, R"ERR(Traceback (most recent call last):
  File "t.py", line 8, in <module>
    faketorch.fft
NotImplementedError: faketorch.fft is not supported by tc
)ERR");
}

}  // namespace
}  // namespace tc::script
