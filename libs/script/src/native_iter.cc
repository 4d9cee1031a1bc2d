// Native iterator types (native_iter.h).
#include "native_iter.h"

#include <vector>

#include "vm_internal.h"

namespace tc::script {

Value RaiseStopIteration(VM& vm) {
  vm.SetException(NewExceptionArgs(Types().stop_iteration, NewTuple({})));
  return Value();
}

Value NativeIterSelf(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__iter__", 0, 0)) return {};
  return self;
}

Type* NewNativeIterType(const char* name, const char* module, NativeFn new_fn, NativeFn next_fn,
                        std::span<const MethodDef> methods) {
  std::vector<MethodDef> defs = {{"__iter__", NativeIterSelf}, {"__next__", next_fn}};
  if (new_fn != nullptr) defs.push_back({"__new__", new_fn});
  defs.insert(defs.end(), methods.begin(), methods.end());
  return NewNativeType({.name = name, .module = module, .methods = defs});
}

}  // namespace tc::script
