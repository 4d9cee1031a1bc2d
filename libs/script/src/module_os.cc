// The os module: environ (a dict whose changes reach the process
// environment), getenv/putenv/unsetenv, the current directory, listdir,
// mkdir/makedirs, remove/rmdir/rename/replace, stat, cpu_count, getpid and
// the path constants, with CPython's OSError subclasses and errno texts.
// os.path is the posixpath module (module_posixpath.cc).
#include <dirent.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "exc_os_error.h"
#include "module_prelude.h"
#include "os_files.h"
#include "os_path_util.h"
#include "os_scandir.h"
#include "script_embedded.h"
#include "struct_seq.h"
#include "vm_internal.h"
#include <sys/stat.h>

extern char** environ;

namespace tc::script {

namespace {

// --- os.environ ----------------------------------------------------------
bool CheckEnvStr(VM& vm, const Value& v) {
  if (StrValue(v) != nullptr) return true;
  RaiseTypeError(vm, absl::StrFormat("str expected, not %s", TypeName(v)));
  return false;
}
Value EnvironSetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__setitem__", 2, 2)) return {};
  if (!CheckEnvStr(vm, args[0]) || !CheckEnvStr(vm, args[1])) return {};
  const std::string& k = *StrValue(args[0]);
  if (k.empty() || k.find('=') != std::string::npos) {
    return RaiseOSError(vm, EINVAL);
  }
  ::setenv(k.c_str(), StrValue(args[1])->c_str(), 1);
  if (!DictSet(vm, Cast<DictObject>(self), args[0], args[1])) return {};
  return Value::None();
}
Value EnvironDelItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__delitem__", 1, 1)) return {};
  bool found;
  if (!DictDel(vm, Cast<DictObject>(self), args[0], &found)) return {};
  if (!found) return RaiseKeyError(vm, args[0]);
  if (const std::string* k = StrValue(args[0])) ::unsetenv(k->c_str());
  return Value::None();
}
Value EnvironRepr(VM& vm, const Value& self, const ArgsView&) {
  std::string d;
  if (!DictReprString(vm, Cast<DictObject>(self), &d)) return {};
  return NewStr(absl::StrCat("environ(", d, ")"));
}
Value EnvironCopy(VM&, const Value& self, const ArgsView&) {
  return DictCopyOf(Cast<DictObject>(self), Types().dict);
}
constexpr MethodDef kEnvironMethods[] = {{"__setitem__", EnvironSetItem},
                                         {"__delitem__", EnvironDelItem},
                                         {"__repr__", EnvironRepr},
                                         {"copy", EnvironCopy}};
Type* EnvironType() {
  static Type* t = NewNativeType({.name = "_Environ",
                                  .module = "os",
                                  .base = Types().dict,
                                  .methods = kEnvironMethods,
                                  .flags = Type::kInstanceDict});
  return t;
}

const std::string* EnvironGet(VM& vm, std::string_view key) {
  const Value* os = DictGetStr(vm.modules(), "os");
  const Value* env = os == nullptr ? nullptr : DictGetStr(os->as_object()->dict, "environ");
  DictObject* d = env == nullptr ? nullptr : DictTable(*env);
  const Value* v = d == nullptr ? nullptr : DictGetStr(d, key);
  return v == nullptr ? nullptr : StrValue(*v);
}

// --- functions ------------------------------------------------------------
Value GetEnv(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"key", "default"};
  Value a[2];
  if (!ParseArgs(vm, args, "getenv", kNames, 1, a)) return {};
  if (!CheckEnvStr(vm, a[0])) return {};
  if (const std::string* v = EnvironGet(vm, *StrValue(a[0]))) return NewStr(*v);
  return a[1].is_null() ? Value::None() : a[1];
}
Value GetCwd(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getcwd", 0, 0)) return {};
  char buf[4096];
  if (::getcwd(buf, sizeof buf) == nullptr) return RaiseOSError(vm, errno);
  return NewStr(buf);
}
Value Chdir(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!CheckArgCount(vm, args, "chdir", 1, 1) || !PathArg(vm, args[0], "chdir", &p)) return {};
  if (::chdir(p.c_str()) != 0) return RaiseOSError(vm, errno, args[0]);
  return Value::None();
}
Value ListDir(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "listdir", 0, 1)) return {};
  Value path = args.nargs == 1 && !args[0].is_none() ? args[0] : NewStr(".");
  std::string p;
  if (!PathArg(vm, path, "listdir", &p)) return {};
  DIR* d = ::opendir(p.c_str());
  if (d == nullptr) return RaiseOSError(vm, errno, path);
  std::vector<Value> names;
  while (dirent* e = ::readdir(d)) {
    std::string_view n(e->d_name);
    if (n == "." || n == "..") continue;
    names.push_back(NewStr(std::string(n)));
  }
  ::closedir(d);
  return NewList(std::move(names));
}
// The arguments of mkdir and makedirs: (path, mode=0o777, ...) into a,
// with the path and the mode read.
bool MkdirArgs(VM& vm, const ArgsView& args, const char* fname, std::span<const char* const> names,
               Value* a, std::string* path, int64_t* mode) {
  if (!ParseArgs(vm, args, fname, names, 1, a) || !PathArg(vm, a[0], fname, path)) return false;
  *mode = 0777;
  return a[1].is_null() || ToInt(vm, a[1], mode);
}
Value Mkdir(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"path", "mode"};
  Value a[2];
  std::string p;
  int64_t mode;
  if (!MkdirArgs(vm, args, "mkdir", kNames, a, &p, &mode)) return {};
  if (::mkdir(p.c_str(), static_cast<mode_t>(mode)) != 0) return RaiseOSError(vm, errno, a[0]);
  return Value::None();
}
// os.makedirs as CPython's: parents first, an existing one is fine, and
// the leaf is an error unless exist_ok and it is a directory.
bool MakeDirs(VM& vm, const std::string& name, int64_t mode, bool exist_ok) {
  auto [head, tail] = SplitPath(name);
  if (tail.empty()) std::tie(head, tail) = SplitPath(head);
  if (!head.empty() && !tail.empty() && !PathExists(head)) {
    if (!MakeDirs(vm, head, mode, exist_ok)) {
      if (!vm.ExceptionMatches(Types().file_exists_error)) return false;
      vm.ClearException();  // made meanwhile
    }
    if (tail == ".") return true;
  }
  if (::mkdir(name.c_str(), static_cast<mode_t>(mode)) != 0) {
    int err = errno;
    if (!exist_ok || !PathIsDir(name)) {
      RaiseOSError(vm, err, NewStr(name));
      return false;
    }
  }
  return true;
}
Value MakeDirsFn(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"name", "mode", "exist_ok"};
  Value a[3];
  std::string p;
  int64_t mode;
  if (!MkdirArgs(vm, args, "makedirs", kNames, a, &p, &mode)) return {};
  int exist_ok = a[2].is_null() ? 0 : vm.Truthy(a[2]);
  if (exist_ok < 0 || !MakeDirs(vm, p, mode, exist_ok == 1)) return {};
  return Value::None();
}
template <int (*Op)(const char*)>
Value PathOp(VM& vm, const ArgsView& args, const char* fname) {
  std::string p;
  if (!CheckArgCount(vm, args, fname, 1, 1) || !PathArg(vm, args[0], fname, &p)) return {};
  if (Op(p.c_str()) != 0) return RaiseOSError(vm, errno, args[0]);
  return Value::None();
}
Value Remove(VM& vm, const Value&, const ArgsView& args) {
  return PathOp<::unlink>(vm, args, "remove");
}
Value Unlink(VM& vm, const Value&, const ArgsView& args) {
  return PathOp<::unlink>(vm, args, "unlink");
}
Value Rmdir(VM& vm, const Value&, const ArgsView& args) {
  return PathOp<::rmdir>(vm, args, "rmdir");
}
Value Rename(VM& vm, const Value&, const ArgsView& args) {
  std::string a, b;
  if (!CheckArgCount(vm, args, "rename", 2, 2) || !PathArg(vm, args[0], "rename", &a) ||
      !PathArg(vm, args[1], "rename", &b)) {
    return {};
  }
  if (::rename(a.c_str(), b.c_str()) != 0) return RaiseOSError(vm, errno, args[0], args[1]);
  return Value::None();
}
Value CpuCount(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "cpu_count", 0, 0)) return {};
  long n = ::sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? Value::Int(n) : Value::None();
}
Value GetPid(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getpid", 0, 0)) return {};
  return Value::Int(::getpid());
}
Value FsPath(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "fspath", 1, 1)) return {};
  if (StrValue(args[0]) != nullptr) return args[0];
  Value fspath = vm.GetAttrOrNull(args[0], Intern("__fspath__"));
  if (fspath.is_null()) {
    if (vm.HasException()) return {};
    return RaiseTypeError(vm, absl::StrFormat("expected str, bytes or os.PathLike object, not %s",
                                              TypeName(args[0])));
  }
  return vm.Call(fspath, {});
}

}  // namespace

Type* StatResultType() {
  static const char* const kFields[] = {
      "st_mode",  "st_ino",   "st_dev",   "st_nlink",    "st_uid",      "st_gid",     "st_size",
      "st_atime", "st_mtime", "st_ctime", "st_atime_ns", "st_mtime_ns", "st_ctime_ns"};
  static Type* t = NewStructSeqType("stat_result", "os", kFields);
  return t;
}

namespace {}  // namespace

Value OsStat(VM& vm, const Value& path, bool follow, const char* fname) {
  struct stat st;
  int rc;
  if (path.is_int()) {
    rc = ::fstat(static_cast<int>(path.as_int()), &st);
  } else {
    std::string p;
    if (!PathArg(vm, path, fname, &p)) return {};
    rc = follow ? ::stat(p.c_str(), &st) : ::lstat(p.c_str(), &st);
  }
  if (rc != 0) return path.is_int() ? RaiseOSError(vm, errno) : RaiseOSError(vm, errno, path);
  auto ts = [](const timespec& t) { return Value::Float(t.tv_sec + t.tv_nsec * 1e-9); };
  auto ns = [](const timespec& t) { return Value::Int(t.tv_sec * 1000000000 + t.tv_nsec); };
  return NewStructSeq(
      StatResultType(),
      {Value::Int(st.st_mode), Value::Int(static_cast<int64_t>(st.st_ino)),
       Value::Int(static_cast<int64_t>(st.st_dev)), Value::Int(static_cast<int64_t>(st.st_nlink)),
       Value::Int(st.st_uid), Value::Int(st.st_gid), Value::Int(st.st_size), ts(st.st_atim),
       ts(st.st_mtim), ts(st.st_ctim), ns(st.st_atim), ns(st.st_mtim), ns(st.st_ctim)});
}

namespace {

// stat(path, *, dir_fd=None, follow_symlinks=True) and lstat(path, *,
// dir_fd=None).
Value StatImpl(VM& vm, const ArgsView& args, const char* fname, bool follow) {
  static constexpr const char* kNames[] = {"path", "dir_fd", "follow_symlinks"};
  Value a[3];
  if (!ParseArgs(vm, args, fname, std::span(kNames, follow ? 3 : 2), 1, a, 1)) return {};
  if (!a[1].is_null() && !a[1].is_none()) {
    return RaiseNotImplementedError(
        vm, absl::StrFormat("os.%s(dir_fd=) is not supported by tc", fname));
  }
  if (!a[2].is_null()) {
    int t = vm.Truthy(a[2]);
    if (t < 0) return {};
    follow = t == 1;
  }
  return OsStat(vm, a[0], follow, fname);
}
Value Stat(VM& vm, const Value&, const ArgsView& args) { return StatImpl(vm, args, "stat", true); }
Value LStat(VM& vm, const Value&, const ArgsView& args) {
  return StatImpl(vm, args, "lstat", false);
}

constexpr MethodDef kOsFunctions[] = {
    {"getenv", GetEnv}, {"getcwd", GetCwd},       {"chdir", Chdir},    {"listdir", ListDir},
    {"mkdir", Mkdir},   {"makedirs", MakeDirsFn}, {"remove", Remove},  {"unlink", Unlink},
    {"rmdir", Rmdir},   {"rename", Rename},       {"replace", Rename}, {"cpu_count", CpuCount},
    {"getpid", GetPid}, {"fspath", FsPath},       {"stat", Stat},      {"lstat", LStat}};

}  // namespace

bool InitOsModule(VM& vm, ModuleObject* m) {
  auto* env = static_cast<DictObject*>(EnvironType()->alloc(EnvironType()));
  Value ev = Value::Adopt(env);
  for (char** e = ::environ; e != nullptr && *e != nullptr; ++e) {
    std::string_view kv(*e);
    size_t eq = kv.find('=');
    if (eq == std::string_view::npos) continue;
    if (!DictSet(vm, env, NewStr(std::string(kv.substr(0, eq))),
                 NewStr(std::string(kv.substr(eq + 1))))) {
      return false;
    }
  }
  ModuleSet(m, "environ", ev);
  ModuleSet(m, "name", NewStr("posix"));
  AddPathConstants(m);
  ModuleSet(m, "linesep", NewStr("\n"));
  ModuleSet(m, "SEEK_SET", Value::Int(0));
  ModuleSet(m, "SEEK_CUR", Value::Int(1));
  ModuleSet(m, "SEEK_END", Value::Int(2));
  ModuleSet(m, "error", Value::Borrow(Types().os_error));
  AddType(m, StatResultType());
  AddFunctions(m, kOsFunctions);
  AddOsFileFunctions(m);
  Value path = vm.Import("posixpath");
  if (path.is_null()) return false;
  ModuleSet(m, "path", path);
  // `import os.path` finds it as a submodule, as CPython's sys.modules does.
  DictSetStr(vm.modules(), "os.path", path);
  return RunModulePrelude(vm, m, kOsPythonPy);
}

}  // namespace tc::script

namespace tc::script {

// posix, which CPython's os wraps and shutil imports by name: os's native
// functions, constants and types, without what os.py adds in Python and
// the path constants.
bool InitPosixModule(VM& vm, ModuleObject* m) {
  Value os = vm.Import("os");
  if (os.is_null()) return false;
  static const absl::flat_hash_set<std::string_view> kOsOnly = {
      "path",   "walk",    "fdopen", "PathLike", "name",    "linesep", "sep",  "altsep",
      "extsep", "pathsep", "curdir", "pardir",   "devnull", "defpath", "error"};
  for (const auto& e : os.as_object()->dict->entries) {
    const std::string* k = e.key.is_null() ? nullptr : StrValue(e.key);
    if (k == nullptr || k->starts_with("__") || kOsOnly.contains(*k)) continue;
    ModuleSet(m, *k, e.value);
  }
  return true;
}

}  // namespace tc::script
