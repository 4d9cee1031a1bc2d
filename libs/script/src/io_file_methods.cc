// The methods of file objects (io_file.h): reading by characters or bytes
// and by lines (text mode decodes and translates newlines as CPython's
// TextIOWrapper), writing, seek/tell, iteration and the context manager.
#include <unistd.h>

#include <cerrno>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"

#include "tc/script/native.h"

#include "exc_os_error.h"
#include "io_bases.h"
#include "io_file.h"
#include "str_helpers.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

FileObject* F(const Value& self) { return Cast<FileObject>(self); }

bool CheckOpen(VM& vm, FileObject* f) {
  if (!f->closed) return true;
  RaiseValueError(vm, "I/O operation on closed file.");
  return false;
}
bool CheckReadable(VM& vm, FileObject* f) {
  if (!CheckOpen(vm, f)) return false;
  if (!f->readable) {
    Raise(vm, Types().unsupported_operation, "not readable");
    return false;
  }
  return f->wbuf.empty() || FileFlush(vm, f);
}
bool CheckWritable(VM& vm, FileObject* f) {
  if (!CheckOpen(vm, f)) return false;
  if (!f->writable) {
    Raise(vm, Types().unsupported_operation, "not writable");
    return false;
  }
  return f->unread() == 0 || FileDropReadAhead(vm, f);
}

bool Universal(const FileObject* f) { return !f->binary && (!f->newline || f->newline->empty()); }

// Bytes in the character starting at raw[i].
size_t CharLen(const FileObject* f, std::string_view raw, size_t i) {
  if (f->binary || f->codec != TextCodec::kUtf8) return 1;
  unsigned char c = static_cast<unsigned char>(raw[i]);
  return c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 1;
}

// Walks up to n characters of the read-ahead (all when n < 0) and returns
// the raw end. In universal mode "\r\n" is one character. Stops short of
// a character that is not all buffered, and of a final '\r' whose '\n'
// may follow, unless at end of file; *complete says whether n were found.
size_t WalkChars(const FileObject* f, int64_t n, bool* complete) {
  std::string_view raw(f->rbuf);
  size_t i = f->rpos;
  int64_t taken = 0;
  while (i < raw.size() && (n < 0 || taken < n)) {
    size_t len = CharLen(f, raw, i);
    if (i + len > raw.size()) {
      if (!f->eof) break;
      len = raw.size() - i;
    }
    if (raw[i] == '\r' && Universal(f)) {
      if (i + 1 >= raw.size() && !f->eof) break;
      if (i + 1 < raw.size() && raw[i + 1] == '\n') len = 2;
    }
    i += len;
    ++taken;
  }
  *complete = n >= 0 && taken == n;
  return i;
}

// Decodes raw[rpos, end) as text and consumes it.
bool TakeText(VM& vm, FileObject* f, size_t end, std::string* out) {
  std::string_view raw = std::string_view(f->rbuf).substr(f->rpos, end - f->rpos);
  if (!DecodeText(vm, f->codec, raw, out)) return false;
  f->rpos = end;
  if (!f->newline.has_value()) {
    // Universal newlines, translated: "\r\n" and "\r" read as "\n".
    if (out->find('\r') != std::string::npos) {
      absl::StrReplaceAll({{"\r\n", "\n"}}, out);
      absl::StrReplaceAll({{"\r", "\n"}}, out);
    }
  }
  return true;
}

// read(n): n characters (text) or bytes (binary); everything when n < 0.
bool ReadData(VM& vm, FileObject* f, int64_t n, std::string* out) {
  size_t got = 1;
  if (f->binary) {
    while ((n < 0 || f->unread() < static_cast<size_t>(n)) && !f->eof) {
      if (!FileFill(vm, f, &got)) return false;
      if (got == 0) break;
    }
    size_t take = n < 0 ? f->unread() : std::min(f->unread(), static_cast<size_t>(n));
    out->assign(f->rbuf, f->rpos, take);
    f->rpos += take;
    if (n < 0) f->eof = false;  // a later read tries again
    return true;
  }
  for (;;) {
    bool complete;
    size_t end = WalkChars(f, n, &complete);
    if (complete || f->eof) {
      bool ok = TakeText(vm, f, end, out);
      f->eof = false;
      return ok;
    }
    if (!FileFill(vm, f, &got)) return false;
  }
}

// readline(limit): up to and including the line end (for text, the
// newline mode's), at most `limit` characters/bytes when limit >= 0.
bool ReadLine(VM& vm, FileObject* f, int64_t limit, std::string* out) {
  size_t got;
  size_t scan = f->rpos;
  for (;;) {
    std::string_view raw(f->rbuf);
    size_t end = std::string_view::npos;
    bool need_more = false;
    if (f->binary || (f->newline && *f->newline == "\n")) {
      size_t p = raw.find('\n', scan);
      if (p != std::string_view::npos) end = p + 1;
    } else if (f->newline && *f->newline == "\r") {
      size_t p = raw.find('\r', scan);
      if (p != std::string_view::npos) end = p + 1;
    } else if (f->newline && *f->newline == "\r\n") {
      size_t p = raw.find("\r\n", scan);
      if (p != std::string_view::npos) end = p + 2;
    } else {
      size_t p = raw.find_first_of("\r\n", scan);
      if (p != std::string_view::npos) {
        if (raw[p] == '\n') {
          end = p + 1;
        } else if (p + 1 < raw.size()) {
          end = raw[p + 1] == '\n' ? p + 2 : p + 1;
        } else if (f->eof) {
          end = p + 1;
        } else {
          need_more = true;
        }
      }
    }
    if (end == std::string_view::npos && !need_more && f->eof) end = raw.size();
    if (end != std::string_view::npos) {
      if (limit >= 0) {
        // The first `limit` characters of the line at most.
        std::string saved = f->rbuf.substr(end);
        bool saved_eof = f->eof;
        f->rbuf.resize(end);
        f->eof = true;
        bool complete;
        size_t cut = f->binary ? std::min(end, f->rpos + static_cast<size_t>(limit))
                               : WalkChars(f, limit, &complete);
        f->rbuf += saved;
        f->eof = saved_eof;
        end = std::min(end, cut);
      }
      bool ok;
      if (f->binary) {
        out->assign(f->rbuf, f->rpos, end - f->rpos);
        f->rpos = end;
        ok = true;
      } else {
        ok = TakeText(vm, f, end, out);
      }
      f->eof = false;
      return ok;
    }
    scan = raw.size() > 0 && need_more ? raw.size() - 1 : raw.size();
    if (!FileFill(vm, f, &got)) return false;
  }
}

Value DataValue(VM&, FileObject* f, std::string data) {
  return f->binary ? NewBytes(std::move(data)) : NewStr(std::move(data));
}

bool SizeArg(VM& vm, const ArgsView& args, const char* fname, int64_t* n) {
  *n = -1;
  if (!CheckArgCount(vm, args, fname, 0, 1)) return false;
  if (args.nargs == 1 && !args[0].is_none()) {
    if (args[0].is_float()) {
      RaiseTypeError(vm, "argument should be integer or None, not 'float'");
      return false;
    }
    if (!ToInt(vm, args[0], n)) return false;
  }
  return true;
}

// read(n) and readline(n) (kLine: up to the end of the line too).
template <bool kLine>
Value Read(VM& vm, const Value& self, const ArgsView& args) {
  FileObject* f = F(self);
  int64_t n;
  if (!SizeArg(vm, args, kLine ? "readline" : "read", &n) || !CheckReadable(vm, f)) return {};
  std::string out;
  if (!(kLine ? ReadLine(vm, f, n, &out) : ReadData(vm, f, n, &out))) return {};
  return DataValue(vm, f, std::move(out));
}
Value ReadLines(VM& vm, const Value& self, const ArgsView& args) {
  FileObject* f = F(self);
  int64_t hint;
  if (!SizeArg(vm, args, "readlines", &hint) || !CheckReadable(vm, f)) return {};
  std::vector<Value> lines;
  int64_t total = 0;
  for (;;) {
    std::string line;
    if (!ReadLine(vm, f, -1, &line)) return {};
    if (line.empty()) break;
    total += static_cast<int64_t>(line.size());
    Value v = DataValue(vm, f, std::move(line));
    if (v.is_null()) return {};
    lines.push_back(std::move(v));
    if (hint > 0 && total >= hint) break;
  }
  return NewList(std::move(lines));
}

// Text: newline translation and encoding; binary: the bytes as they are.
bool WriteValue(VM& vm, FileObject* f, const Value& v, int64_t* written) {
  if (f->binary) {
    const std::string* data = BytesValue(v);
    std::string viewed;  // a memoryview's bytes (pathlib's write_bytes)
    if (data == nullptr && MemoryViewBytes(v, &viewed)) data = &viewed;
    if (data == nullptr) {
      if (StrValue(v) != nullptr) {
        RaiseTypeError(vm, "a bytes-like object is required, not 'str'");
      } else {
        RaiseTypeError(vm,
                       absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(v)));
      }
      return false;
    }
    f->wbuf += *data;
    *written = static_cast<int64_t>(data->size());
  } else {
    const std::string* s = StrArgText(vm, v, "write");
    if (s == nullptr) return false;
    std::string text = *s;
    if (f->newline && (*f->newline == "\r" || *f->newline == "\r\n")) {
      absl::StrReplaceAll({{"\n", *f->newline}}, &text);
    }
    std::string encoded;
    if (!EncodeText(vm, f->codec, text, &encoded)) return false;
    f->wbuf += encoded;
    *written = CountCodePoints(*s);
  }
  if (f->wbuf.size() >= 64 * 1024 && !FileFlush(vm, f)) return false;
  return true;
}

Value Write(VM& vm, const Value& self, const ArgsView& args) {
  FileObject* f = F(self);
  if (!CheckArgCount(vm, args, "write", 1, 1) || !CheckWritable(vm, f)) return {};
  int64_t n;
  if (!WriteValue(vm, f, args[0], &n)) return {};
  return Value::Int(n);
}
Value WriteLines(VM& vm, const Value& self, const ArgsView& args) {
  FileObject* f = F(self);
  if (!CheckArgCount(vm, args, "writelines", 1, 1) || !CheckWritable(vm, f)) return {};
  Value it = vm.Iter(args[0]);
  if (it.is_null()) return {};
  for (;;) {
    Value item = vm.Next(it);
    if (item.is_null()) break;
    int64_t n;
    if (!WriteValue(vm, f, item, &n)) return {};
  }
  if (vm.HasException()) return {};
  return Value::None();
}

Value Flush(VM& vm, const Value& self, const ArgsView& args) {
  FileObject* f = F(self);
  if (!CheckArgCount(vm, args, "flush", 0, 0) || !CheckOpen(vm, f) || !FileFlush(vm, f)) {
    return {};
  }
  return Value::None();
}
Value Close(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "close", 0, 0) || !FileClose(vm, F(self))) return {};
  return Value::None();
}
Value Tell(VM& vm, const Value& self, const ArgsView& args) {
  FileObject* f = F(self);
  int64_t pos;
  if (!CheckArgCount(vm, args, "tell", 0, 0) || !CheckOpen(vm, f) || !FileTell(vm, f, &pos)) {
    return {};
  }
  return Value::Int(pos);
}
Value Seek(VM& vm, const Value& self, const ArgsView& args) {
  FileObject* f = F(self);
  if (!CheckArgCount(vm, args, "seek", 1, 2) || !CheckOpen(vm, f)) return {};
  int64_t offset, whence = 0;
  if (args[0].is_float()) {
    return RaiseTypeError(vm, "'float' object cannot be interpreted as an integer");
  }
  if (!ToInt(vm, args[0], &offset) || (args.nargs == 2 && !ToInt(vm, args[1], &whence))) return {};
  if (whence < 0 || whence > 2) {
    return RaiseValueError(vm, absl::StrFormat("invalid whence (%d, should be 0, 1 or 2)", whence));
  }
  if (!f->binary) {
    if (whence == 1 && offset != 0) {
      return Raise(vm, Types().unsupported_operation, "can't do nonzero cur-relative seeks");
    }
    if (whence == 2 && offset != 0) {
      return Raise(vm, Types().unsupported_operation, "can't do nonzero end-relative seeks");
    }
    if (whence == 0 && offset < 0) {
      return RaiseValueError(vm, absl::StrFormat("negative seek position %d", offset));
    }
    if (whence == 1) {
      // The logical position, not the descriptor's.
      if (!FileTell(vm, f, &offset)) return {};
      whence = 0;
    }
  }
  int64_t pos;
  if (!FileSeek(vm, f, offset, static_cast<int>(whence), &pos)) return {};
  return Value::Int(pos);
}
Value Truncate(VM& vm, const Value& self, const ArgsView& args) {
  FileObject* f = F(self);
  if (!CheckArgCount(vm, args, "truncate", 0, 1) || !CheckWritable(vm, f)) return {};
  int64_t size;
  if (args.nargs == 1 && !args[0].is_none()) {
    if (!ToInt(vm, args[0], &size)) return {};
  } else if (!FileTell(vm, f, &size)) {
    return {};
  }
  if (!FileFlush(vm, f)) return {};
  if (::ftruncate(f->fd, static_cast<off_t>(size)) != 0) return RaiseOSError(vm, errno);
  return Value::Int(size);
}
Value Fileno(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "fileno", 0, 0) || !CheckOpen(vm, F(self))) return {};
  return Value::Int(F(self)->fd);
}
Value Isatty(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "isatty", 0, 0) || !CheckOpen(vm, F(self))) return {};
  return Value::Bool(::isatty(F(self)->fd) == 1);
}
Value Readable(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "readable", 0, 0) || !CheckOpen(vm, F(self))) return {};
  return Value::Bool(F(self)->readable);
}
Value Writable(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "writable", 0, 0) || !CheckOpen(vm, F(self))) return {};
  return Value::Bool(F(self)->writable);
}
Value Seekable(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "seekable", 0, 0) || !CheckOpen(vm, F(self))) return {};
  return Value::Bool(::lseek(F(self)->fd, 0, SEEK_CUR) >= 0);
}
Value Iter(VM& vm, const Value& self, const ArgsView&) {
  if (!CheckOpen(vm, F(self))) return {};
  return self;
}
Value Next(VM& vm, const Value& self, const ArgsView&) {
  FileObject* f = F(self);
  if (!CheckReadable(vm, f)) return {};
  std::string line;
  if (!ReadLine(vm, f, -1, &line)) return {};
  if (line.empty()) {
    vm.SetException(NewExceptionArgs(Types().stop_iteration, NewTuple({})));
    return {};
  }
  return DataValue(vm, f, std::move(line));
}
Value Enter(VM& vm, const Value& self, const ArgsView&) {
  if (!CheckOpen(vm, F(self))) return {};
  return self;
}
Value Exit(VM& vm, const Value& self, const ArgsView&) {
  if (!FileClose(vm, F(self))) return {};
  return Value::None();
}
Value Repr(VM& vm, const Value& self, const ArgsView&) {
  FileObject* f = F(self);
  std::string name;
  if (!vm.ReprString(f->name, &name)) return {};
  if (f->binary) {
    return NewStr(absl::StrFormat("<_io.%s name=%s>", self.type()->name, name));
  }
  return NewStr(absl::StrFormat("<_io.TextIOWrapper name=%s mode='%s' encoding='%s'>", name,
                                f->mode, f->encoding));
}

Value Name(VM&, const Value& self) { return F(self)->name; }
// name is writable, as on CPython's files (tempfile names its files so).
bool SetName(VM&, const Value& self, const Value& v) {
  F(self)->name = v;
  return true;
}
Value Mode(VM&, const Value& self) { return NewStr(F(self)->mode); }
// A text file's mode is an attribute a caller may set, as CPython's
// (tokenize.open sets it to 'r').
bool SetMode(VM& vm, const Value& self, const Value& v) {
  const std::string* s = StrValue(v);
  if (s == nullptr) {
    RaiseTypeError(vm, absl::StrFormat("mode must be str, not %s", TypeName(v)));
    return false;
  }
  F(self)->mode = *s;
  return true;
}
Value Closed(VM&, const Value& self) { return Value::Bool(F(self)->closed); }
Value Encoding(VM&, const Value& self) { return NewStr(F(self)->encoding); }
Value Errors(VM&, const Value&) { return NewStr("strict"); }
Value Newlines(VM&, const Value&) { return Value::None(); }

constexpr MethodDef kFileMethods[] = {{"read", Read<false>},
                                      {"readline", Read<true>},
                                      {"readlines", ReadLines},
                                      {"write", Write},
                                      {"writelines", WriteLines},
                                      {"flush", Flush},
                                      {"close", Close},
                                      {"tell", Tell},
                                      {"seek", Seek},
                                      {"truncate", Truncate},
                                      {"fileno", Fileno},
                                      {"isatty", Isatty},
                                      {"readable", Readable},
                                      {"writable", Writable},
                                      {"seekable", Seekable},
                                      {"__iter__", Iter},
                                      {"__next__", Next},
                                      {"__enter__", Enter},
                                      {"__exit__", Exit},
                                      {"__repr__", Repr}};
constexpr GetSetDef kTextGetSets[] = {{"name", Name, SetName}, {"mode", Mode, SetMode},
                                      {"closed", Closed},      {"encoding", Encoding},
                                      {"errors", Errors},      {"newlines", Newlines}};
constexpr GetSetDef kBinaryGetSets[] = {
    {"name", Name, SetName}, {"mode", Mode}, {"closed", Closed}};

Type* FileType(const char* name, bool text) {
  return NewNativeType({.name = name,
                        .module = "_io",
                        .base = text ? TextIOBaseType() : BufferedIOBaseType(),
                        .methods = kFileMethods,
                        .getsets = text ? std::span<const GetSetDef>(kTextGetSets)
                                        : std::span<const GetSetDef>(kBinaryGetSets)});
}

}  // namespace

Type* FileTypeOf(FileKind kind) {
  // In FileKind's order.
  static Type* const kTypes[] = {FileType("TextIOWrapper", true), FileType("BufferedReader", false),
                                 FileType("BufferedWriter", false),
                                 FileType("BufferedRandom", false)};
  return kTypes[static_cast<int>(kind)];
}

}  // namespace tc::script
