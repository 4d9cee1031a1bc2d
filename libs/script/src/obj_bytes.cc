// bytes and bytearray: the types, construction, the sequence protocol
// (items are ints), comparisons, concatenation, repr, hex/fromhex, decode.
// CPython 3.11's behaviour and error texts. Search/split methods are in
// obj_bytes_search.cc, bytearray's mutation in obj_bytearray.cc.
#include "src/obj_bytes.h"

#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"
#include "tc/support/py_repr.h"

#include "src/rich_compare.h"
#include "src/str_codecs.h"
#include "src/str_helpers.h"
#include "vm_internal.h"

namespace tc::script {

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

bool BytesFromSource(VM& vm, const Value& src, std::string* out) {
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

namespace {

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
    *out = AsBytes(enc)->data;
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
  return BytesFromSource(vm, a[0], out);
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
  AsBytes(self)->data = std::move(data);
  return Value::None();
}

Value BytesRepr(VM&, const Value& self, const ArgsView&) {
  std::string r = support::PyBytesRepr(AsBytes(self)->data);
  if (IsByteArray(self)) r = absl::StrFormat("%s(%s)", self.type()->name, r);
  return NewStr(std::move(r));
}
Value BytesLen(VM&, const Value& self, const ArgsView&) {
  return Value::Int(static_cast<int64_t>(AsBytes(self)->data.size()));
}
Value BytesHash(VM& vm, const Value& self, const ArgsView&) {
  if (IsByteArray(self)) {
    return RaiseTypeError(vm, absl::StrFormat("unhashable type: '%s'", TypeName(self)));
  }
  BytesObject* b = AsBytes(self);
  if (b->hash == -1) b->hash = HashBytes(b->data);
  return Value::Int(b->hash);
}

Value BytesGetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getitem__", 1, 1)) return {};
  const std::string& d = AsBytes(self)->data;
  if (IsInstance(args[0], Types().slice)) {
    int64_t start, stop, step, n;
    if (!SliceIndices(vm, Cast<SliceObject>(args[0]), static_cast<int64_t>(d.size()), &start, &stop,
                      &step, &n)) {
      return {};
    }
    std::string out;
    for (int64_t i = 0, j = start; i < n; ++i, j += step) out += d[static_cast<size_t>(j)];
    return MakeBytesLike(self, std::move(out));
  }
  int64_t i;
  if (!ByteIndex(vm, self, args[0], static_cast<int64_t>(d.size()), &i)) return {};
  return Value::Int(static_cast<unsigned char>(d[static_cast<size_t>(i)]));
}

Value BytesContains(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__contains__", 1, 1)) return {};
  const std::string& d = AsBytes(self)->data;
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
  for (unsigned char c : AsBytes(self)->data) items.push_back(Value::Int(c));
  return vm.Iter(NewList(std::move(items)));
}

// Rich comparisons: bytes and bytearray compare with each other by
// content, with anything else NotImplemented.
Value BytesCompare(VM& vm, CompareOp op, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "comparison", 1, 1)) return {};
  const std::string* o = BytesValue(args[0]);
  if (o == nullptr) return NotImplementedValue();
  int c = AsBytes(self)->data.compare(*o);
  switch (op) {
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

// __add__, and bytearray's __iadd__ (kInPlace).
template <bool kInPlace>
Value BytesConcat(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kInPlace ? "__iadd__" : "__add__", 1, 1)) return {};
  const std::string* o = BytesValue(args[0]);
  if (o == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("can't concat %s to %s", TypeName(args[0]), TypeName(self)));
  }
  if (!kInPlace) return MakeBytesLike(self, AsBytes(self)->data + *o);
  AsBytes(self)->data += *o;
  return self;
}
Value BytesMul(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__mul__", 1, 1)) return {};
  if (!args[0].is_int() && !args[0].is_bool()) return NotImplementedValue();
  std::string out;
  for (int64_t i = 0; i < args[0].as_int(); ++i) out += AsBytes(self)->data;
  return MakeBytesLike(self, std::move(out));
}

Value BytesDecode(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"encoding", "errors"};
  Value a[2];
  if (!ParseArgs(vm, args, "decode", kNames, 0, a)) return {};
  return DecodeBytesArgs(vm, AsBytes(self)->data, a[0], a[1], "decode");
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
  const std::string& d = AsBytes(self)->data;
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
  const std::string* s = StrArgText(vm, args[0], "fromhex");
  if (s == nullptr) return {};
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
constexpr MethodDef kCommonMethods[] = {
    {"__repr__", BytesRepr},
    {"__str__", BytesRepr},
    {"__len__", BytesLen},
    {"__getitem__", BytesGetItem},
    {"__contains__", BytesContains},
    {"__iter__", BytesIter},
    {"__add__", BytesConcat<false>},
    {"__mul__", BytesMul},
    {"__rmul__", BytesMul},
    {"decode", BytesDecode},
    {"hex", BytesHex},
    {"fromhex", BytesFromHex, MethodDef::kClass},
};
constexpr MethodDef kBytesMethods[] = {{"__new__", BytesNew}, {"__hash__", BytesHash}};
constexpr MethodDef kByteArrayMethods[] = {
    {"__new__", ByteArrayNew},
    {"__init__", ByteArrayInit},
    {"__iadd__", BytesConcat<true>},
};

}  // namespace

const std::string* BytesArg(VM& vm, const Value& v) {
  const std::string* data = BytesValue(v);
  if (data == nullptr) {
    RaiseTypeError(vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(v)));
  }
  return data;
}

const std::string* BytesValue(const Value& v) {
  if (!v.is_object()) return nullptr;
  const BuiltinTypes& T = Types();
  Type* t = v.as_object()->type;
  if (t != T.bytes && t != T.bytearray && !IsSubtype(t, T.bytes) && !IsSubtype(t, T.bytearray)) {
    return nullptr;
  }
  return &AsBytes(v)->data;
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
    AddMethods(t, kRichCompareMethods<BytesCompare>);
    AddBytesSearchMethods(t);
    AddMethods(t, own);
    UpdateSlots(t);
    return t;
  };
  bt.bytes = make("bytes", kBytesMethods);
  bt.bytearray = make("bytearray", kByteArrayMethods);
  AddByteArrayMethods(bt.bytearray);
  UpdateSlots(bt.bytearray);
}

}  // namespace tc::script
