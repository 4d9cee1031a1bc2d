// _thread.allocate_lock / LockType and RLock for a VM that runs one
// thread (what tempfile, functools and logging take around their shared
// state): acquire(blocking=True, timeout=-1), release, locked, `with`,
// with CPython's errors. With one thread, a lock that is held can only be
// waited for by its holder: a blocking acquire of it with no timeout would
// wait forever in CPython; tc raises RuntimeError instead of hanging, and
// a timed or non-blocking one returns False at once.
#include "thread_lock.h"

#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

struct LockObject : Object {
  explicit LockObject(Type* t) : Object(t) {}
  int64_t count = 0;  // a Lock: 0 or 1; an RLock: the recursion depth
};

LockObject* L(const Value& v) { return Cast<LockObject>(v); }

template <bool kReentrant>
Value Acquire(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"blocking", "timeout"};
  Value a[2];
  if (!ParseArgs(vm, args, "acquire", kNames, 0, a)) return {};
  int blocking = a[0].is_null() ? 1 : vm.Truthy(a[0]);
  if (blocking < 0) return {};
  double timeout = -1;
  if (!a[1].is_null() && !ToFloat(vm, a[1], &timeout)) return {};
  if (!blocking && timeout != -1) {
    return RaiseValueError(vm, "can't specify a timeout for a non-blocking call");
  }
  if (timeout < 0 && timeout != -1) {
    return RaiseValueError(vm, "timeout value must be a non-negative number");
  }
  LockObject* l = L(self);
  if (kReentrant || l->count == 0) {
    ++l->count;
    return Value::Bool(true);
  }
  if (!blocking || timeout >= 0) return Value::Bool(false);
  return RaiseRuntimeError(vm, "deadlock: acquiring a held lock in tc's single thread");
}
template <bool kReentrant>
Value Release(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "release", 0, 0)) return {};
  LockObject* l = L(self);
  if (l->count == 0) {
    return RaiseRuntimeError(
        vm, kReentrant ? "cannot release un-acquired lock" : "release unlocked lock");
  }
  --l->count;
  return Value::None();
}
Value Exit(VM& vm, const Value& self, const ArgsView&) {
  LockObject* l = L(self);
  if (l->count > 0) --l->count;
  (void)vm;
  return Value::None();
}
Value Locked(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "locked", 0, 0)) return {};
  return Value::Bool(L(self)->count > 0);
}
template <bool kReentrant>
Value Repr(VM&, const Value& self, const ArgsView&) {
  LockObject* l = L(self);
  if (kReentrant) {
    return NewStr(absl::StrFormat("<%s _thread.RLock object owner=%d count=%d at %p>",
                                  l->count > 0 ? "locked" : "unlocked", 0, l->count,
                                  self.as_object()));
  }
  return NewStr(absl::StrFormat("<%s _thread.lock object at %p>",
                                l->count > 0 ? "locked" : "unlocked", self.as_object()));
}

constexpr MethodDef kLockMethods[] = {{"acquire", Acquire<false>},
                                      {"release", Release<false>},
                                      {"__enter__", Acquire<false>},
                                      {"__exit__", Exit},
                                      {"locked", Locked},
                                      {"acquire_lock", Acquire<false>},
                                      {"release_lock", Release<false>},
                                      {"__repr__", Repr<false>}};
constexpr MethodDef kRLockMethods[] = {{"acquire", Acquire<true>},
                                       {"release", Release<true>},
                                       {"__enter__", Acquire<true>},
                                       {"__exit__", Exit},
                                       {"__repr__", Repr<true>}};

Object* AllocLock(Type* c) { return new LockObject(c); }

Value AllocateLock(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "allocate_lock", 0, 0)) return {};
  return NewObject<LockObject>(LockType());
}

constexpr MethodDef kFunctions[] = {{"allocate_lock", AllocateLock}, {"allocate", AllocateLock}};

}  // namespace

Type* LockType() {
  static Type* t = NewNativeType(
      {.name = "lock", .module = "_thread", .methods = kLockMethods, .alloc = AllocLock});
  return t;
}

Type* RLockType() {
  static Type* t = NewNativeType({.name = "RLock",
                                  .module = "_thread",
                                  .methods = kRLockMethods,
                                  .alloc = AllocLock,
                                  .flags = Type::kBaseType});
  return t;
}

void AddThreadLocks(ModuleObject* m) {
  AddFunctions(m, kFunctions);
  ModuleSet(m, "LockType", Value::Borrow(LockType()));
  ModuleSet(m, "RLock", Value::Borrow(RLockType()));
}

}  // namespace tc::script
