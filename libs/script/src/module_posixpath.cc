// posixpath (os.path) as CPython 3.11's posixpath.py computes it for str
// paths: join, split, splitext, basename, dirname, normpath, abspath,
// realpath, relpath, expanduser, commonprefix, and the stat-based
// exists/isfile/isdir/islink/getsize; py/posixpath_python.py adds
// normcase, splitdrive, samefile/samestat and the time getters.
#include <pwd.h>
#include <unistd.h>

#include <filesystem>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

#include "exc_os_error.h"
#include "module_prelude.h"
#include "os_path_util.h"
#include "script_embedded.h"
#include "vm_internal.h"
#include <sys/stat.h>

namespace tc::script {

namespace {

// A str, or an object whose __fspath__ returns one: 1 with *out set, 0 when
// `v` is neither (no error), -1 with the error raised.
int FsPathStr(VM& vm, const Value& v, std::string* out) {
  if (const std::string* s = StrValue(v)) {
    *out = *s;
    return 1;
  }
  Value fspath = v.is_object() ? vm.GetAttrOrNull(v, Intern("__fspath__")) : Value();
  if (vm.HasException()) return -1;
  if (fspath.is_null()) return 0;
  Value r = vm.Call(fspath, {});
  if (r.is_null()) return -1;
  const std::string* s = StrValue(r);
  if (s == nullptr) return 0;
  *out = *s;
  return 1;
}

}  // namespace

bool PathArg(VM& vm, const Value& v, const char* fname, std::string* out) {
  if (int r = FsPathStr(vm, v, out); r != 0) return r > 0;
  RaiseTypeError(vm, absl::StrFormat("%s: path should be string, bytes or os.PathLike, not %s",
                                     fname, TypeName(v)));
  return false;
}

std::pair<std::string, std::string> SplitPath(const std::string& p) {
  size_t i = p.rfind('/') + 1;  // npos + 1 == 0
  std::string head = p.substr(0, i), tail = p.substr(i);
  if (!head.empty() && head.find_first_not_of('/') != std::string::npos) {
    head.erase(head.find_last_not_of('/') + 1);
  }
  return {head, tail};
}

std::string NormPath(const std::string& path) {
  if (path.empty()) return ".";
  int initial = path[0] == '/' ? 1 : 0;
  if (initial && path.rfind("//", 0) == 0 && path.rfind("///", 0) != 0) initial = 2;
  std::vector<std::string> comps;
  for (absl::string_view c : absl::StrSplit(path, '/')) {
    if (c.empty() || c == ".") continue;
    if (c != ".." || (!initial && comps.empty()) || (!comps.empty() && comps.back() == "..")) {
      comps.emplace_back(std::string(c));
    } else if (!comps.empty()) {
      comps.pop_back();
    }
  }
  std::string out = std::string(initial, '/') + absl::StrJoin(comps, "/");
  return out.empty() ? "." : out;
}

bool PathExists(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0;
}
bool PathIsDir(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

namespace {

// The argument as a str path (os.fspath's TypeError otherwise).
bool StrPath(VM& vm, const Value& v, std::string* out) {
  if (int r = FsPathStr(vm, v, out); r != 0) return r > 0;
  RaiseTypeError(vm,
                 absl::StrFormat("expected str, bytes or os.PathLike object, not %s", TypeName(v)));
  return false;
}

bool OneStr(VM& vm, const ArgsView& args, const char* fname, std::string* p) {
  return CheckArgCount(vm, args, fname, 1, 1) && StrPath(vm, args[0], p);
}

std::string Cwd() {
  char buf[4096];
  return ::getcwd(buf, sizeof buf) != nullptr ? std::string(buf) : std::string(".");
}

std::string Join(std::string path, const std::string& b) {
  if (!b.empty() && b[0] == '/') return b;
  if (path.empty() || path.back() == '/') return path + b;
  return path + "/" + b;
}

std::string AbsPath(const std::string& p) {
  return NormPath(!p.empty() && p[0] == '/' ? p : Join(Cwd(), p));
}

Value JoinFn(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "join() takes no keyword arguments");
  if (args.nargs < 1) {
    return RaiseTypeError(vm, "join() missing 1 required positional argument: 'a'");
  }
  std::string path;
  if (!StrPath(vm, args[0], &path)) return {};
  for (int i = 1; i < args.nargs; ++i) {
    std::string b;
    if (!StrPath(vm, args[i], &b)) {
      vm.ClearException();
      return RaiseTypeError(
          vm, absl::StrFormat("join() argument must be str, bytes, or os.PathLike object, not '%s'",
                              TypeName(args[i])));
    }
    path = Join(std::move(path), b);
  }
  return NewStr(path);
}
Value SplitFn(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!OneStr(vm, args, "split", &p)) return {};
  auto [h, t] = SplitPath(p);
  return NewTuple({NewStr(h), NewStr(t)});
}
Value BaseName(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!OneStr(vm, args, "basename", &p)) return {};
  return NewStr(p.substr(p.rfind('/') + 1));
}
Value DirName(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!OneStr(vm, args, "dirname", &p)) return {};
  return NewStr(SplitPath(p).first);
}
Value SplitExt(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!OneStr(vm, args, "splitext", &p)) return {};
  size_t sep = p.rfind('/'), dot = p.rfind('.');
  long long sep_i = sep == std::string::npos ? -1 : static_cast<long long>(sep);
  if (dot != std::string::npos && static_cast<long long>(dot) > sep_i) {
    // A leading run of dots in the name is not an extension.
    for (size_t i = static_cast<size_t>(sep_i + 1); i < dot; ++i) {
      if (p[i] != '.') return NewTuple({NewStr(p.substr(0, dot)), NewStr(p.substr(dot))});
    }
  }
  return NewTuple({NewStr(p), NewStr("")});
}
Value NormPathFn(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!OneStr(vm, args, "normpath", &p)) return {};
  return NewStr(NormPath(p));
}
Value AbsPathFn(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!OneStr(vm, args, "abspath", &p)) return {};
  return NewStr(AbsPath(p));
}
// realpath(path, *, strict=False); strict raises the OSError of a missing
// component, as CPython's.
Value RealPath(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"filename", "strict"};
  Value a[2];
  std::string p;
  if (!ParseArgs(vm, args, "realpath", kNames, 1, a, 1) || !StrPath(vm, a[0], &p)) return {};
  int strict = a[1].is_null() ? 0 : vm.Truthy(a[1]);
  if (strict < 0) return {};
  std::error_code ec;
  if (strict == 1) {
    std::filesystem::path r = std::filesystem::canonical(AbsPath(p), ec);
    if (ec) return RaiseOSError(vm, ec.value(), a[0]);
    return NewStr(NormPath(r.string()));
  }
  std::filesystem::path r = std::filesystem::weakly_canonical(AbsPath(p), ec);
  return NewStr(ec ? AbsPath(p) : NormPath(r.string()));
}
Value IsAbs(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!OneStr(vm, args, "isabs", &p)) return {};
  return Value::Bool(!p.empty() && p[0] == '/');
}
Value ExpandUser(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!OneStr(vm, args, "expanduser", &p)) return {};
  if (p.empty() || p[0] != '~') return NewStr(p);
  size_t i = p.find('/', 1);
  if (i == std::string::npos) i = p.size();
  std::string home;
  if (i == 1) {
    const Value* os = DictGetStr(vm.modules(), "os");
    const Value* env = os == nullptr ? nullptr : DictGetStr(os->as_object()->dict, "environ");
    DictObject* d = env == nullptr ? nullptr : DictTable(*env);
    const Value* h = d == nullptr ? nullptr : DictGetStr(d, "HOME");
    if (h != nullptr && StrValue(*h) != nullptr) {
      home = *StrValue(*h);
    } else if (passwd* pw = ::getpwuid(::getuid())) {
      home = pw->pw_dir;
    } else {
      return NewStr(p);
    }
  } else {
    passwd* pw = ::getpwnam(p.substr(1, i - 1).c_str());
    if (pw == nullptr) return NewStr(p);
    home = pw->pw_dir;
  }
  while (!home.empty() && home.back() == '/') home.pop_back();
  std::string out = home + p.substr(i);
  return NewStr(out.empty() ? "/" : out);
}
Value RelPath(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"path", "start"};
  Value a[2];
  if (!ParseArgs(vm, args, "relpath", kNames, 1, a)) return {};
  std::string p, start = ".";
  if (!StrPath(vm, a[0], &p)) return {};
  if (!a[1].is_null() && !a[1].is_none() && !StrPath(vm, a[1], &start)) return {};
  if (p.empty()) return RaiseValueError(vm, "no path specified");
  auto parts = [](const std::string& s) {
    std::vector<std::string> out;
    for (absl::string_view c : absl::StrSplit(AbsPath(s), '/')) {
      if (!c.empty()) out.emplace_back(std::string(c));
    }
    return out;
  };
  std::vector<std::string> sl = parts(start), pl = parts(p);
  size_t i = 0;
  while (i < sl.size() && i < pl.size() && sl[i] == pl[i]) ++i;
  std::vector<std::string> rel(sl.size() - i, "..");
  rel.insert(rel.end(), pl.begin() + static_cast<long>(i), pl.end());
  return NewStr(rel.empty() ? "." : absl::StrJoin(rel, "/"));
}

template <bool (*Test)(const struct stat&), bool kFollow>
Value StatTest(VM& vm, const ArgsView& args, const char* fname) {
  if (!CheckArgCount(vm, args, fname, 1, 1)) return {};
  std::string p;
  if (!StrPath(vm, args[0], &p)) {
    if (args[0].is_int()) {  // a descriptor
      vm.ClearException();
      struct stat st;
      return Value::Bool(::fstat(static_cast<int>(args[0].as_int()), &st) == 0 && Test(st));
    }
    return {};
  }
  struct stat st;
  int r = kFollow ? ::stat(p.c_str(), &st) : ::lstat(p.c_str(), &st);
  return Value::Bool(r == 0 && Test(st));
}
bool Any(const struct stat&) { return true; }
bool Reg(const struct stat& st) { return S_ISREG(st.st_mode); }
bool Dir(const struct stat& st) { return S_ISDIR(st.st_mode); }
bool Lnk(const struct stat& st) { return S_ISLNK(st.st_mode); }
Value Exists(VM& vm, const Value&, const ArgsView& a) {
  return StatTest<Any, true>(vm, a, "exists");
}
Value LExists(VM& vm, const Value&, const ArgsView& a) {
  return StatTest<Any, false>(vm, a, "lexists");
}
Value IsFile(VM& vm, const Value&, const ArgsView& a) {
  return StatTest<Reg, true>(vm, a, "isfile");
}
Value IsDir(VM& vm, const Value&, const ArgsView& a) { return StatTest<Dir, true>(vm, a, "isdir"); }
Value IsLink(VM& vm, const Value&, const ArgsView& a) {
  return StatTest<Lnk, false>(vm, a, "islink");
}
Value GetSize(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!CheckArgCount(vm, args, "getsize", 1, 1) || !PathArg(vm, args[0], "stat", &p)) return {};
  struct stat st;
  if (::stat(p.c_str(), &st) != 0) return RaiseOSError(vm, errno, args[0]);
  return Value::Int(st.st_size);
}
Value CommonPrefix(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "commonprefix", 1, 1)) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, args[0])) return {};
  if (items.empty()) return NewStr("");
  std::vector<std::string> strs;
  for (const Value& v : items) {
    std::string s;
    if (!StrPath(vm, v, &s)) return {};
    strs.push_back(std::move(s));
  }
  auto [lo, hi] = std::minmax_element(strs.begin(), strs.end());
  size_t i = 0;
  while (i < lo->size() && i < hi->size() && (*lo)[i] == (*hi)[i]) ++i;
  return NewStr(lo->substr(0, i));
}

constexpr MethodDef kPathFunctions[] = {
    {"join", JoinFn},           {"split", SplitFn},     {"basename", BaseName},
    {"dirname", DirName},       {"splitext", SplitExt}, {"normpath", NormPathFn},
    {"abspath", AbsPathFn},     {"realpath", RealPath}, {"isabs", IsAbs},
    {"expanduser", ExpandUser}, {"relpath", RelPath},   {"exists", Exists},
    {"lexists", LExists},       {"isfile", IsFile},     {"isdir", IsDir},
    {"islink", IsLink},         {"getsize", GetSize},   {"commonprefix", CommonPrefix}};

}  // namespace

void AddPathConstants(ModuleObject* m) {
  ModuleSet(m, "sep", NewStr("/"));
  ModuleSet(m, "altsep", Value::None());
  ModuleSet(m, "extsep", NewStr("."));
  ModuleSet(m, "pathsep", NewStr(":"));
  ModuleSet(m, "curdir", NewStr("."));
  ModuleSet(m, "pardir", NewStr(".."));
  ModuleSet(m, "devnull", NewStr("/dev/null"));
}

bool InitPosixPathModule(VM& vm, ModuleObject* m) {
  AddPathConstants(m);
  AddFunctions(m, kPathFunctions);
  return RunModulePrelude(vm, m, kPosixpathPythonPy);
}

}  // namespace tc::script
