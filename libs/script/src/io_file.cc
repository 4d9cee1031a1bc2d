// open() and the raw layer of file objects (io_file.h): mode parsing as
// CPython's _io.open, the descriptor, read-ahead and write-behind buffers.
#include "io_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <iterator>
#include <utility>

#include "absl/strings/str_format.h"

#include "exc_os_error.h"
#include "str_helpers.h"
#include "vm_internal.h"
#include <sys/stat.h>

namespace tc::script {

namespace {

constexpr size_t kChunk = 64 * 1024;

struct OpenMode {
  bool read = false, write = false, create = false, append = false, plus = false;
  bool text = false, binary = false;
};

// The mode letters, and the flag each sets.
constexpr std::pair<char, bool OpenMode::*> kModeLetters[] = {
    {'r', &OpenMode::read},   {'w', &OpenMode::write}, {'x', &OpenMode::create},
    {'a', &OpenMode::append}, {'+', &OpenMode::plus},  {'t', &OpenMode::text},
    {'b', &OpenMode::binary},
};

bool ParseMode(VM& vm, const std::string& mode, OpenMode* m) {
  for (char c : mode) {
    const auto* letter = std::find_if(std::begin(kModeLetters), std::end(kModeLetters),
                                      [c](const auto& row) { return row.first == c; });
    // Each letter at most once.
    if (letter == std::end(kModeLetters) || m->*letter->second) {
      RaiseValueError(vm, absl::StrFormat("invalid mode: '%s'", mode));
      return false;
    }
    m->*letter->second = true;
  }
  if (m->text && m->binary) {
    RaiseValueError(vm, "can't have text and binary mode at once");
    return false;
  }
  if (m->read + m->write + m->create + m->append != 1) {
    RaiseValueError(vm, "must have exactly one of create/read/write/append mode");
    return false;
  }
  return true;
}

// FileIO's mode attribute.
std::string RawMode(const OpenMode& m) {
  if (m.create) return m.plus ? "xb+" : "xb";
  if (m.append) return m.plus ? "ab+" : "ab";
  if (m.read) return m.plus ? "rb+" : "rb";
  return m.plus ? "rb+" : "wb";
}

}  // namespace

FileObject::~FileObject() {
  if (!closed && fd >= 0) {
    if (!wbuf.empty()) {
      // A file dropped unclosed is flushed, as CPython's finalizer does.
      size_t off = 0;
      while (off < wbuf.size()) {
        ssize_t n = ::write(fd, wbuf.data() + off, wbuf.size() - off);
        if (n <= 0) break;
        off += static_cast<size_t>(n);
      }
    }
    if (closefd) ::close(fd);
  }
}

bool FileFlush(VM& vm, FileObject* f) {
  size_t off = 0;
  while (off < f->wbuf.size()) {
    ssize_t n = ::write(f->fd, f->wbuf.data() + off, f->wbuf.size() - off);
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      f->wbuf.erase(0, off);
      RaiseOSError(vm, err);
      return false;
    }
    off += static_cast<size_t>(n);
  }
  f->wbuf.clear();
  return true;
}

bool FileFill(VM& vm, FileObject* f, size_t* got) {
  if (f->rpos > 0 && f->rpos == f->rbuf.size()) {
    f->rbuf.clear();
    f->rpos = 0;
  }
  size_t old = f->rbuf.size();
  f->rbuf.resize(old + kChunk);
  ssize_t n;
  do {
    n = ::read(f->fd, f->rbuf.data() + old, kChunk);
  } while (n < 0 && errno == EINTR);
  if (n < 0) {
    int err = errno;
    f->rbuf.resize(old);
    RaiseOSError(vm, err);
    return false;
  }
  f->rbuf.resize(old + static_cast<size_t>(n));
  *got = static_cast<size_t>(n);
  if (n == 0) f->eof = true;
  return true;
}

bool FileDropReadAhead(VM& vm, FileObject* f) {
  size_t unread = f->unread();
  f->rbuf.clear();
  f->rpos = 0;
  f->eof = false;
  if (unread > 0 && ::lseek(f->fd, -static_cast<off_t>(unread), SEEK_CUR) < 0) {
    RaiseOSError(vm, errno);
    return false;
  }
  return true;
}

bool FileTell(VM& vm, FileObject* f, int64_t* pos) {
  if (!FileFlush(vm, f)) return false;
  off_t p = ::lseek(f->fd, 0, SEEK_CUR);
  if (p < 0) {
    RaiseOSError(vm, errno);
    return false;
  }
  *pos = static_cast<int64_t>(p) - static_cast<int64_t>(f->unread());
  return true;
}

bool FileSeek(VM& vm, FileObject* f, int64_t offset, int whence, int64_t* pos) {
  if (!FileFlush(vm, f) || !FileDropReadAhead(vm, f)) return false;
  off_t p = ::lseek(f->fd, static_cast<off_t>(offset), whence);
  if (p < 0) {
    RaiseOSError(vm, errno);
    return false;
  }
  *pos = p;
  return true;
}

bool FileClose(VM& vm, FileObject* f) {
  if (f->closed) return true;
  bool ok = f->writable ? FileFlush(vm, f) : true;
  f->closed = true;
  if (f->closefd && f->fd >= 0 && ::close(f->fd) != 0 && ok) {
    RaiseOSError(vm, errno);
    ok = false;
  }
  f->rbuf.clear();
  f->rpos = 0;
  return ok;
}

// open(file, mode='r', buffering=-1, encoding=None, errors=None,
//      newline=None, closefd=True, opener=None)
Value OpenBuiltin(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"file",   "mode",    "buffering", "encoding",
                                           "errors", "newline", "closefd",   "opener"};
  Value a[8];
  if (!ParseArgs(vm, args, "open", kNames, 1, a)) return {};
  const Value& file = a[0];
  std::string mode = "r";
  if (!a[1].is_null()) {
    const std::string* s = StrArgText(vm, a[1], "open", "mode");
    if (s == nullptr) return {};
    mode = *s;
  }
  OpenMode m;
  if (!ParseMode(vm, mode, &m)) return {};
  auto opt_str = [&](const Value& v, const char* what, std::optional<std::string>* out) {
    if (v.is_null() || v.is_none()) return true;
    const std::string* s = StrArgText(vm, v, "open", what, /*or_none=*/true);
    if (s == nullptr) return false;
    *out = *s;
    return true;
  };
  std::optional<std::string> encoding, errors, newline;
  if (!opt_str(a[3], "encoding", &encoding) || !opt_str(a[4], "errors", &errors) ||
      !opt_str(a[5], "newline", &newline)) {
    return {};
  }
  if (m.binary && encoding)
    return RaiseValueError(vm, "binary mode doesn't take an encoding argument");
  if (m.binary && errors) return RaiseValueError(vm, "binary mode doesn't take an errors argument");
  if (m.binary && newline)
    return RaiseValueError(vm, "binary mode doesn't take a newline argument");
  if (newline && *newline != "" && *newline != "\n" && *newline != "\r" && *newline != "\r\n") {
    return RaiseValueError(vm, absl::StrFormat("illegal newline value: %s", *newline));
  }
  if (errors && *errors != "strict") {
    return RaiseNotImplementedError(
        vm, absl::StrFormat("open() errors='%s' is not supported by tc (only 'strict')", *errors));
  }
  // opener(path, flags) -> descriptor replaces os.open, as in CPython.
  const Value opener = a[7].is_null() || a[7].is_none() ? Value() : a[7];
  TextCodec codec = TextCodec::kUtf8;
  if (encoding && !LookupTextCodec(vm, *encoding, &codec)) return {};
  bool closefd = true;
  if (!a[6].is_null()) {
    int t = vm.Truthy(a[6]);
    if (t < 0) return {};
    closefd = t == 1;
  }

  int fd;
  if (file.is_int() && !file.is_bool()) {
    fd = static_cast<int>(file.as_int());
    if (fd < 0) return RaiseValueError(vm, "negative file descriptor");
  } else {
    // An os.PathLike (pathlib.Path, os.DirEntry) opens its __fspath__(),
    // which becomes the file's name, as in CPython.
    if (StrValue(file) == nullptr && file.is_object()) {
      Value fspath = vm.GetAttrOrNull(file, Intern("__fspath__"));
      if (!fspath.is_null()) {
        Value p = vm.Call(fspath, {});
        if (p.is_null()) return {};
        if (StrValue(p) == nullptr) {
          return RaiseTypeError(
              vm, absl::StrFormat("expected %s.__fspath__() to return str or bytes, not %s",
                                  TypeName(file), TypeName(p)));
        }
        a[0] = p;
      } else if (vm.HasException()) {
        return {};
      }
    }
    const std::string* path = StrValue(file);
    if (path == nullptr) {
      return RaiseTypeError(
          vm, absl::StrFormat("expected str, bytes or os.PathLike object, not %s", TypeName(file)));
    }
    if (!closefd) return RaiseValueError(vm, "Cannot use closefd=False with file name");
    int flags = O_CLOEXEC;
    if (m.read) flags |= m.plus ? O_RDWR : O_RDONLY;
    if (m.write) flags |= (m.plus ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC;
    if (m.create) flags |= (m.plus ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL;
    if (m.append) flags |= (m.plus ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND;
    if (!opener.is_null()) {
      Value r = vm.Call(opener, {file, Value::Int(flags)});
      if (r.is_null()) return {};
      if (!r.is_int() || r.is_bool()) {
        return RaiseTypeError(
            vm, absl::StrFormat("expected an integer file descriptor, not %s", TypeName(r)));
      }
      if (r.as_int() < 0)
        return RaiseValueError(vm, absl::StrFormat("opener returned %d", r.as_int()));
      fd = static_cast<int>(r.as_int());
    } else {
      do {
        fd = ::open(path->c_str(), flags, 0666);
      } while (fd < 0 && errno == EINTR);
    }
    if (fd < 0) return RaiseOSError(vm, errno, file);
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd);
      return RaiseOSError(vm, EISDIR, file);
    }
  }
  Type* type = FileTypeOf(!m.binary ? FileKind::kTextIOWrapper
                          : m.plus  ? FileKind::kBufferedRandom
                          : m.read  ? FileKind::kBufferedReader
                                    : FileKind::kBufferedWriter);
  auto* f = new FileObject(type);
  Value fv = Value::Adopt(f);
  f->fd = fd;
  f->closefd = closefd;
  f->name = file;
  f->readable = m.read || m.plus;
  f->writable = !m.read || m.plus;
  f->appending = m.append;
  f->binary = m.binary;
  f->mode = m.binary ? RawMode(m) : mode;
  if (!m.binary) {
    f->codec = codec;
    f->encoding = encoding ? *encoding : "UTF-8";
    f->newline = newline;
  }
  if (m.append && ::lseek(fd, 0, SEEK_END) < 0 && errno != ESPIPE) {
    return RaiseOSError(vm, errno, file);
  }
  return fv;
}

Value NewStdinFile(VM&) {
  auto* f = new FileObject(FileTypeOf(FileKind::kTextIOWrapper));
  Value fv = Value::Adopt(f);
  f->fd = 0;
  f->closefd = false;
  f->name = NewStr("<stdin>");
  f->readable = true;
  f->mode = "r";
  f->encoding = "utf-8";
  return fv;
}

}  // namespace tc::script
