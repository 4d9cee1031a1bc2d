// bytes and bytearray: construction, the sequence protocol (items are
// ints), comparisons, concatenation, repr, hex/fromhex, decode, the common
// search methods, and bytearray's mutation. CPython 3.11's behaviour and
// error texts.
#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"
#include "tc/support/py_repr.h"

#include "src/str_codecs.h"
#include "src/str_helpers.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

BytesObject* B(const Value& v) { return static_cast<BytesObject*>(v.as_object()); }
bool IsByteArray(const Value& v) { return IsInstance(v, Types().bytearray); }
// The result type of an operation on `self`: bytearray stays bytearray.
Value Make(const Value& self, std::string data) {
  return IsByteArray(self) ? NewByteArray(std::move(data)) : NewBytes(std::move(data));
}

// A byte value from an int-like: TypeError / ValueError as CPython.
bool ByteOf(VM& vm, const Value& v, unsigned char* out, const char* range_msg) {
  if (!v.is_int() && !v.is_bool()) {
    int64_t i;
    if (v.is_float() || StrValue(v) != nullptr || BytesValue(v) != nullptr || !ToInt(vm, v, &i)) {
      if (!vm.HasException()) {
        RaiseTypeError(
            vm, absl::StrFormat("'%s' object cannot be interpreted as an integer", TypeName(v)));
      }
      return false;
    }
    if (i < 0 || i > 255) return RaiseValueError(vm, range_msg), false;
    *out = static_cast<unsigned char>(i);
    return true;
  }
  int64_t i = v.as_int();
  if (i < 0 || i > 255) return RaiseValueError(vm, range_msg), false;
  *out = static_cast<unsigned char>(i);
  return true;
}

// The bytes an argument stands for in bytes(x)/bytearray(x)/extend(x).
bool DataFrom(VM& vm, const Value& src, std::string* out) {
  if (const std::string* d = BytesValue(src)) {
    *out = *d;
    return true;
  }
  std::vector<Value> items;
  if (!vm.Extend(&items, src)) {
    if (vm.ExceptionMatches(Types().type_error)) {
      vm.ClearException();
      RaiseTypeError(vm,
                     absl::StrFormat("cannot convert '%s' object to %s", TypeName(src), "bytes"));
    }
    return false;
  }
  out->clear();
  for (const Value& v : items) {
    unsigned char b;
    if (!ByteOf(vm, v, &b, "bytes must be in range(0, 256)")) return false;
    out->push_back(static_cast<char>(b));
  }
  return true;
}

// bytes(...) and bytearray(...): (), (int), (str, encoding[, errors]),
// (bytes-like or iterable of ints).
bool Construct(VM& vm, const ArgsView& args, const char* name, std::string* out) {
  static constexpr const char* kNames[] = {"source", "encoding", "errors"};
  Value a[3];
  if (!ParseArgs(vm, args, name, kNames, 0, a)) return false;
  out->clear();
  if (a[0].is_null()) {
    if (!a[1].is_null() || !a[2].is_null()) {
      RaiseTypeError(vm, a[1].is_null() ? "errors without a string argument"
                                        : "encoding without a string argument");
      return false;
    }
    return true;
  }
  if (StrValue(a[0]) != nullptr) {
    if (a[1].is_null()) {
      RaiseTypeError(vm, "string argument without an encoding");
      return false;
    }
    Value enc = EncodeStrArgs(vm, AsStr(a[0]), a[1], a[2]);
    if (enc.is_null()) return false;
    *out = B(enc)->data;
    return true;
  }
  if (!a[1].is_null() || !a[2].is_null()) {
    RaiseTypeError(vm, a[1].is_null() ? "errors without a string argument"
                                      : "encoding without a string argument");
    return false;
  }
  if (a[0].is_int()) {
    if (a[0].as_int() < 0) return RaiseValueError(vm, "negative count"), false;
    out->assign(static_cast<size_t>(a[0].as_int()), '\0');
    return true;
  }
  if (a[0].is_float()) {
    RaiseTypeError(vm, absl::StrFormat("cannot convert 'float' object to %s", name));
    return false;
  }
  return DataFrom(vm, a[0], out);
}

Value BytesNew(VM& vm, const Value& cls, const ArgsView& args) {
  std::string data;
  if (!Construct(vm, args, "bytes", &data)) return {};
  Type* t = Cast<Type>(cls);
  if (t == Types().bytes) return NewBytes(std::move(data));
  return Value::Adopt(new BytesObject(t, std::move(data)));
}
Value ByteArrayNew(VM&, const Value& cls, const ArgsView&) {
  return Value::Adopt(new BytesObject(Cast<Type>(cls), ""));
}
Value ByteArrayInit(VM& vm, const Value& self, const ArgsView& args) {
  std::string data;
  if (!Construct(vm, args, "bytearray", &data)) return {};
  B(self)->data = std::move(data);
  return Value::None();
}

Value BytesRepr(VM&, const Value& self, const ArgsView&) {
  std::string r = support::PyBytesRepr(B(self)->data);
  if (IsByteArray(self)) r = absl::StrFormat("%s(%s)", self.type()->name, r);
  return NewStr(std::move(r));
}
Value BytesLen(VM&, const Value& self, const ArgsView&) {
  return Value::Int(static_cast<int64_t>(B(self)->data.size()));
}
Value BytesHash(VM& vm, const Value& self, const ArgsView&) {
  if (IsByteArray(self)) {
    return RaiseTypeError(vm, absl::StrFormat("unhashable type: '%s'", TypeName(self)));
  }
  BytesObject* b = B(self);
  if (b->hash == -1) b->hash = HashBytes(b->data);
  return Value::Int(b->hash);
}

// An item index, with bytes' and bytearray's own error texts.
bool ByteIndex(VM& vm, const Value& self, const Value& key, int64_t size, int64_t* out) {
  bool ba = IsByteArray(self);
  int64_t i;
  if (key.is_int() || key.is_bool()) {
    i = key.as_int();
  } else if (!key.is_object() || key.type()->slot(Slot::kIndex).is_null()) {
    RaiseTypeError(vm, absl::StrFormat("%s indices must be integers or slices, not %s",
                                       ba ? "bytearray" : "byte", TypeName(key)));
    return false;
  } else if (!ToInt(vm, key, &i)) {
    return false;
  }
  if (i < 0) i += size;
  if (i < 0 || i >= size) {
    RaiseIndexError(vm, ba ? "bytearray index out of range" : "index out of range");
    return false;
  }
  *out = i;
  return true;
}

Value BytesGetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getitem__", 1, 1)) return {};
  const std::string& d = B(self)->data;
  if (IsInstance(args[0], Types().slice)) {
    int64_t start, stop, step, n;
    if (!SliceIndices(vm, Cast<SliceObject>(args[0]), static_cast<int64_t>(d.size()), &start, &stop,
                      &step, &n)) {
      return {};
    }
    std::string out;
    for (int64_t i = 0, j = start; i < n; ++i, j += step) out += d[static_cast<size_t>(j)];
    return Make(self, std::move(out));
  }
  int64_t i;
  if (!ByteIndex(vm, self, args[0], static_cast<int64_t>(d.size()), &i)) return {};
  return Value::Int(static_cast<unsigned char>(d[static_cast<size_t>(i)]));
}

Value BytesContains(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__contains__", 1, 1)) return {};
  const std::string& d = B(self)->data;
  if (const std::string* sub = BytesValue(args[0])) {
    return Value::Bool(d.find(*sub) != std::string::npos);
  }
  if (args[0].is_int() || args[0].is_bool()) {
    unsigned char b;
    if (!ByteOf(vm, args[0], &b, "byte must be in range(0, 256)")) return {};
    return Value::Bool(d.find(static_cast<char>(b)) != std::string::npos);
  }
  return RaiseTypeError(
      vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(args[0])));
}

Value BytesIter(VM& vm, const Value& self, const ArgsView&) {
  std::vector<Value> items;
  for (unsigned char c : B(self)->data) items.push_back(Value::Int(c));
  return vm.Iter(NewList(std::move(items)));
}

// Rich comparisons: bytes and bytearray compare with each other by
// content, with anything else NotImplemented.
template <CompareOp kOp>
Value BytesCompare(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "comparison", 1, 1)) return {};
  const std::string* o = BytesValue(args[0]);
  if (o == nullptr) return NotImplementedValue();
  int c = B(self)->data.compare(*o);
  switch (kOp) {
    case CompareOp::kLt:
      return Value::Bool(c < 0);
    case CompareOp::kLe:
      return Value::Bool(c <= 0);
    case CompareOp::kEq:
      return Value::Bool(c == 0);
    case CompareOp::kNe:
      return Value::Bool(c != 0);
    case CompareOp::kGt:
      return Value::Bool(c > 0);
    default:
      return Value::Bool(c >= 0);
  }
}

Value BytesAdd(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__add__", 1, 1)) return {};
  const std::string* o = BytesValue(args[0]);
  if (o == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("can't concat %s to %s", TypeName(args[0]), TypeName(self)));
  }
  return Make(self, B(self)->data + *o);
}
Value ByteArrayIAdd(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__iadd__", 1, 1)) return {};
  const std::string* o = BytesValue(args[0]);
  if (o == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("can't concat %s to %s", TypeName(args[0]), TypeName(self)));
  }
  B(self)->data += *o;
  return self;
}
Value BytesMul(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__mul__", 1, 1)) return {};
  if (!args[0].is_int() && !args[0].is_bool()) return NotImplementedValue();
  std::string out;
  for (int64_t i = 0; i < args[0].as_int(); ++i) out += B(self)->data;
  return Make(self, std::move(out));
}

Value BytesDecode(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"encoding", "errors"};
  Value a[2];
  if (!ParseArgs(vm, args, "decode", kNames, 0, a)) return {};
  return DecodeBytesArgs(vm, B(self)->data, a[0], a[1], "decode");
}

Value BytesHex(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"sep", "bytes_per_sep"};
  Value a[2];
  if (!ParseArgs(vm, args, "hex", kNames, 0, a)) return {};
  std::string sep;
  if (!a[0].is_null()) {
    const std::string* s = StrValue(a[0]);
    const std::string* b = BytesValue(a[0]);
    if (s == nullptr && b == nullptr) {
      return RaiseTypeError(vm, "sep must be str or bytes.");
    }
    sep = s != nullptr ? *s : *b;
    if ((s != nullptr ? AsStr(a[0])->Length() : static_cast<int64_t>(sep.size())) != 1) {
      return RaiseValueError(vm, "sep must be length 1.");
    }
    if (static_cast<unsigned char>(sep[0]) >= 0x80) {
      return RaiseValueError(vm, "sep must be ASCII.");
    }
  }
  int64_t per = 1;
  if (!a[1].is_null() && !ToInt(vm, a[1], &per)) return {};
  const std::string& d = B(self)->data;
  const int64_t n = static_cast<int64_t>(d.size());
  std::string out;
  const int64_t group = per < 0 ? -per : per;
  for (int64_t i = 0; i < n; ++i) {
    // Groups count from the right for a positive bytes_per_sep.
    if (i > 0 && !sep.empty() && group > 0) {
      bool boundary = per > 0 ? (n - i) % group == 0 : i % group == 0;
      if (boundary) out += sep;
    }
    absl::StrAppendFormat(&out, "%02x", static_cast<unsigned char>(d[static_cast<size_t>(i)]));
  }
  return NewStr(std::move(out));
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
Value BytesFromHex(VM& vm, const Value& cls, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "fromhex", 1, 1)) return {};
  const std::string* s = StrValue(args[0]);
  if (s == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("fromhex() argument must be str, not %s", TypeName(args[0])));
  }
  const StrObject* so = AsStr(args[0]);
  std::string out;
  size_t i = 0;
  auto fail = [&](size_t at) {
    return RaiseValueError(
        vm, absl::StrFormat("non-hexadecimal number found in fromhex() arg at position %d",
                            StrCodePointIndex(so, at)));
  };
  while (i < s->size()) {
    char c = (*s)[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      ++i;
      continue;
    }
    int hi = HexDigit(c);
    if (hi < 0) return fail(i);
    if (i + 1 >= s->size()) return fail(i + 1);
    int lo = HexDigit((*s)[i + 1]);
    if (lo < 0) return fail(i + 1);
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  Type* t = Cast<Type>(cls);
  if (t == Types().bytearray) return NewByteArray(std::move(out));
  return NewBytes(std::move(out));
}

// The needle of find/count/index: bytes-like or an int byte.
bool Needle(VM& vm, const Value& v, std::string* out) {
  if (const std::string* b = BytesValue(v)) {
    *out = *b;
    return true;
  }
  if (v.is_int() || v.is_bool()) {
    unsigned char c;
    if (!ByteOf(vm, v, &c, "byte must be in range(0, 256)")) return false;
    *out = std::string(1, static_cast<char>(c));
    return true;
  }
  RaiseTypeError(vm, absl::StrFormat("argument should be integer or bytes-like object, not '%s'",
                                     TypeName(v)));
  return false;
}

Value FindImpl(VM& vm, const Value& self, const ArgsView& args, const char* name, bool reverse,
               bool raise) {
  if (!CheckArgCount(vm, args, name, 1, 3)) return {};
  std::string sub;
  if (!Needle(vm, args[0], &sub)) return {};
  const std::string& d = B(self)->data;
  int64_t n = static_cast<int64_t>(d.size()), b = 0, e = n;
  if (args.nargs > 1 && !args[1].is_none() && !ToInt(vm, args[1], &b)) return {};
  if (args.nargs > 2 && !args[2].is_none() && !ToInt(vm, args[2], &e)) return {};
  if (e > n) e = n;
  if (e < 0) e = std::max<int64_t>(0, e + n);
  if (b < 0) b = std::max<int64_t>(0, b + n);
  int64_t r = -1;
  if (b <= e) {
    std::string_view view(d.data() + b, static_cast<size_t>(e - b));
    size_t p = reverse ? view.rfind(sub) : view.find(sub);
    if (p != std::string_view::npos) r = b + static_cast<int64_t>(p);
  }
  if (r < 0 && raise) return RaiseValueError(vm, "subsection not found");
  return Value::Int(r);
}
Value BytesFind(VM& vm, const Value& s, const ArgsView& a) {
  return FindImpl(vm, s, a, "find", false, false);
}
Value BytesRFind(VM& vm, const Value& s, const ArgsView& a) {
  return FindImpl(vm, s, a, "rfind", true, false);
}
Value BytesIndex(VM& vm, const Value& s, const ArgsView& a) {
  return FindImpl(vm, s, a, "index", false, true);
}
Value BytesCount(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "count", 1, 1)) return {};
  std::string sub;
  if (!Needle(vm, args[0], &sub)) return {};
  const std::string& d = B(self)->data;
  if (sub.empty()) return Value::Int(static_cast<int64_t>(d.size()) + 1);
  int64_t n = 0;
  for (size_t p = 0; (p = d.find(sub, p)) != std::string::npos; p += sub.size()) ++n;
  return Value::Int(n);
}

Value StartsEnds(VM& vm, const Value& self, const ArgsView& args, bool starts) {
  const char* name = starts ? "startswith" : "endswith";
  if (!CheckArgCount(vm, args, name, 1, 1)) return {};
  const std::string& d = B(self)->data;
  auto test = [&](const std::string& p) {
    if (p.size() > d.size()) return false;
    return starts ? d.compare(0, p.size(), p) == 0
                  : d.compare(d.size() - p.size(), p.size(), p) == 0;
  };
  if (IsInstance(args[0], Types().tuple)) {
    for (const Value& v : Cast<TupleObject>(args[0])->items) {
      const std::string* p = BytesValue(v);
      if (p == nullptr) {
        return RaiseTypeError(
            vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(v)));
      }
      if (test(*p)) return Value::Bool(true);
    }
    return Value::Bool(false);
  }
  const std::string* p = BytesValue(args[0]);
  if (p == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("%s first arg must be bytes or a tuple of bytes, not %s", name,
                            TypeName(args[0])));
  }
  return Value::Bool(test(*p));
}
Value BytesStartsWith(VM& vm, const Value& s, const ArgsView& a) {
  return StartsEnds(vm, s, a, true);
}
Value BytesEndsWith(VM& vm, const Value& s, const ArgsView& a) {
  return StartsEnds(vm, s, a, false);
}

Value BytesJoin(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "join", 1, 1)) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, args[0])) return {};
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string* p = BytesValue(items[i]);
    if (p == nullptr) {
      return RaiseTypeError(vm,
                            absl::StrFormat("sequence item %d: expected a bytes-like object, %s "
                                            "found",
                                            i, TypeName(items[i])));
    }
    if (i > 0) out += B(self)->data;
    out += *p;
  }
  return Make(self, std::move(out));
}

bool IsAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

Value BytesSplit(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"sep", "maxsplit"};
  Value a[2];
  if (!ParseArgs(vm, args, "split", kNames, 0, a)) return {};
  int64_t maxsplit = -1;
  if (!a[1].is_null() && !ToInt(vm, a[1], &maxsplit)) return {};
  const std::string& d = B(self)->data;
  std::vector<Value> out;
  if (a[0].is_null() || a[0].is_none()) {
    size_t i = 0;
    while (true) {
      while (i < d.size() && IsAsciiSpace(d[i])) ++i;
      if (i >= d.size()) break;
      if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
        size_t e = d.size();
        while (e > i && IsAsciiSpace(d[e - 1])) --e;
        out.push_back(Make(self, d.substr(i, e - i)));
        break;
      }
      size_t j = i;
      while (j < d.size() && !IsAsciiSpace(d[j])) ++j;
      out.push_back(Make(self, d.substr(i, j - i)));
      i = j;
    }
    return NewList(std::move(out));
  }
  const std::string* sep = BytesValue(a[0]);
  if (sep == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(a[0])));
  }
  if (sep->empty()) return RaiseValueError(vm, "empty separator");
  size_t i = 0;
  while (true) {
    size_t j = maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit ? std::string::npos
                                                                             : d.find(*sep, i);
    if (j == std::string::npos) {
      out.push_back(Make(self, d.substr(i)));
      break;
    }
    out.push_back(Make(self, d.substr(i, j - i)));
    i = j + sep->size();
  }
  return NewList(std::move(out));
}

Value StripImpl(VM& vm, const Value& self, const ArgsView& args, bool left, bool right,
                const char* name) {
  if (!CheckArgCount(vm, args, name, 0, 1)) return {};
  std::string chars = " \t\n\r\f\v";
  if (args.nargs == 1 && !args[0].is_none()) {
    const std::string* c = BytesValue(args[0]);
    if (c == nullptr) {
      return RaiseTypeError(
          vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(args[0])));
    }
    chars = *c;
  }
  const std::string& d = B(self)->data;
  size_t b = 0, e = d.size();
  if (left)
    while (b < e && chars.find(d[b]) != std::string::npos) ++b;
  if (right)
    while (e > b && chars.find(d[e - 1]) != std::string::npos) --e;
  return Make(self, d.substr(b, e - b));
}
Value BytesStrip(VM& vm, const Value& s, const ArgsView& a) {
  return StripImpl(vm, s, a, true, true, "strip");
}
Value BytesLStrip(VM& vm, const Value& s, const ArgsView& a) {
  return StripImpl(vm, s, a, true, false, "lstrip");
}
Value BytesRStrip(VM& vm, const Value& s, const ArgsView& a) {
  return StripImpl(vm, s, a, false, true, "rstrip");
}

Value BytesReplace(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "replace", 2, 3)) return {};
  const std::string* old = BytesValue(args[0]);
  const std::string* neu = BytesValue(args[1]);
  if (old == nullptr || neu == nullptr) {
    const Value& bad = old == nullptr ? args[0] : args[1];
    return RaiseTypeError(
        vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(bad)));
  }
  int64_t count = -1;
  if (args.nargs == 3 && !ToInt(vm, args[2], &count)) return {};
  const std::string& d = B(self)->data;
  std::string out;
  int64_t n = 0;
  if (old->empty()) {
    for (size_t i = 0; i <= d.size(); ++i) {
      if (count < 0 || n < count) {
        out += *neu;
        ++n;
      }
      if (i < d.size()) out += d[i];
    }
    return Make(self, std::move(out));
  }
  size_t i = 0;
  while (true) {
    size_t j = count >= 0 && n >= count ? std::string::npos : d.find(*old, i);
    if (j == std::string::npos) {
      out.append(d, i, std::string::npos);
      break;
    }
    out.append(d, i, j - i);
    out += *neu;
    i = j + old->size();
    ++n;
  }
  return Make(self, std::move(out));
}

template <bool kUpper>
Value BytesCase(VM&, const Value& self, const ArgsView&) {
  std::string d = B(self)->data;
  for (char& c : d) {
    if (kUpper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    if (!kUpper && c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  }
  return Make(self, std::move(d));
}

template <int (*Pred)(int)>
Value BytesIs(VM&, const Value& self, const ArgsView&) {
  const std::string& d = B(self)->data;
  if (d.empty()) return Value::Bool(false);
  for (unsigned char c : d)
    if (c >= 0x80 || !Pred(c)) return Value::Bool(false);
  return Value::Bool(true);
}
int IsDigitB(int c) { return c >= '0' && c <= '9'; }
int IsAlphaB(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
int IsAlnumB(int c) { return IsDigitB(c) || IsAlphaB(c); }
int IsSpaceB(int c) { return IsAsciiSpace(static_cast<char>(c)); }

// --- bytearray's mutation ------------------------------------------------------
Value ByteArraySetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__setitem__", 2, 2)) return {};
  std::string& d = B(self)->data;
  if (IsInstance(args[0], Types().slice)) {
    std::string src;
    if (args[1].is_int()) {
      return RaiseTypeError(vm,
                            "can assign only bytes, buffers, or iterables of ints in range(0, "
                            "256)");
    }
    if (!DataFrom(vm, args[1], &src)) return {};
    int64_t start, stop, step, n;
    if (!SliceIndices(vm, Cast<SliceObject>(args[0]), static_cast<int64_t>(d.size()), &start, &stop,
                      &step, &n)) {
      return {};
    }
    if (step == 1) {
      d.replace(static_cast<size_t>(start), static_cast<size_t>(n), src);
      return Value::None();
    }
    if (static_cast<int64_t>(src.size()) != n) {
      return RaiseValueError(vm, absl::StrFormat("attempt to assign bytes of size %d to extended "
                                                 "slice of size %d",
                                                 src.size(), n));
    }
    for (int64_t i = 0, j = start; i < n; ++i, j += step) d[static_cast<size_t>(j)] = src[i];
    return Value::None();
  }
  int64_t i;
  if (!ByteIndex(vm, self, args[0], static_cast<int64_t>(d.size()), &i)) return {};
  unsigned char b;
  if (!ByteOf(vm, args[1], &b, "byte must be in range(0, 256)")) return {};
  d[static_cast<size_t>(i)] = static_cast<char>(b);
  return Value::None();
}
Value ByteArrayDelItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__delitem__", 1, 1)) return {};
  std::string& d = B(self)->data;
  if (IsInstance(args[0], Types().slice)) {
    int64_t start, stop, step, n;
    if (!SliceIndices(vm, Cast<SliceObject>(args[0]), static_cast<int64_t>(d.size()), &start, &stop,
                      &step, &n)) {
      return {};
    }
    std::vector<bool> drop(d.size(), false);
    for (int64_t i = 0, j = start; i < n; ++i, j += step) drop[static_cast<size_t>(j)] = true;
    std::string keep;
    for (size_t i = 0; i < d.size(); ++i)
      if (!drop[i]) keep += d[i];
    d = std::move(keep);
    return Value::None();
  }
  int64_t i;
  if (!ByteIndex(vm, self, args[0], static_cast<int64_t>(d.size()), &i)) return {};
  d.erase(static_cast<size_t>(i), 1);
  return Value::None();
}
Value ByteArrayAppend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "append", 1, 1)) return {};
  unsigned char b;
  if (!ByteOf(vm, args[0], &b, "byte must be in range(0, 256)")) return {};
  B(self)->data.push_back(static_cast<char>(b));
  return Value::None();
}
Value ByteArrayExtend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "extend", 1, 1)) return {};
  if (StrValue(args[0]) != nullptr) {
    return RaiseTypeError(vm, "expected iterable of integers; got: 'str'");
  }
  std::string src;
  if (!DataFrom(vm, args[0], &src)) return {};
  B(self)->data += src;
  return Value::None();
}
Value ByteArrayInsert(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "insert", 2, 2)) return {};
  int64_t i;
  if (!ToInt(vm, args[0], &i)) return {};
  unsigned char b;
  if (!ByteOf(vm, args[1], &b, "byte must be in range(0, 256)")) return {};
  std::string& d = B(self)->data;
  int64_t n = static_cast<int64_t>(d.size());
  if (i < 0) i = std::max<int64_t>(0, i + n);
  if (i > n) i = n;
  d.insert(d.begin() + i, static_cast<char>(b));
  return Value::None();
}
Value ByteArrayPop(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "pop", 0, 1)) return {};
  std::string& d = B(self)->data;
  if (d.empty()) return RaiseIndexError(vm, "pop from empty bytearray");
  int64_t i = -1;
  if (args.nargs == 1 && !ToInt(vm, args[0], &i)) return {};
  int64_t n = static_cast<int64_t>(d.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) return RaiseIndexError(vm, "pop index out of range");
  unsigned char c = static_cast<unsigned char>(d[static_cast<size_t>(i)]);
  d.erase(static_cast<size_t>(i), 1);
  return Value::Int(c);
}
Value ByteArrayRemove(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "remove", 1, 1)) return {};
  unsigned char b;
  if (!ByteOf(vm, args[0], &b, "byte must be in range(0, 256)")) return {};
  std::string& d = B(self)->data;
  size_t p = d.find(static_cast<char>(b));
  if (p == std::string::npos) return RaiseValueError(vm, "value not found in bytearray");
  d.erase(p, 1);
  return Value::None();
}
Value ByteArrayClear(VM&, const Value& self, const ArgsView&) {
  B(self)->data.clear();
  return Value::None();
}
Value ByteArrayReverse(VM&, const Value& self, const ArgsView&) {
  std::reverse(B(self)->data.begin(), B(self)->data.end());
  return Value::None();
}
Value ByteArrayCopy(VM&, const Value& self, const ArgsView&) { return NewByteArray(B(self)->data); }

constexpr MethodDef kCommonMethods[] = {
    {"__repr__", BytesRepr},
    {"__str__", BytesRepr},
    {"__len__", BytesLen},
    {"__getitem__", BytesGetItem},
    {"__contains__", BytesContains},
    {"__iter__", BytesIter},
    {"__eq__", BytesCompare<CompareOp::kEq>},
    {"__ne__", BytesCompare<CompareOp::kNe>},
    {"__lt__", BytesCompare<CompareOp::kLt>},
    {"__le__", BytesCompare<CompareOp::kLe>},
    {"__gt__", BytesCompare<CompareOp::kGt>},
    {"__ge__", BytesCompare<CompareOp::kGe>},
    {"__add__", BytesAdd},
    {"__mul__", BytesMul},
    {"__rmul__", BytesMul},
    {"decode", BytesDecode},
    {"hex", BytesHex},
    {"fromhex", BytesFromHex, MethodDef::kClass},
    {"find", BytesFind},
    {"rfind", BytesRFind},
    {"index", BytesIndex},
    {"count", BytesCount},
    {"startswith", BytesStartsWith},
    {"endswith", BytesEndsWith},
    {"join", BytesJoin},
    {"split", BytesSplit},
    {"strip", BytesStrip},
    {"lstrip", BytesLStrip},
    {"rstrip", BytesRStrip},
    {"replace", BytesReplace},
    {"upper", BytesCase<true>},
    {"lower", BytesCase<false>},
    {"isdigit", BytesIs<IsDigitB>},
    {"isalpha", BytesIs<IsAlphaB>},
    {"isalnum", BytesIs<IsAlnumB>},
    {"isspace", BytesIs<IsSpaceB>},
};
constexpr MethodDef kBytesMethods[] = {{"__new__", BytesNew}, {"__hash__", BytesHash}};
constexpr MethodDef kByteArrayMethods[] = {
    {"__new__", ByteArrayNew},
    {"__init__", ByteArrayInit},
    {"__setitem__", ByteArraySetItem},
    {"__delitem__", ByteArrayDelItem},
    {"__iadd__", ByteArrayIAdd},
    {"append", ByteArrayAppend},
    {"extend", ByteArrayExtend},
    {"insert", ByteArrayInsert},
    {"pop", ByteArrayPop},
    {"remove", ByteArrayRemove},
    {"clear", ByteArrayClear},
    {"reverse", ByteArrayReverse},
    {"copy", ByteArrayCopy},
};

}  // namespace

const std::string* BytesValue(const Value& v) {
  if (!v.is_object()) return nullptr;
  const BuiltinTypes& T = Types();
  Type* t = v.as_object()->type;
  if (t != T.bytes && t != T.bytearray && !IsSubtype(t, T.bytes) && !IsSubtype(t, T.bytearray)) {
    return nullptr;
  }
  return &B(v)->data;
}

Value NewBytes(std::string data) {
  return Value::Adopt(new BytesObject(Types().bytes, std::move(data)));
}
Value NewByteArray(std::string data) {
  return Value::Adopt(new BytesObject(Types().bytearray, std::move(data)));
}

void InitBytesTypes(BuiltinTypes& bt) {
  auto make = [&](const char* name, std::span<const MethodDef> own) {
    Type* t = NewBuiltinType(name, bt.object, Type::kBaseType,
                             [](Type* c) -> Object* { return new BytesObject(c, ""); });
    t->type = bt.type;
    t->dict = static_cast<DictObject*>(NewDict().Release());
    AddMethods(t, kCommonMethods);
    AddMethods(t, own);
    UpdateSlots(t);
    return t;
  };
  bt.bytes = make("bytes", kBytesMethods);
  bt.bytearray = make("bytearray", kByteArrayMethods);
}

}  // namespace tc::script
