// _thread's locks (lock and RLock) and the thread-start entry points that
// CPython's threading.py binds at import. tc runs one thread per VM: a lock
// another acquisition would wait for forever raises RuntimeError instead of
// hanging, and a timed wait sleeps its timeout, since no other thread can
// release it.
#include "module_thread_locks.h"

#include <pthread.h>
#include <time.h>

#include <cmath>

#include "absl/strings/str_format.h"

#include "module_unsupported.h"
#include "vm_internal.h"

namespace tc::script {
namespace {

struct LockObject : Object {
  explicit LockObject(Type* t) : Object(t) {}
  bool locked = false;
  int64_t owner = 0;  // RLock: the owning thread's ident
  int64_t count = 0;  // RLock: recursion depth
};

LockObject* L(const Value& v) { return static_cast<LockObject*>(v.as_object()); }

int64_t Ident() { return static_cast<int64_t>(pthread_self()); }

// acquire(blocking=True, timeout=-1): *wait is false when the caller may
// not wait, else the timeout (negative: forever).
bool AcquireArgs(VM& vm, const ArgsView& args, bool* blocking, double* timeout) {
  static constexpr const char* kNames[] = {"blocking", "timeout"};
  Value a[2];
  if (!ParseArgs(vm, args, "acquire", kNames, 0, a)) return false;
  *blocking = true;
  *timeout = -1;
  if (!a[0].is_null()) {
    int t = vm.Truthy(a[0]);
    if (t < 0) return false;
    *blocking = t != 0;
  }
  if (!a[1].is_null() && !ToFloat(vm, a[1], timeout)) return false;
  if (!*blocking && *timeout != -1) {
    RaiseValueError(vm, "can't specify a timeout for a non-blocking call");
    return false;
  }
  if (*timeout < 0 && *timeout != -1) {
    RaiseValueError(vm, "timeout value must be a non-negative number");
    return false;
  }
  return true;
}

// The wait for a lock no other thread can release.
Value WaitForever(VM& vm, bool blocking, double timeout) {
  if (!blocking) return Value::Bool(false);
  if (timeout < 0) {
    return RaiseRuntimeError(vm, "deadlock: the lock is held and tc runs a single thread");
  }
  timespec ts;
  ts.tv_sec = static_cast<time_t>(timeout);
  ts.tv_nsec = static_cast<long>((timeout - std::floor(timeout)) * 1e9);
  nanosleep(&ts, nullptr);
  return Value::Bool(false);
}

Value LockAcquire(VM& vm, const Value& self, const ArgsView& args) {
  bool blocking;
  double timeout;
  if (!AcquireArgs(vm, args, &blocking, &timeout)) return {};
  LockObject* l = L(self);
  if (!l->locked) {
    l->locked = true;
    return Value::Bool(true);
  }
  return WaitForever(vm, blocking, timeout);
}

Value LockRelease(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "release", 0, 0)) return {};
  LockObject* l = L(self);
  if (!l->locked) return RaiseRuntimeError(vm, "release unlocked lock");
  l->locked = false;
  return Value::None();
}

Value LockExit(VM& vm, const Value& self, const ArgsView&) {
  return LockRelease(vm, self, ArgsView(nullptr, 0));
}

Value LockLocked(VM&, const Value& self, const ArgsView&) { return Value::Bool(L(self)->locked); }

Value LockReinit(VM&, const Value& self, const ArgsView&) {
  LockObject* l = L(self);
  l->locked = false;
  l->owner = l->count = 0;
  return Value::None();
}

Value LockRepr(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::StrFormat("<%s _thread.lock object at %#x>",
                                L(self)->locked ? "locked" : "unlocked",
                                reinterpret_cast<uintptr_t>(self.as_object())));
}

constexpr MethodDef kLockMethods[] = {
    {"acquire", LockAcquire}, {"acquire_lock", LockAcquire}, {"__enter__", LockAcquire},
    {"release", LockRelease}, {"release_lock", LockRelease}, {"__exit__", LockExit},
    {"locked", LockLocked},   {"locked_lock", LockLocked},   {"_at_fork_reinit", LockReinit},
    {"__repr__", LockRepr},
};

Value RLockNew(VM&, const Value& cls, const ArgsView&) {
  return Value::Adopt(new LockObject(static_cast<Type*>(cls.as_object())));
}

Value RLockAcquire(VM& vm, const Value& self, const ArgsView& args) {
  bool blocking;
  double timeout;
  if (!AcquireArgs(vm, args, &blocking, &timeout)) return {};
  LockObject* l = L(self);
  if (l->count > 0 && l->owner != Ident()) return WaitForever(vm, blocking, timeout);
  l->owner = Ident();
  ++l->count;
  return Value::Bool(true);
}

Value RLockRelease(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "release", 0, 0)) return {};
  LockObject* l = L(self);
  if (l->count == 0 || l->owner != Ident()) {
    return RaiseRuntimeError(vm, "cannot release un-acquired lock");
  }
  if (--l->count == 0) l->owner = 0;
  return Value::None();
}

Value RLockExit(VM& vm, const Value& self, const ArgsView&) {
  return RLockRelease(vm, self, ArgsView(nullptr, 0));
}

Value RLockIsOwned(VM&, const Value& self, const ArgsView&) {
  return Value::Bool(L(self)->count > 0 && L(self)->owner == Ident());
}

Value RLockRecursionCount(VM&, const Value& self, const ArgsView&) {
  return Value::Int(L(self)->owner == Ident() ? L(self)->count : 0);
}

// _release_save(): fully releases, returning (count, owner) for
// _acquire_restore (Condition.wait).
Value RLockReleaseSave(VM& vm, const Value& self, const ArgsView&) {
  LockObject* l = L(self);
  if (l->count == 0) return RaiseRuntimeError(vm, "cannot release un-acquired lock");
  Value state = NewTuple({Value::Int(l->count), Value::Int(l->owner)});
  l->count = l->owner = 0;
  return state;
}

Value RLockAcquireRestore(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_acquire_restore", 1, 1)) return {};
  Value count = vm.GetItem(args[0], Value::Int(0));
  if (count.is_null()) return {};
  Value owner = vm.GetItem(args[0], Value::Int(1));
  if (owner.is_null()) return {};
  LockObject* l = L(self);
  if (l->count > 0 && l->owner != Ident()) return WaitForever(vm, true, -1);
  l->count = count.is_int() ? count.as_int() : 1;
  l->owner = owner.is_int() ? owner.as_int() : Ident();
  return Value::None();
}

Value RLockRepr(VM&, const Value& self, const ArgsView&) {
  LockObject* l = L(self);
  return NewStr(absl::StrFormat("<%s %s.%s object owner=%d count=%d at %#x>",
                                l->count > 0 ? "locked" : "unlocked", self.type()->module,
                                self.type()->name, l->owner, l->count,
                                reinterpret_cast<uintptr_t>(self.as_object())));
}

constexpr MethodDef kRLockMethods[] = {
    {"__new__", RLockNew},
    {"acquire", RLockAcquire},
    {"__enter__", RLockAcquire},
    {"release", RLockRelease},
    {"__exit__", RLockExit},
    {"_is_owned", RLockIsOwned},
    {"_recursion_count", RLockRecursionCount},
    {"_release_save", RLockReleaseSave},
    {"_acquire_restore", RLockAcquireRestore},
    {"_at_fork_reinit", LockReinit},
    {"__repr__", RLockRepr},
};

Type* LockType() {
  static Type* const kType =
      NewNativeType({.name = "lock", .module = "_thread", .methods = kLockMethods});
  return kType;
}

Type* RLockType() {
  static Type* const kType =
      NewNativeType({.name = "RLock",
                     .module = "_thread",
                     .methods = kRLockMethods,
                     .alloc = [](Type* cls) -> Object* { return new LockObject(cls); },
                     .flags = Type::kBaseType});
  return kType;
}

Value AllocateLock(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "allocate_lock", 0, 0)) return {};
  return Value::Adopt(new LockObject(LockType()));
}

Value StartNewThread(VM& vm, const Value&, const ArgsView&) {
  return RaiseUnsupportedName(vm, "_thread.start_new_thread");
}

// stack_size([size]): tc's threads have no settable stack; 0 is the default.
Value StackSize(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "stack_size", 0, 1)) return {};
  if (args.nargs == 1 && !(args[0].is_int() && args[0].as_int() == 0)) {
    return RaiseUnsupportedName(vm, "_thread.stack_size");
  }
  return Value::Int(0);
}

Value Count(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_count", 0, 0)) return {};
  return Value::Int(0);  // no thread started besides the main one
}

Value Exit(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "exit", 0, 0)) return {};
  vm.SetException(vm.NewException(Types().system_exit, ""));
  return {};
}

constexpr MethodDef kFunctions[] = {
    {"allocate_lock", AllocateLock},
    {"allocate", AllocateLock},
    {"_set_sentinel", AllocateLock},
    {"start_new_thread", StartNewThread},
    {"start_new", StartNewThread},
    {"stack_size", StackSize},
    {"_count", Count},
    {"exit", Exit},
    {"exit_thread", Exit},
};

}  // namespace

void AddThreadLocks(ModuleObject* m) {
  AddFunctions(m, kFunctions);
  ModuleSet(m, "LockType", Value::Borrow(LockType()));
  ModuleSet(m, "RLock", Value::Borrow(RLockType()));
  ModuleSet(m, "TIMEOUT_MAX", Value::Float(9223372036.0));
}

}  // namespace tc::script
