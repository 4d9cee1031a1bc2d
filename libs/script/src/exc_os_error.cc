// OSError's construction, subclasses and str (exc_os_error.h).
#include "exc_os_error.h"

#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

// CPython's errnomap (Objects/exceptions.c): the OSError subclass of each
// errno that has one.
struct ErrnoSubclass {
  int err;
  Type* BuiltinTypes::*type;
};
constexpr ErrnoSubclass kErrnoSubclasses[] = {
    {EAGAIN, &BuiltinTypes::blocking_io_error},
    {EALREADY, &BuiltinTypes::blocking_io_error},
    {EINPROGRESS, &BuiltinTypes::blocking_io_error},
    {ECHILD, &BuiltinTypes::child_process_error},
    {EPIPE, &BuiltinTypes::broken_pipe_error},
    {ESHUTDOWN, &BuiltinTypes::broken_pipe_error},
    {ECONNABORTED, &BuiltinTypes::connection_aborted_error},
    {ECONNREFUSED, &BuiltinTypes::connection_refused_error},
    {ECONNRESET, &BuiltinTypes::connection_reset_error},
    {EEXIST, &BuiltinTypes::file_exists_error},
    {ENOENT, &BuiltinTypes::file_not_found_error},
    {EINTR, &BuiltinTypes::interrupted_error},
    {EISDIR, &BuiltinTypes::is_a_directory_error},
    {ENOTDIR, &BuiltinTypes::not_a_directory_error},
    {EACCES, &BuiltinTypes::permission_error},
    {EPERM, &BuiltinTypes::permission_error},
    {ESRCH, &BuiltinTypes::process_lookup_error},
    {ETIMEDOUT, &BuiltinTypes::timeout_error},
};

Type* SubclassForErrno(int64_t err) {
  for (const auto& [e, type] : kErrnoSubclasses) {
    if (e == err) return Types().*type;
  }
  return nullptr;
}

// OSError(errno, strerror, ...) made by OSError itself is an instance of
// the errno's subclass.
Value OSErrorNew(VM&, const Value& cls, const ArgsView& args) {
  Type* t = static_cast<Type*>(cls.as_object());
  if (t == Types().os_error && args.nargs >= 2 && args.nargs <= 5 && args[0].is_int()) {
    if (Type* sub = SubclassForErrno(args[0].as_int())) t = sub;
  }
  return Value::Adopt(t->alloc(t));
}

Value OSErrorInit(VM& vm, const Value& self, const ArgsView& args) {
  auto* e = Cast<ExceptionObject>(self);
  Value err = Value::None(), strerror = Value::None(), filename = Value::None(),
        filename2 = Value::None();
  if (args.nargs >= 2 && args.nargs <= 5) {
    err = args[0];
    strerror = args[1];
    if (args.nargs >= 3) filename = args[2];
    if (args.nargs == 5) filename2 = args[4];
    // With a filename, args keeps only (errno, strerror), as in CPython.
    e->args = args.nargs >= 3 ? NewTuple({args[0], args[1]})
                              : NewTuple(std::vector<Value>(args.data, args.data + 2));
  } else {
    e->args = NewTuple(std::vector<Value>(args.data, args.data + args.nargs));
  }
  return vm.SetAttr(self, "errno", err) && vm.SetAttr(self, "strerror", strerror) &&
                 vm.SetAttr(self, "filename", filename) && vm.SetAttr(self, "filename2", filename2)
             ? Value::None()
             : Value();
}

Value OSErrorStr(VM& vm, const Value& self, const ArgsView&) {
  Value err = vm.GetAttr(self, "errno");
  Value strerror = err.is_null() ? Value() : vm.GetAttr(self, "strerror");
  Value filename = strerror.is_null() ? Value() : vm.GetAttr(self, "filename");
  Value filename2 = filename.is_null() ? Value() : vm.GetAttr(self, "filename2");
  if (filename2.is_null()) return {};
  std::string e, s;
  if (!err.is_none() && !strerror.is_none()) {
    if (!vm.StrString(err, &e) || !vm.StrString(strerror, &s)) return {};
    std::string out = absl::StrFormat("[Errno %s] %s", e, s);
    if (!filename.is_none()) {
      std::string f;
      if (!vm.ReprString(filename, &f)) return {};
      absl::StrAppend(&out, ": ", f);
      if (!filename2.is_none()) {
        std::string f2;
        if (!vm.ReprString(filename2, &f2)) return {};
        absl::StrAppend(&out, " -> ", f2);
      }
    }
    return NewStr(out);
  }
  // Otherwise BaseException's str.
  auto* x = Cast<ExceptionObject>(self);
  const std::vector<Value>& items = Cast<TupleObject>(x->args)->items;
  if (items.empty()) return NewStr("");
  if (items.size() == 1) return vm.Str(items[0]);
  return vm.Str(x->args);
}

constexpr MethodDef kOSErrorMethods[] = {
    {"__new__", OSErrorNew}, {"__init__", OSErrorInit}, {"__str__", OSErrorStr}};

}  // namespace

void InitOSErrorTypes(BuiltinTypes& bt) {
  Type* os = bt.os_error;
  AddMethods(os, kOSErrorMethods);
  // Instances the VM raises without __init__ read None, as CPython's.
  for (const char* attr : {"errno", "strerror", "filename", "filename2"}) {
    DictSetStr(os->dict, attr, Value::None());
  }
  UpdateSlots(os);
  bt.blocking_io_error = NewExceptionType(bt, "BlockingIOError", os);
  bt.child_process_error = NewExceptionType(bt, "ChildProcessError", os);
  bt.connection_error = NewExceptionType(bt, "ConnectionError", os);
  bt.broken_pipe_error = NewExceptionType(bt, "BrokenPipeError", bt.connection_error);
  bt.connection_aborted_error = NewExceptionType(bt, "ConnectionAbortedError", bt.connection_error);
  bt.connection_refused_error = NewExceptionType(bt, "ConnectionRefusedError", bt.connection_error);
  bt.connection_reset_error = NewExceptionType(bt, "ConnectionResetError", bt.connection_error);
  bt.file_exists_error = NewExceptionType(bt, "FileExistsError", os);
  bt.file_not_found_error = NewExceptionType(bt, "FileNotFoundError", os);
  bt.interrupted_error = NewExceptionType(bt, "InterruptedError", os);
  bt.is_a_directory_error = NewExceptionType(bt, "IsADirectoryError", os);
  bt.not_a_directory_error = NewExceptionType(bt, "NotADirectoryError", os);
  bt.permission_error = NewExceptionType(bt, "PermissionError", os);
  bt.process_lookup_error = NewExceptionType(bt, "ProcessLookupError", os);
  bt.timeout_error = NewExceptionType(bt, "TimeoutError", os);
  // io.UnsupportedOperation derives from OSError and ValueError, as
  // CPython's; its MRO is C3's: OSError, ValueError, Exception, ...
  Type* u = NewExceptionType(bt, "UnsupportedOperation", os);
  u->module = "io";
  u->bases = {os, bt.value_error};
  u->mro.insert(u->mro.begin() + 2, bt.value_error);
  UpdateSlots(u);
  bt.unsupported_operation = u;
}

Value RaiseOSError(VM& vm, int err, const Value& filename, const Value& filename2) {
  std::vector<Value> args = {Value::Int(err), NewStr(std::strerror(err))};
  if (!filename.is_null()) {
    args.push_back(filename);
    if (!filename2.is_null()) {
      args.push_back(Value::None());
      args.push_back(filename2);
    }
  }
  Value exc = vm.Call(Value::Borrow(Types().os_error), ArgsView(args.data(), args.size()));
  if (exc.is_null()) return exc;
  vm.SetException(std::move(exc));
  return Value();
}

}  // namespace tc::script
