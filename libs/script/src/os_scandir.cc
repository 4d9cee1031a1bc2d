// os.scandir as CPython's posixmodule makes it: a ScandirIterator (an
// iterator and context manager over one directory) yielding DirEntry
// objects (name, path, is_dir/is_file/is_symlink with follow_symlinks,
// stat, inode, __fspath__), whose file type comes from readdir's d_type
// and whose stat results are cached, as CPython's are.
#include "os_scandir.h"

#include <dirent.h>

#include <cerrno>

#include "absl/strings/str_format.h"

#include "exc_os_error.h"
#include "os_path_util.h"
#include "vm_internal.h"
#include <sys/stat.h>

namespace tc::script {

namespace {

struct DirEntryObject : Object {
  explicit DirEntryObject(Type* t) : Object(t) {}
  std::string name, path;
  unsigned char d_type = DT_UNKNOWN;
  uint64_t ino = 0;
  Value stat, lstat;  // cached stat results
};

struct ScandirObject : Object {
  explicit ScandirObject(Type* t) : Object(t) {}
  ~ScandirObject() override { Close(); }
  void Close() {
    if (dir != nullptr) ::closedir(dir);
    dir = nullptr;
  }
  DIR* dir = nullptr;
  std::string path;  // as given; entries' paths are path + '/' + name
};

DirEntryObject* E(const Value& v) { return Cast<DirEntryObject>(v); }

// --- DirEntry -------------------------------------------------------------
bool FollowSymlinksArg(VM& vm, const ArgsView& args, const char* fname, bool* follow) {
  static constexpr const char* kNames[] = {"follow_symlinks"};
  Value a[1];
  if (!ParseArgs(vm, args, fname, kNames, 0, a, 0)) return false;
  *follow = true;
  if (a[0].is_null()) return true;
  int t = vm.Truthy(a[0]);
  *follow = t == 1;
  return t >= 0;
}

Value EntryStat(VM& vm, DirEntryObject* e, bool follow) {
  bool is_link = e->d_type == DT_LNK;
  if (e->d_type == DT_UNKNOWN) {
    struct stat st;
    is_link = ::lstat(e->path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
  }
  Value& slot = follow && is_link ? e->stat : e->lstat;
  if (slot.is_null()) {
    slot = OsStat(vm, NewStr(e->path), follow && is_link, "stat");
    if (slot.is_null()) return {};
    if (!is_link) e->stat = slot;
  }
  return slot;
}
// The st_mode of the entry, or -1 when it does not exist (is_dir and
// is_file are then False, as in CPython); -2 on another error.
int64_t EntryMode(VM& vm, DirEntryObject* e, bool follow) {
  if (e->d_type != DT_UNKNOWN && !(follow && e->d_type == DT_LNK)) {
    switch (e->d_type) {
      case DT_DIR:
        return S_IFDIR;
      case DT_REG:
        return S_IFREG;
      case DT_LNK:
        return S_IFLNK;
      default:
        return 0;
    }
  }
  Value st = EntryStat(vm, e, follow);
  if (st.is_null()) {
    if (!vm.ExceptionMatches(Types().file_not_found_error)) return -2;
    vm.ClearException();
    return -1;
  }
  Value mode = vm.GetAttr(st, "st_mode");
  int64_t m;
  if (mode.is_null() || !ToInt(vm, mode, &m)) return -2;
  return m;
}
template <mode_t kKind>
Value EntryIs(VM& vm, const Value& self, const ArgsView& args) {
  bool follow;
  if (!FollowSymlinksArg(vm, args, kKind == S_IFDIR ? "is_dir" : "is_file", &follow)) return {};
  int64_t m = EntryMode(vm, E(self), follow);
  if (m == -2) return {};
  return Value::Bool(m >= 0 && (m & S_IFMT) == kKind);
}
Value EntryIsSymlink(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "is_symlink", 0, 0)) return {};
  int64_t m = EntryMode(vm, E(self), false);
  if (m == -2) return {};
  return Value::Bool(m >= 0 && (m & S_IFMT) == S_IFLNK);
}
Value EntryStatMethod(VM& vm, const Value& self, const ArgsView& args) {
  bool follow;
  if (!FollowSymlinksArg(vm, args, "stat", &follow)) return {};
  return EntryStat(vm, E(self), follow);
}
Value EntryInode(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "inode", 0, 0)) return {};
  return Value::Int(static_cast<int64_t>(E(self)->ino));
}
Value EntryFsPath(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__fspath__", 0, 0)) return {};
  return NewStr(E(self)->path);
}
Value EntryRepr(VM& vm, const Value& self, const ArgsView&) {
  std::string name;
  if (!vm.ReprString(NewStr(E(self)->name), &name)) return {};
  return NewStr(absl::StrFormat("<DirEntry %s>", name));
}
Value EntryName(VM&, const Value& self) { return NewStr(E(self)->name); }
Value EntryPath(VM&, const Value& self) { return NewStr(E(self)->path); }

constexpr MethodDef kEntryMethods[] = {
    {"is_dir", EntryIs<S_IFDIR>}, {"is_file", EntryIs<S_IFREG>}, {"is_symlink", EntryIsSymlink},
    {"stat", EntryStatMethod},    {"inode", EntryInode},         {"__fspath__", EntryFsPath},
    {"__repr__", EntryRepr}};
constexpr GetSetDef kEntryGetSets[] = {{"name", EntryName}, {"path", EntryPath}};

// --- ScandirIterator ------------------------------------------------------
Value ScandirNext(VM& vm, const Value& self, const ArgsView&) {
  auto* it = Cast<ScandirObject>(self);
  while (it->dir != nullptr) {
    errno = 0;
    dirent* d = ::readdir(it->dir);
    if (d == nullptr) {
      int err = errno;
      it->Close();
      if (err != 0) return RaiseOSError(vm, err, NewStr(it->path));
      break;
    }
    std::string_view n(d->d_name);
    if (n == "." || n == "..") continue;
    Value v = NewObject<DirEntryObject>(DirEntryType());
    DirEntryObject* e = E(v);
    e->name = std::string(n);
    e->path = it->path.ends_with('/') ? it->path + e->name : it->path + "/" + e->name;
    e->d_type = d->d_type;
    e->ino = d->d_ino;
    return v;
  }
  return Raise(vm, Types().stop_iteration, "");
}
Value ScandirIter(VM&, const Value& self, const ArgsView&) { return self; }
Value ScandirClose(VM&, const Value& self, const ArgsView&) {
  Cast<ScandirObject>(self)->Close();
  return Value::None();
}

constexpr MethodDef kScandirMethods[] = {{"__next__", ScandirNext},
                                         {"__iter__", ScandirIter},
                                         {"__enter__", ScandirIter},
                                         {"__exit__", ScandirClose},
                                         {"close", ScandirClose}};

Type* ScandirType() {
  static Type* t =
      NewNativeType({.name = "ScandirIterator",
                     .module = "posix",
                     .methods = kScandirMethods,
                     .alloc = [](Type* c) -> Object* { return new ScandirObject(c); }});
  return t;
}

}  // namespace

Type* DirEntryType() {
  static Type* t =
      NewNativeType({.name = "DirEntry",
                     .module = "posix",
                     .methods = kEntryMethods,
                     .getsets = kEntryGetSets,
                     .alloc = [](Type* c) -> Object* { return new DirEntryObject(c); }});
  return t;
}

Value OsScandir(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"path"};
  Value a[1];
  if (!ParseArgs(vm, args, "scandir", kNames, 0, a)) return {};
  Value path = a[0].is_null() || a[0].is_none() ? NewStr(".") : a[0];
  std::string p;
  if (!PathArg(vm, path, "scandir", &p)) return {};
  DIR* d = ::opendir(p.c_str());
  if (d == nullptr) return RaiseOSError(vm, errno, path);
  Value v = NewObject<ScandirObject>(ScandirType());
  auto* it = Cast<ScandirObject>(v);
  it->dir = d;
  it->path = p;
  return v;
}

}  // namespace tc::script
