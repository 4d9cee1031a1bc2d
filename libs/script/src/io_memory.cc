// io.StringIO and io.BytesIO: in-memory text and binary streams with
// CPython's read/readline/write/seek/tell/getvalue behaviour (StringIO
// positions count code points; writing past the end pads with NULs).
#include "io_memory.h"

#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "io_bases.h"
#include "io_codec.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

struct MemoryObject : Object {
  explicit MemoryObject(Type* t) : Object(t) {}
  std::string buf;   // UTF-8 text (StringIO) or bytes (BytesIO)
  size_t pos = 0;    // byte offset; may pass the end after a seek
  int64_t cpos = 0;  // StringIO: the position in code points
  bool closed = false;
  bool binary = false;
};

MemoryObject* M(const Value& self) { return Cast<MemoryObject>(self); }

bool CheckOpen(VM& vm, MemoryObject* m) {
  if (!m->closed) return true;
  RaiseValueError(vm, "I/O operation on closed file");
  return false;
}

size_t CharBytes(const MemoryObject* m, size_t i) {
  if (m->binary) return 1;
  unsigned char c = static_cast<unsigned char>(m->buf[i]);
  return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

// Advances from pos by up to n characters (all when n < 0), stopping
// after a '\n' when `line`.
size_t Advance(MemoryObject* m, int64_t n, bool line) {
  size_t i = m->pos;
  int64_t k = 0;
  while (i < m->buf.size() && (n < 0 || k < n)) {
    char c = m->buf[i];
    i += CharBytes(m, i);
    ++k;
    if (line && c == '\n') break;
  }
  i = std::min(i, m->buf.size());
  m->cpos += k;
  return i;
}

Value Data(VM&, MemoryObject* m, std::string s) {
  return m->binary ? NewBytes(std::move(s)) : NewStr(std::move(s));
}

bool SizeArg(VM& vm, const ArgsView& args, const char* fname, int64_t* n) {
  *n = -1;
  if (!CheckArgCount(vm, args, fname, 0, 1)) return false;
  if (args.nargs == 1 && !args[0].is_none() && !ToInt(vm, args[0], n)) return false;
  return true;
}

Value Init(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  m->binary = IsSubtype(self.type(), BytesIOType());
  static constexpr const char* kText[] = {"initial_value", "newline"};
  static constexpr const char* kBytes[] = {"initial_bytes"};
  Value a[2];
  if (!ParseArgs(
          vm, args, m->binary ? "BytesIO" : "StringIO",
          m->binary ? std::span<const char* const>(kBytes) : std::span<const char* const>(kText), 0,
          a)) {
    return {};
  }
  if (!m->binary && !a[1].is_null() && !a[1].is_none()) {
    const std::string* nl = StrValue(a[1]);
    if (nl == nullptr || *nl != "\n") {
      return RaiseNotImplementedError(vm,
                                      "io.StringIO newline= other than '\\n' is not "
                                      "supported by tc");
    }
  }
  m->buf.clear();
  m->pos = 0;
  m->cpos = 0;
  if (!a[0].is_null() && !a[0].is_none()) {
    const std::string* s = m->binary ? BytesValue(a[0]) : StrValue(a[0]);
    if (s == nullptr) {
      return RaiseTypeError(
          vm, m->binary
                  ? absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(a[0]))
                  : absl::StrFormat("initial_value must be str or None, not %s", TypeName(a[0])));
    }
    m->buf = *s;
  }
  return Value::None();
}

// read(n) and readline(n) (kLine: up to the end of the line too).
template <bool kLine>
Value Read(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  int64_t n;
  if (!SizeArg(vm, args, kLine ? "readline" : "read", &n) || !CheckOpen(vm, m)) return {};
  if (m->pos >= m->buf.size()) return Data(vm, m, "");
  size_t end = Advance(m, n, kLine);
  std::string out = m->buf.substr(m->pos, end - m->pos);
  m->pos = end;
  return Data(vm, m, std::move(out));
}
Value ReadLines(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  if (!CheckArgCount(vm, args, "readlines", 0, 1) || !CheckOpen(vm, m)) return {};
  std::vector<Value> lines;
  while (m->pos < m->buf.size()) {
    size_t end = Advance(m, -1, true);
    Value v = Data(vm, m, m->buf.substr(m->pos, end - m->pos));
    if (v.is_null()) return {};
    m->pos = end;
    lines.push_back(std::move(v));
  }
  return NewList(std::move(lines));
}

bool WriteOne(VM& vm, MemoryObject* m, const Value& v, int64_t* written) {
  const std::string* s = m->binary ? BytesValue(v) : StrValue(v);
  Value view_bytes;  // a memoryview's bytes (BytesIO takes any buffer)
  if (s == nullptr && m->binary && v.is_object() && IsInstance(v, MemoryViewType())) {
    view_bytes = vm.CallMethod(v, "tobytes", {});
    if (view_bytes.is_null()) return false;
    s = BytesValue(view_bytes);
  }
  if (s == nullptr) {
    RaiseTypeError(
        vm, m->binary ? absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(v))
                      : absl::StrFormat("string argument expected, got '%s'", TypeName(v)));
    return false;
  }
  if (m->pos > m->buf.size()) m->buf.append(m->pos - m->buf.size(), '\0');
  // Overwrite as many characters as are written.
  int64_t n = m->binary ? static_cast<int64_t>(s->size()) : CountCodePoints(*s);
  size_t end = m->pos;
  for (int64_t k = 0; k < n && end < m->buf.size(); ++k) end += CharBytes(m, end);
  end = std::min(end, m->buf.size());
  m->buf.replace(m->pos, end - m->pos, *s);
  m->pos += s->size();
  m->cpos += n;
  *written = n;
  return true;
}

Value Write(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  if (!CheckArgCount(vm, args, "write", 1, 1) || !CheckOpen(vm, m)) return {};
  int64_t n;
  if (!WriteOne(vm, m, args[0], &n)) return {};
  return Value::Int(n);
}
Value WriteLines(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  if (!CheckArgCount(vm, args, "writelines", 1, 1) || !CheckOpen(vm, m)) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, args[0])) return {};
  for (const Value& v : items) {
    int64_t n;
    if (!WriteOne(vm, m, v, &n)) return {};
  }
  return Value::None();
}
Value GetValue(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  if (!CheckArgCount(vm, args, "getvalue", 0, 0) || !CheckOpen(vm, m)) return {};
  return Data(vm, m, m->buf);
}
// BytesIO.getbuffer: a memoryview of the current contents. A snapshot,
// where CPython's view is live and writable: pickle's framer (its one user
// here) only reads it.
Value GetBuffer(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  if (!CheckArgCount(vm, args, "getbuffer", 0, 0) || !CheckOpen(vm, m)) return {};
  return vm.Call(Value::Borrow(MemoryViewType()), {NewBytes(m->buf)});
}
Value Tell(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  if (!CheckArgCount(vm, args, "tell", 0, 0) || !CheckOpen(vm, m)) return {};
  return Value::Int(m->binary ? static_cast<int64_t>(m->pos) : m->cpos);
}
Value Seek(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  if (!CheckArgCount(vm, args, "seek", 1, 2) || !CheckOpen(vm, m)) return {};
  int64_t offset, whence = 0;
  if (!ToInt(vm, args[0], &offset) || (args.nargs == 2 && !ToInt(vm, args[1], &whence))) return {};
  if (whence < 0 || whence > 2) {
    return RaiseValueError(vm, absl::StrFormat("invalid whence (%d, should be 0, 1 or 2)", whence));
  }
  int64_t length = m->binary ? static_cast<int64_t>(m->buf.size()) : CountCodePoints(m->buf);
  int64_t cur = m->binary ? static_cast<int64_t>(m->pos) : m->cpos;
  if (!m->binary && whence != 0 && offset != 0) {
    return Raise(vm, Types().os_error,
                 whence == 1 ? "Can't do nonzero cur-relative seeks"
                             : "Can't do nonzero end-relative seeks");
  }
  int64_t target = whence == 0 ? offset : whence == 1 ? cur + offset : length + offset;
  if (target < 0) {
    if (whence == 0) {
      return RaiseValueError(vm, absl::StrFormat("negative seek value %d", offset));
    }
    target = 0;
  }
  if (m->binary) {
    m->pos = static_cast<size_t>(target);
  } else {
    // Character position to byte offset; beyond the end, NUL padding on
    // the next write.
    m->pos = 0;
    m->cpos = 0;
    size_t end = Advance(m, target, false);
    m->pos = end + static_cast<size_t>(target - m->cpos);
    m->cpos = target;
  }
  return Value::Int(target);
}
Value Truncate(VM& vm, const Value& self, const ArgsView& args) {
  MemoryObject* m = M(self);
  if (!CheckArgCount(vm, args, "truncate", 0, 1) || !CheckOpen(vm, m)) return {};
  int64_t size = m->binary ? static_cast<int64_t>(m->pos) : m->cpos;
  if (args.nargs == 1 && !args[0].is_none() && !ToInt(vm, args[0], &size)) return {};
  if (size < 0) return RaiseValueError(vm, absl::StrFormat("Negative size value %d", size));
  size_t saved_pos = m->pos;
  int64_t saved_cpos = m->cpos;
  m->pos = 0;
  m->cpos = 0;
  size_t end = Advance(m, size, false);
  if (end < m->buf.size()) m->buf.resize(end);
  m->pos = saved_pos;
  m->cpos = saved_cpos;
  return Value::Int(size);
}
Value Close(VM&, const Value& self, const ArgsView&) {
  M(self)->closed = true;
  M(self)->buf.clear();
  return Value::None();
}
Value True(VM& vm, const Value& self, const ArgsView&) {
  if (!CheckOpen(vm, M(self))) return {};
  return Value::Bool(true);
}
Value Iter(VM& vm, const Value& self, const ArgsView&) {
  if (!CheckOpen(vm, M(self))) return {};
  return self;
}
Value Next(VM& vm, const Value& self, const ArgsView&) {
  MemoryObject* m = M(self);
  if (!CheckOpen(vm, m)) return {};
  if (m->pos >= m->buf.size()) {
    vm.SetException(NewExceptionArgs(Types().stop_iteration, NewTuple({})));
    return {};
  }
  size_t end = Advance(m, -1, true);
  std::string out = m->buf.substr(m->pos, end - m->pos);
  m->pos = end;
  return Data(vm, m, std::move(out));
}
Value Exit(VM&, const Value& self, const ArgsView&) {
  M(self)->closed = true;
  return Value::None();
}
Value Closed(VM&, const Value& self) { return Value::Bool(M(self)->closed); }

constexpr MethodDef kMemoryMethods[] = {
    {"__init__", Init},       {"read", Read<false>}, {"readline", Read<true>},
    {"readlines", ReadLines}, {"write", Write},      {"writelines", WriteLines},
    {"getvalue", GetValue},   {"tell", Tell},        {"seek", Seek},
    {"truncate", Truncate},   {"close", Close},      {"readable", True},
    {"writable", True},       {"seekable", True},    {"flush", Iter},
    {"__iter__", Iter},       {"__next__", Next},    {"__enter__", Iter},
    {"__exit__", Exit}};
constexpr GetSetDef kMemoryGetSets[] = {{"closed", Closed}};

Type* MemoryType(const char* name, Type* base) {
  return NewNativeType({.name = name,
                        .module = "_io",
                        .base = base,
                        .methods = kMemoryMethods,
                        .getsets = kMemoryGetSets,
                        .alloc = [](Type* cls) -> Object* { return new MemoryObject(cls); },
                        .flags = Type::kBaseType | Type::kInstanceDict});
}

}  // namespace

Type* StringIOType() {
  static Type* t = MemoryType("StringIO", TextIOBaseType());
  return t;
}
Type* BytesIOType() {
  static Type* t = [] {
    Type* b = MemoryType("BytesIO", BufferedIOBaseType());
    static constexpr MethodDef kBytesOnly[] = {{"getbuffer", GetBuffer}};
    AddMethods(b, kBytesOnly);
    UpdateSlots(b);
    return b;
  }();
  return t;
}

}  // namespace tc::script
