// The _thread module, native in CPython too: the part single-threaded
// scripts and CPython's own modules reach (reprlib's recursive_repr keys
// its guard by get_ident()). tc runs one thread per VM, so the identity
// is the calling OS thread's, as in CPython; locks are thread_lock.cc's;
// starting threads is not supported.
#include <pthread.h>
#include <unistd.h>

#include "module_unsupported.h"
#include "thread_lock.h"
#include "vm_internal.h"
#include <sys/syscall.h>

namespace tc::script {
namespace {

Value GetIdent(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "get_ident", 0, 0)) return {};
  return Value::Int(static_cast<int64_t>(pthread_self()));
}

Value GetNativeId(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "get_native_id", 0, 0)) return {};
  return Value::Int(static_cast<int64_t>(syscall(SYS_gettid)));
}

constexpr MethodDef kFunctions[] = {{"get_ident", GetIdent}, {"get_native_id", GetNativeId}};

// CPython 3.11's names that tc does not have.
constexpr const char* kUnsupportedNames[] = {
    "TIMEOUT_MAX",    "_ExceptHookArgs", "_count",    "_excepthook",
    "_local",         "_set_sentinel",   "exit",      "exit_thread",
    "interrupt_main", "stack_size",      "start_new", "start_new_thread",
};

}  // namespace

bool InitThreadModule(VM&, ModuleObject* m) {
  AddFunctions(m, kFunctions);
  AddThreadLocks(m);
  // As CPython: _thread.error is RuntimeError.
  ModuleSet(m, "error", Value::Borrow(Types().runtime_error));
  AddUnsupportedNames(m, kUnsupportedNames);
  return true;
}

}  // namespace tc::script
