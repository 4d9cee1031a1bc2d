// The _thread module, native in CPython too: the part single-threaded
// scripts and CPython's own modules reach (reprlib's recursive_repr keys
// its guard by get_ident(); threading.py, which logging imports, binds the
// locks and start functions of module_thread_locks.cc). tc runs one thread
// per VM, so the identity is the calling OS thread's, as in CPython;
// starting threads is not supported.
#include <pthread.h>
#include <unistd.h>

#include "module_thread_locks.h"
#include "module_unsupported.h"
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

// CPython 3.11's names that tc does not have. _excepthook,
// _ExceptHookArgs and _local stay missing (ImportError), so threading.py
// uses its pure-Python versions of them.
constexpr const char* kUnsupportedNames[] = {"interrupt_main"};

}  // namespace

bool InitThreadModule(VM&, ModuleObject* m) {
  AddFunctions(m, kFunctions);
  // As CPython: _thread.error is RuntimeError.
  ModuleSet(m, "error", Value::Borrow(Types().runtime_error));
  AddThreadLocks(m);
  AddUnsupportedNames(m, kUnsupportedNames);
  return true;
}

}  // namespace tc::script
