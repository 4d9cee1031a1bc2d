// The `functools` module: the native part (partial, reduce, cmp_to_key in
// functools_partial.cc; lru_cache and cache in functools_lru_cache.cc),
// then py/functools_wrappers.py (update_wrapper, wraps, total_ordering,
// cached_property, the WRAPPER_* tuples) run in the module's namespace.
// CPython's other names (partialmethod, singledispatch, ...) raise tc's
// NotImplementedError.
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"

#include "tc/script/compiler.h"
#include "tc/script/native.h"

#include "functools_internal.h"
#include "module_prelude.h"
#include "module_unsupported.h"
#include "script_embedded.h"
#include "vm_internal.h"

namespace tc::script {

// module_prelude.h
bool RunModulePrelude(VM& vm, ModuleObject* m, const EmbeddedFile& file) {
  absl::StatusOr<std::shared_ptr<const Code>> code = CompileSource(file.text, file.name);
  if (!code.ok()) {
    RaiseRuntimeError(vm, absl::StrFormat("%s prelude: %s", m->name, code.status().message()));
    return false;
  }
  return !vm.RunCode(*code, m->dict).is_null();
}

bool UpdateWrapper(VM& vm, const Value& wrapper, const Value& wrapped) {
  Value functools = vm.Import("functools");
  if (functools.is_null()) return false;
  Value update = vm.GetAttr(functools, "update_wrapper");
  if (update.is_null()) return false;
  return !vm.Call(update, {wrapper, wrapped}).is_null();
}

bool InitFunctoolsModule(VM& vm, ModuleObject* m) {
  AddFunctoolsPartial(m);
  AddFunctoolsLruCache(vm, m);
  if (!RunModulePrelude(vm, m, kFunctoolsWrappersPy)) return false;
  static constexpr const char* kUnsupported[] = {"partialmethod", "singledispatch",
                                                 "singledispatchmethod"};
  AddUnsupportedNames(m, kUnsupported);
  return true;
}

}  // namespace tc::script
