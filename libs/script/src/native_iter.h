// Helpers for iterator types written in C++ (itertools, collections.deque's
// iterators): a `__next__` that reports exhaustion as StopIteration, and
// the type factory that gives such a type `__iter__` returning itself.
//
// A native iterator implements one function, `Value Next(VM&, const Value&
// self)`, returning the next item, or null with no exception set when the
// iterator is exhausted, or null with an exception set on error: the
// contract of VM::Next, so loops over it pay for no StopIteration object.
#ifndef TC_SCRIPT_SRC_NATIVE_ITER_H_
#define TC_SCRIPT_SRC_NATIVE_ITER_H_

#include <span>

#include "tc/script/native.h"

namespace tc::script {

using IterNextFn = Value (*)(VM& vm, const Value& self);

// Sets StopIteration() as the pending exception; returns null.
Value RaiseStopIteration(VM& vm);

// `__next__` for an IterNextFn: turns plain exhaustion into StopIteration.
template <IterNextFn kNext>
Value NativeIterNext(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__next__", 0, 0)) return {};
  Value v = kNext(vm, self);
  if (v.is_null() && !vm.HasException()) return RaiseStopIteration(vm);
  return v;
}

// `__iter__` returning self.
Value NativeIterSelf(VM& vm, const Value& self, const ArgsView& args);

// A native iterator type `module.name` whose instances are made by
// `new_fn` (called with self = the class) and advanced by `next_fn`;
// `methods` adds more (e.g. `__repr__`, `__copy__`).
Type* NewNativeIterType(const char* name, const char* module, NativeFn new_fn, NativeFn next_fn,
                        std::span<const MethodDef> methods = {});

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_NATIVE_ITER_H_
