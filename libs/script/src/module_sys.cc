// The sys module: argv, path, modules, the standard streams, exit, the
// interpreter's identity (version, version_info, implementation, platform,
// byteorder, executable, maxsize) and recursion limit, exc_info, as
// CPython 3.11 has them. tc claims the version of the reference CPython
// its goldens come from (3.11.7), in sys.version's shape ("3.11.7 (main)
// [tc]", which the platform module's parser accepts), and names itself in
// sys.implementation (name 'tc', cache_tag None: no bytecode caching), as
// an alternative implementation should.
#include <unistd.h>

#include <climits>
#include <cstdio>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "io_file.h"
#include "src/obj_bigint.h"
#include "struct_seq.h"
#include "sys_frame.h"
#include "sys_streams.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

constexpr int kMajor = 3, kMinor = 11, kMicro = 7;

Value SysExit(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "exit", 0, 1)) return {};
  std::vector<Value> a(args.data, args.data + args.nargs);
  vm.SetException(NewExceptionArgs(Types().system_exit, NewTuple(std::move(a))));
  return {};
}

// sys.audit(event, *args): tc has no audit hooks (sys.addaudithook is not
// supported), so an event reaches none, as in CPython without hooks.
Value Audit(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs < 1)
    return RaiseTypeError(vm, "audit() missing 1 required positional argument: 'event'");
  if (StrValue(args[0]) == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("expected str for argument 'event', not %s", TypeName(args[0])));
  }
  return Value::None();
}

// sys.intern(s): the interned str equal to s.
Value SysIntern(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "intern", 1, 1)) return {};
  if (!args[0].is_object() || args[0].type() != Types().str) {
    return RaiseTypeError(
        vm, absl::StrFormat("intern() argument must be str, not %s", TypeName(args[0])));
  }
  return InternStr(*StrValue(args[0]));
}

Value GetRecursionLimit(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getrecursionlimit", 0, 0)) return {};
  return Value::Int(vm.recursion_limit());
}

Value SetRecursionLimit(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "setrecursionlimit", 1, 1)) return {};
  int64_t n;  // a float is ToInt's "'float' object cannot be interpreted as an integer"
  if (!ToInt(vm, args[0], &n)) return {};
  if (n < 1) return RaiseValueError(vm, "recursion limit must be greater or equal than 1");
  if (n > INT_MAX) return RaiseOverflowError(vm, "Python int too large to convert to C int");
  if (n <= vm.recursion_depth()) {
    return Raise(vm, Types().recursion_error,
                 absl::StrFormat("cannot set the recursion limit to %d at the recursion depth "
                                 "%d: the limit is too low",
                                 n, vm.recursion_depth()));
  }
  vm.set_recursion_limit(static_cast<int32_t>(n));
  return Value::None();
}

// (type, value, traceback) of the exception being handled; tc keeps no
// traceback objects, so the third item is None (as __traceback__ is).
Value ExcInfo(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "exc_info", 0, 0)) return {};
  const Value& e = vm.handled_exception();
  if (e.is_null() || e.is_none()) return NewTuple({Value::None(), Value::None(), Value::None()});
  Value tb = vm.GetAttr(e, "__traceback__");
  if (tb.is_null()) return {};
  return NewTuple({Value::Borrow(e.type()), e, std::move(tb)});
}
Value ExceptionFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "exception", 0, 0)) return {};
  const Value& e = vm.handled_exception();
  return e.is_null() ? Value::None() : e;
}

Value GetDefaultEncoding(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getdefaultencoding", 0, 0)) return {};
  return NewStr("utf-8");
}

// The int <-> decimal str digit limit of CPython 3.11 (CVE-2020-10735).
Value GetIntMaxStrDigits(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "get_int_max_str_digits", 0, 0)) return {};
  return Value::Int(g_int_max_str_digits);
}
Value SetIntMaxStrDigits(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"maxdigits"};
  Value a[1];
  if (!ParseArgs(vm, args, "set_int_max_str_digits", kNames, 1, a)) return {};
  int64_t n;
  if (!ToInt(vm, a[0], &n)) return {};
  if (n != 0 && n < 640) return RaiseValueError(vm, "maxdigits must be 0 or larger than 640");
  g_int_max_str_digits = n;
  return Value::None();
}

// sys.excepthook / sys.__excepthook__: the traceback of `value` as the
// interpreter prints an uncaught exception, written to sys.stderr
// (threading.py keeps the hook; logging imports threading).
Value ExceptHook(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "excepthook", 3, 3)) return {};
  if (!IsInstance(args[1], Types().base_exception)) {
    return RaiseTypeError(vm, "TypeError: print_exception(): Exception expected for value, " +
                                  std::string(TypeName(args[1])) + " found");
  }
  Value sys = vm.Import("sys");
  if (sys.is_null()) return {};
  Value err = vm.GetAttr(sys, "stderr");
  if (err.is_null()) return {};
  if (vm.CallMethod(err, "write", {NewStr(vm.FormatException(args[1]))}).is_null()) return {};
  return Value::None();
}

constexpr MethodDef kSysFunctions[] = {
    {"excepthook", ExceptHook},
    {"__excepthook__", ExceptHook},
    {"get_int_max_str_digits", GetIntMaxStrDigits},
    {"set_int_max_str_digits", SetIntMaxStrDigits},
    {"exit", SysExit},
    {"_getframe", SysGetFrame},
    {"audit", Audit},
    {"intern", SysIntern},
    {"getrecursionlimit", GetRecursionLimit},
    {"setrecursionlimit", SetRecursionLimit},
    {"exc_info", ExcInfo},
    {"exception", ExceptionFn},
    {"getdefaultencoding", GetDefaultEncoding},
    {"getfilesystemencoding", GetDefaultEncoding},
};

Value VersionInfo() {
  static const char* const kFields[] = {"major", "minor", "micro", "releaselevel", "serial"};
  static Type* t = NewStructSeqType("version_info", "sys", kFields);
  return NewStructSeq(t, {Value::Int(kMajor), Value::Int(kMinor), Value::Int(kMicro),
                          NewStr("final"), Value::Int(0)});
}

// sys.float_info and sys.int_info: the limits of IEEE doubles and of
// CPython's int digits (ast.py, fractions and statistics read them).
Value FloatInfo() {
  static const char* const kFields[] = {"max",     "max_exp",    "max_10_exp", "min",
                                        "min_exp", "min_10_exp", "dig",        "mant_dig",
                                        "epsilon", "radix",      "rounds"};
  static Type* t = NewStructSeqType("float_info", "sys", kFields);
  using L = std::numeric_limits<double>;
  return NewStructSeq(
      t, {Value::Float(L::max()), Value::Int(L::max_exponent), Value::Int(L::max_exponent10),
          Value::Float(L::min()), Value::Int(L::min_exponent), Value::Int(L::min_exponent10),
          Value::Int(L::digits10), Value::Int(L::digits), Value::Float(L::epsilon()),
          Value::Int(L::radix), Value::Int(1)});
}
Value IntInfo() {
  static const char* const kFields[] = {"bits_per_digit", "sizeof_digit", "default_max_str_digits",
                                        "str_digits_check_threshold"};
  static Type* t = NewStructSeqType("int_info", "sys", kFields);
  return NewStructSeq(t, {Value::Int(30), Value::Int(4), Value::Int(4300), Value::Int(640)});
}

std::string Executable() {
  char buf[4096];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

}  // namespace

bool InitSysModule(VM& vm, ModuleObject* m) {
  ModuleSet(m, "argv", NewList({}));
  ModuleSet(m, "path", NewList({}));
  ModuleSet(m, "modules", Value::Borrow(vm.modules()));
  ModuleSet(m, "maxsize", Value::Int(INT64_MAX));
  ModuleSet(m, "maxunicode", Value::Int(0x10FFFF));
  ModuleSet(m, "byteorder", NewStr("little"));
  ModuleSet(m, "platform", NewStr("linux"));
  // Where the Python library tc reads lives: Debian's CPython under /usr
  // (gettext and sysconfig derive their paths from these).
  for (const char* name : {"prefix", "base_prefix", "exec_prefix", "base_exec_prefix"})
    ModuleSet(m, name, NewStr("/usr"));
  ModuleSet(m, "executable", NewStr(Executable()));
  ModuleSet(m, "version", NewStr(absl::StrFormat("%d.%d.%d (main) [tc]", kMajor, kMinor, kMicro)));
  Value version_info = VersionInfo();
  ModuleSet(m, "version_info", version_info);
  ModuleSet(m, "float_info", FloatInfo());
  ModuleSet(m, "int_info", IntInfo());
  ModuleSet(m, "hexversion", Value::Int((kMajor << 24) | (kMinor << 16) | (kMicro << 8) | 0xf0));
  const std::pair<const char*, Value> impl[] = {
      {"name", NewStr("tc")},
      {"cache_tag", Value::None()},
      {"version", version_info},
      {"hexversion", Value::Int((kMajor << 24) | (kMinor << 16) | (kMicro << 8) | 0xf0)},
  };
  ModuleSet(m, "implementation", NewSimpleNamespace(impl));
  ModuleSet(m, "dont_write_bytecode", Value::Bool(true));
  ModuleSet(m, "warnoptions", NewList({}));
  std::vector<Value> builtin_names;
  for (const char* n : {"builtins", "math", "sys"}) builtin_names.push_back(NewStr(n));
  ModuleSet(m, "builtin_module_names", NewTuple(std::move(builtin_names)));
  Value out = NewStdStream(false), err = NewStdStream(true), in = NewStdinFile(vm);
  if (in.is_null()) return false;
  ModuleSet(m, "stdout", out);
  ModuleSet(m, "stderr", err);
  ModuleSet(m, "stdin", in);
  ModuleSet(m, "__stdout__", out);
  ModuleSet(m, "__stderr__", err);
  ModuleSet(m, "__stdin__", in);
  AddFunctions(m, kSysFunctions);
  return true;
}

}  // namespace tc::script
