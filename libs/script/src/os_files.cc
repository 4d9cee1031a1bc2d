// The os functions over descriptors and file metadata that shutil,
// tempfile and pathlib call (open/close/read/write/fstat/isatty over file
// descriptors, access, chmod, umask, readlink, symlink, utime,
// get_terminal_size with os.terminal_size, strerror, fsencode/fsdecode,
// the O_* and access-mode constants and the supports_* sets), with
// CPython's OSError texts.
#include "os_files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include "absl/strings/str_format.h"

#include "exc_os_error.h"
#include "os_path_util.h"
#include "os_scandir.h"
#include "struct_seq.h"
#include "vm_internal.h"
#include <sys/ioctl.h>
#include <sys/stat.h>

namespace tc::script {

namespace {

bool FdArg(VM& vm, const Value& v, int* fd) {
  int64_t n;
  if (!ToInt(vm, v, &n)) return false;
  *fd = static_cast<int>(n);
  return true;
}

Value Open(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"path", "flags", "mode", "dir_fd"};
  Value a[4];
  std::string p;
  if (!ParseArgs(vm, args, "open", kNames, 2, a, 3) || !PathArg(vm, a[0], "open", &p)) return {};
  int64_t flags, mode = 0777;
  if (!ToInt(vm, a[1], &flags) || (!a[2].is_null() && !ToInt(vm, a[2], &mode))) return {};
  if (!a[3].is_null() && !a[3].is_none()) {
    return RaiseNotImplementedError(vm, "os.open(dir_fd=) is not supported by tc");
  }
  int fd = ::open(p.c_str(), static_cast<int>(flags) | O_CLOEXEC, static_cast<mode_t>(mode));
  if (fd < 0) return RaiseOSError(vm, errno, a[0]);
  return Value::Int(fd);
}
Value Close(VM& vm, const Value&, const ArgsView& args) {
  int fd;
  if (!CheckArgCount(vm, args, "close", 1, 1) || !FdArg(vm, args[0], &fd)) return {};
  if (::close(fd) != 0) return RaiseOSError(vm, errno);
  return Value::None();
}
Value Read(VM& vm, const Value&, const ArgsView& args) {
  int fd;
  int64_t n;
  if (!CheckArgCount(vm, args, "read", 2, 2) || !FdArg(vm, args[0], &fd) ||
      !ToInt(vm, args[1], &n)) {
    return {};
  }
  if (n < 0) return RaiseValueError(vm, "negative count");
  std::string buf(static_cast<size_t>(n), '\0');
  ssize_t got = ::read(fd, buf.data(), buf.size());
  if (got < 0) return RaiseOSError(vm, errno);
  buf.resize(static_cast<size_t>(got));
  return NewBytes(std::move(buf));
}
Value Write(VM& vm, const Value&, const ArgsView& args) {
  int fd;
  if (!CheckArgCount(vm, args, "write", 2, 2) || !FdArg(vm, args[0], &fd)) return {};
  const std::string* data = BytesValue(args[1]);
  if (data == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(args[1])));
  }
  ssize_t put = ::write(fd, data->data(), data->size());
  if (put < 0) return RaiseOSError(vm, errno);
  return Value::Int(put);
}
Value FStat(VM& vm, const Value&, const ArgsView& args) {
  int fd;
  if (!CheckArgCount(vm, args, "fstat", 1, 1) || !FdArg(vm, args[0], &fd)) return {};
  return OsStat(vm, args[0], true, "fstat");
}
Value IsAtty(VM& vm, const Value&, const ArgsView& args) {
  int fd;
  if (!CheckArgCount(vm, args, "isatty", 1, 1) || !FdArg(vm, args[0], &fd)) return {};
  return Value::Bool(::isatty(fd) == 1);
}
Value Access(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"path", "mode", "dir_fd", "effective_ids",
                                           "follow_symlinks"};
  Value a[5];
  std::string p;
  int64_t mode;
  if (!ParseArgs(vm, args, "access", kNames, 2, a, 2) || !PathArg(vm, a[0], "access", &p) ||
      !ToInt(vm, a[1], &mode)) {
    return {};
  }
  return Value::Bool(::access(p.c_str(), static_cast<int>(mode)) == 0);
}
Value Chmod(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"path", "mode", "dir_fd", "follow_symlinks"};
  Value a[4];
  std::string p;
  int64_t mode;
  if (!ParseArgs(vm, args, "chmod", kNames, 2, a, 2) || !PathArg(vm, a[0], "chmod", &p) ||
      !ToInt(vm, a[1], &mode)) {
    return {};
  }
  if (::chmod(p.c_str(), static_cast<mode_t>(mode)) != 0) return RaiseOSError(vm, errno, a[0]);
  return Value::None();
}
Value Umask(VM& vm, const Value&, const ArgsView& args) {
  int64_t mask;
  if (!CheckArgCount(vm, args, "umask", 1, 1) || !ToInt(vm, args[0], &mask)) return {};
  return Value::Int(::umask(static_cast<mode_t>(mask)));
}
Value ReadLink(VM& vm, const Value&, const ArgsView& args) {
  std::string p;
  if (!CheckArgCount(vm, args, "readlink", 1, 1) || !PathArg(vm, args[0], "readlink", &p)) {
    return {};
  }
  char buf[4096];
  ssize_t n = ::readlink(p.c_str(), buf, sizeof buf);
  if (n < 0) return RaiseOSError(vm, errno, args[0]);
  return NewStr(std::string(buf, static_cast<size_t>(n)));
}
Value Symlink(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"src", "dst", "target_is_directory", "dir_fd"};
  Value a[4];
  std::string src, dst;
  if (!ParseArgs(vm, args, "symlink", kNames, 2, a) || !PathArg(vm, a[0], "symlink", &src) ||
      !PathArg(vm, a[1], "symlink", &dst)) {
    return {};
  }
  if (::symlink(src.c_str(), dst.c_str()) != 0) return RaiseOSError(vm, errno, a[0], a[1]);
  return Value::None();
}
// utime(path, times=None, *, ns=None, dir_fd=None, follow_symlinks=True).
Value Utime(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"path", "times", "ns", "dir_fd", "follow_symlinks"};
  Value a[5];
  std::string p;
  if (!ParseArgs(vm, args, "utime", kNames, 1, a, 2) || !PathArg(vm, a[0], "utime", &p)) return {};
  bool have_times = !a[1].is_null() && !a[1].is_none(), have_ns = !a[2].is_null();
  if (have_times && have_ns) {
    return RaiseValueError(vm, "utime: you may specify either 'times' or 'ns' but not both");
  }
  timespec ts[2] = {{0, UTIME_NOW}, {0, UTIME_NOW}};
  if (have_times || have_ns) {
    const std::vector<Value>* items = TupleOrListItems(have_ns ? a[2] : a[1]);
    if (items == nullptr || !IsInstance(have_ns ? a[2] : a[1], Types().tuple) ||
        items->size() != 2) {
      return RaiseTypeError(vm, have_ns ? "utime: 'ns' must be a tuple of two ints"
                                        : "utime: 'times' must be either a tuple of two ints or "
                                          "None");
    }
    for (int i = 0; i < 2; ++i) {
      if (have_ns) {
        int64_t n;
        if (!ToInt(vm, (*items)[i], &n)) return {};
        ts[i] = {static_cast<time_t>(n / 1000000000), static_cast<long>(n % 1000000000)};
      } else {
        double t;
        if (!ToFloat(vm, (*items)[i], &t)) return {};
        double sec = std::floor(t);
        ts[i] = {static_cast<time_t>(sec), static_cast<long>((t - sec) * 1e9)};
      }
    }
  }
  bool follow = true;
  if (!a[4].is_null()) {
    int f = vm.Truthy(a[4]);
    if (f < 0) return {};
    follow = f == 1;
  }
  if (::utimensat(AT_FDCWD, p.c_str(), ts, follow ? 0 : AT_SYMLINK_NOFOLLOW) != 0) {
    return RaiseOSError(vm, errno, a[0]);
  }
  return Value::None();
}
Value StrError(VM& vm, const Value&, const ArgsView& args) {
  int64_t code;
  if (!CheckArgCount(vm, args, "strerror", 1, 1) || !ToInt(vm, args[0], &code)) return {};
  return NewStr(std::strerror(static_cast<int>(code)));
}
// fsencode / fsdecode: tc's file names are str, encoded as UTF-8 with
// surrogateescape, CPython's file system encoding on Linux.
Value FsEncode(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "fsencode", 1, 1)) return {};
  if (BytesValue(args[0]) != nullptr) return args[0];
  std::string p;
  if (!PathArg(vm, args[0], "fsencode", &p)) return {};
  return vm.CallMethod(NewStr(p), "encode", {NewStr("utf-8"), NewStr("surrogateescape")});
}
Value FsDecode(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "fsdecode", 1, 1)) return {};
  if (const std::string* b = BytesValue(args[0])) {
    return vm.CallMethod(NewBytes(*b), "decode", {NewStr("utf-8"), NewStr("surrogateescape")});
  }
  std::string p;
  if (!PathArg(vm, args[0], "fsdecode", &p)) return {};
  return NewStr(p);
}

Type* TerminalSizeType() {
  static const char* const kFields[] = {"columns", "lines"};
  static Type* t = NewStructSeqType("terminal_size", "os", kFields);
  return t;
}
Value GetTerminalSize(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "get_terminal_size", 0, 1)) return {};
  int fd = 1;
  if (args.nargs == 1 && !FdArg(vm, args[0], &fd)) return {};
  winsize w;
  if (::ioctl(fd, TIOCGWINSZ, &w) != 0) return RaiseOSError(vm, errno);
  return NewStructSeq(TerminalSizeType(), {Value::Int(w.ws_col), Value::Int(w.ws_row)});
}

constexpr MethodDef kFunctions[] = {{"open", Open},         {"close", Close},
                                    {"read", Read},         {"write", Write},
                                    {"fstat", FStat},       {"isatty", IsAtty},
                                    {"access", Access},     {"chmod", Chmod},
                                    {"umask", Umask},       {"readlink", ReadLink},
                                    {"symlink", Symlink},   {"strerror", StrError},
                                    {"utime", Utime},       {"fsencode", FsEncode},
                                    {"fsdecode", FsDecode}, {"get_terminal_size", GetTerminalSize},
                                    {"scandir", OsScandir}};

}  // namespace

void AddOsFileFunctions(ModuleObject* m) {
  AddFunctions(m, kFunctions);
  AddType(m, TerminalSizeType());
  AddType(m, DirEntryType());
  for (auto [name, v] : {std::pair{"O_RDONLY", O_RDONLY},
                         {"O_WRONLY", O_WRONLY},
                         {"O_RDWR", O_RDWR},
                         {"O_APPEND", O_APPEND},
                         {"O_CREAT", O_CREAT},
                         {"O_EXCL", O_EXCL},
                         {"O_TRUNC", O_TRUNC},
                         {"O_NOFOLLOW", O_NOFOLLOW},
                         {"O_CLOEXEC", O_CLOEXEC},
                         {"O_DIRECTORY", O_DIRECTORY},
                         {"O_NONBLOCK", O_NONBLOCK},
                         {"O_SYNC", O_SYNC},
                         {"O_NOCTTY", O_NOCTTY},
                         {"O_TMPFILE", O_TMPFILE},
                         {"F_OK", F_OK},
                         {"R_OK", R_OK},
                         {"W_OK", W_OK},
                         {"X_OK", X_OK}}) {
    ModuleSet(m, name, Value::Int(v));
  }
  // tc's functions take no dir_fd and no descriptor for a path: the empty
  // sets make shutil and tempfile take their path-based ways.
  for (const char* s : {"supports_dir_fd", "supports_fd", "supports_follow_symlinks",
                        "supports_effective_ids", "supports_bytes_environ"}) {
    ModuleSet(m, s, std::string_view(s) == "supports_bytes_environ" ? Value::Bool(true) : NewSet());
  }
}

}  // namespace tc::script
