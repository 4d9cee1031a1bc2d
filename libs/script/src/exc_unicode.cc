// UnicodeEncodeError(encoding, object, start, end, reason),
// UnicodeDecodeError(encoding, object, start, end, reason) and
// UnicodeTranslateError(object, start, end, reason) made by a script: their
// argument checks, attributes and CPython 3.11's str ("'ascii' codec can't
// encode character '\u20ac' in position 1: bad"), also for the ones the
// codecs raise with the attributes set (str_codecs.cc).
#include "src/exc_unicode.h"

#include <string>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/str_helpers.h"
#include "src/utf8.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

enum class Kind { kEncode, kDecode, kTranslate };

template <Kind kKind>
Value Init(VM& vm, const Value& self, const ArgsView& args) {
  constexpr int kCount = kKind == Kind::kTranslate ? 4 : 5;
  Cast<ExceptionObject>(self)->args =
      NewTuple(std::vector<Value>(args.data, args.data + args.nargs));
  if (args.nkw() > 0) {
    return RaiseTypeError(vm, absl::StrFormat("%s() takes no keyword arguments", TypeName(self)));
  }
  if (args.nargs != kCount) {
    return RaiseTypeError(
        vm, absl::StrFormat("function takes exactly %d arguments (%d given)", kCount, args.nargs));
  }
  int i = 0;
  Value encoding = Value::None();
  if (kKind != Kind::kTranslate) {
    if (StrValue(args[0]) == nullptr) {
      return RaiseTypeError(vm,
                            absl::StrFormat("argument 1 must be str, not %s", TypeName(args[0])));
    }
    encoding = args[i++];
  }
  Value object = args[i];
  if (kKind == Kind::kDecode) {
    const std::string* data = BytesValue(object);
    if (data == nullptr) {
      return RaiseTypeError(
          vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(object)));
    }
    object = NewBytes(*data);
  } else if (StrValue(object) == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("argument %d must be str, not %s", i + 1, TypeName(object)));
  }
  ++i;
  int64_t start, end;
  if (!ToInt(vm, args[i], &start) || !ToInt(vm, args[i + 1], &end)) return {};
  const Value& reason = args[i + 2];
  if (StrValue(reason) == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("argument %d must be str, not %s", i + 3, TypeName(reason)));
  }
  return vm.SetAttr(self, "encoding", encoding) && vm.SetAttr(self, "object", object) &&
                 vm.SetAttr(self, "start", Value::Int(start)) &&
                 vm.SetAttr(self, "end", Value::Int(end)) && vm.SetAttr(self, "reason", reason)
             ? Value::None()
             : Value();
}

// '\xe9', '\u20ac', '\U0001f600': how the message names one character.
std::string CharName(uint32_t c) {
  if (c <= 0xff) return absl::StrFormat("\\x%02x", c);
  if (c <= 0xffff) return absl::StrFormat("\\u%04x", c);
  return absl::StrFormat("\\U%08x", c);
}

template <Kind kKind>
Value Str(VM& vm, const Value& self, const ArgsView&) {
  // A fresh instance (no __init__, no attributes) prints as BaseException.
  if (self.as_object()->dict == nullptr ||
      DictGetStr(self.as_object()->dict, "object") == nullptr) {
    const auto& items = Cast<TupleObject>(Cast<ExceptionObject>(self)->args)->items;
    if (items.empty()) return NewStr("");
    return vm.Str(items.size() == 1 ? items[0] : Cast<ExceptionObject>(self)->args);
  }
  Value object = vm.GetAttr(self, "object");
  Value start_v = object.is_null() ? Value() : vm.GetAttr(self, "start");
  Value end_v = start_v.is_null() ? Value() : vm.GetAttr(self, "end");
  if (end_v.is_null()) return {};
  int64_t start, end;
  std::string reason, encoding;
  if (!ToInt(vm, start_v, &start) || !ToInt(vm, end_v, &end)) return {};
  Value reason_v = vm.GetAttr(self, "reason");
  if (reason_v.is_null() || !vm.StrString(reason_v, &reason)) return {};
  if (kKind != Kind::kTranslate) {
    Value enc = vm.GetAttr(self, "encoding");
    if (enc.is_null() || !vm.StrString(enc, &encoding)) return {};
  }
  int64_t size;
  if (kKind == Kind::kDecode) {
    const std::string* data = BytesValue(object);
    size = data == nullptr ? 0 : static_cast<int64_t>(data->size());
    if (data != nullptr && start < size && end == start + 1) {
      return NewStr(absl::StrFormat("'%s' codec can't decode byte 0x%02x in position %d: %s",
                                    encoding, static_cast<unsigned char>((*data)[start]), start,
                                    reason));
    }
    return NewStr(absl::StrFormat("'%s' codec can't decode bytes in position %d-%d: %s", encoding,
                                  start, end - 1, reason));
  }
  const auto* so = StrValue(object) != nullptr ? Cast<StrObject>(object) : nullptr;
  size = so == nullptr ? 0 : so->Length();
  const char* what = kKind == Kind::kEncode ? "encode" : "translate";
  std::string prefix = kKind == Kind::kEncode ? absl::StrFormat("'%s' codec ", encoding) : "";
  if (so != nullptr && start >= 0 && start < size && end == start + 1) {
    size_t at = so->ByteOffset(start);
    uint32_t c = utf8::Decode(so->value, &at);
    return NewStr(absl::StrFormat("%scan't %s character '%s' in position %d: %s", prefix, what,
                                  CharName(c), start, reason));
  }
  return NewStr(absl::StrFormat("%scan't %s characters in position %d-%d: %s", prefix, what, start,
                                end - 1, reason));
}

constexpr MethodDef kEncodeMethods[] = {{"__init__", Init<Kind::kEncode>},
                                        {"__str__", Str<Kind::kEncode>}};
constexpr MethodDef kDecodeMethods[] = {{"__init__", Init<Kind::kDecode>},
                                        {"__str__", Str<Kind::kDecode>}};
constexpr MethodDef kTranslateMethods[] = {{"__init__", Init<Kind::kTranslate>},
                                           {"__str__", Str<Kind::kTranslate>}};

}  // namespace

void InitUnicodeErrorMethods(BuiltinTypes& bt) {
  AddMethods(bt.unicode_encode_error, kEncodeMethods);
  AddMethods(bt.unicode_decode_error, kDecodeMethods);
  AddMethods(bt.unicode_translate_error, kTranslateMethods);
  for (Type* t : {bt.unicode_encode_error, bt.unicode_decode_error, bt.unicode_translate_error}) {
    UpdateSlots(t);
  }
}

}  // namespace tc::script
