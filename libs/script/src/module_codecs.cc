// The _codecs module, native in CPython too: the codec registry behind
// CPython's own codecs.py and encodings package (register, lookup with its
// cache, unregister), the error-handler registry (register_error,
// lookup_error and the builtin handlers as functions), encode/decode
// through the registry, and the utf-8, ascii and latin-1 codec functions
// that encodings/utf_8.py, ascii.py and latin_1.py call. The codecs
// themselves are str_codecs.cc's, so their errors are str.encode's.
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "functools_internal.h"
#include "str_codecs.h"
#include "utf8.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// The registry lives in the module's own dict under names a script does
// not see through `from _codecs import *` (they start with '_').
constexpr const char* kSearchPath = "_search_path";
constexpr const char* kCache = "_cache";
constexpr const char* kErrorHandlers = "_error_handlers";

DictObject* ModuleDict(const Value& self) { return self.as_object()->dict; }
ListObject* SearchPath(const Value& self) {
  return static_cast<ListObject*>(DictGetStr(ModuleDict(self), kSearchPath)->as_object());
}
DictObject* Cache(const Value& self) { return DictTable(*DictGetStr(ModuleDict(self), kCache)); }
DictObject* ErrorHandlers(const Value& self) {
  return DictTable(*DictGetStr(ModuleDict(self), kErrorHandlers));
}

// CPython's normalizestring (Python/codecs.c): lower case, spaces as
// underscores.
std::string NormalizeEncoding(const std::string& name) {
  std::string n = absl::AsciiStrToLower(name);
  for (char& c : n) {
    if (c == ' ') c = '_';
  }
  return n;
}

const std::string* StrArg(VM& vm, const Value& v, const char* fname, int pos) {
  const std::string* s = StrValue(v);
  if (s == nullptr) {
    RaiseTypeError(
        vm, absl::StrFormat("%s() argument %d must be str, not %s", fname, pos, TypeName(v)));
  }
  return s;
}

// --- the codec registry ---------------------------------------------------
Value Register(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "register", 1, 1)) return {};
  if (!IsCallable(args[0])) return RaiseTypeError(vm, "argument must be callable");
  SearchPath(self)->items.push_back(args[0]);
  return Value::None();
}
Value Unregister(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "unregister", 1, 1)) return {};
  auto& items = SearchPath(self)->items;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].raw() == args[0].raw()) {
      items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
      DictClear(Cache(self));
      break;
    }
  }
  return Value::None();
}

Value LookupCodecInfo(VM& vm, const Value& self, const std::string& encoding) {
  Value key = NewStr(NormalizeEncoding(encoding));
  Value found;
  int got = DictGet(vm, Cache(self), key, &found);
  if (got < 0) return {};
  if (got == 1) return found;
  // CPython imports the encodings package (which registers its search
  // function) at start-up; tc on the first lookup.
  if (SearchPath(self)->items.empty() && vm.Import("encodings").is_null()) return {};
  // A search function may register another while we iterate: copy.
  std::vector<Value> path = SearchPath(self)->items;
  if (path.empty()) {
    return Raise(vm, Types().lookup_error,
                 "no codec search functions registered: can't find encoding");
  }
  for (const Value& fn : path) {
    Value r = vm.Call(fn, {key});
    if (r.is_null()) return {};
    if (r.is_none()) continue;
    const std::vector<Value>* items = TupleOrListItems(r);
    if (!IsInstance(r, Types().tuple) || items == nullptr || items->size() != 4) {
      return RaiseTypeError(vm, "codec search functions must return 4-tuples");
    }
    if (!DictSet(vm, Cache(self), key, r)) return {};
    return r;
  }
  return Raise(vm, Types().lookup_error, absl::StrCat("unknown encoding: ", encoding));
}
Value Lookup(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "lookup", 1, 1)) return {};
  const std::string* e = StrArg(vm, args[0], "lookup", 1);
  if (e == nullptr) return {};
  return LookupCodecInfo(vm, self, *e);
}

// encode(obj, encoding='utf-8', errors='strict') and decode: the codec's
// function from the registry, its result's first item.
Value Transcode(VM& vm, const Value& self, const ArgsView& args, const char* fname, int which) {
  static constexpr const char* kNames[] = {"obj", "encoding", "errors"};
  Value a[3];
  if (!ParseArgs(vm, args, fname, kNames, 1, a)) return {};
  std::string encoding = "utf-8";
  if (!a[1].is_null()) {
    const std::string* e = StrArg(vm, a[1], fname, 2);
    if (e == nullptr) return {};
    encoding = *e;
  }
  Value errors = a[2].is_null() ? NewStr("strict") : a[2];
  if (StrArg(vm, errors, fname, 3) == nullptr) return {};
  Value info = LookupCodecInfo(vm, self, encoding);
  if (info.is_null()) return {};
  Value fn = (*TupleOrListItems(info))[which];
  Value r = vm.Call(fn, {a[0], errors});
  if (r.is_null()) return {};
  const std::vector<Value>* items = TupleOrListItems(r);
  if (!IsInstance(r, Types().tuple) || items == nullptr || items->size() != 2) {
    return RaiseTypeError(vm, absl::StrFormat("%s must return a tuple (object, integer)",
                                              which == 0 ? "encoder" : "decoder"));
  }
  return (*items)[0];
}
Value Encode(VM& vm, const Value& self, const ArgsView& args) {
  return Transcode(vm, self, args, "encode", 0);
}
Value Decode(VM& vm, const Value& self, const ArgsView& args) {
  return Transcode(vm, self, args, "decode", 1);
}

// --- the codec functions --------------------------------------------------
// <codec>_encode(str, errors=None) -> (bytes, len(str)).
Value EncodeWith(VM& vm, const ArgsView& args, const char* fname, const char* codec) {
  static constexpr const char* kNames[] = {"str", "errors"};
  Value a[2];
  if (!ParseArgs(vm, args, fname, kNames, 1, a)) return {};
  if (StrValue(a[0]) == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("%s() argument 1 must be str, not %s", fname, TypeName(a[0])));
  }
  auto* s = static_cast<const StrObject*>(a[0].as_object());
  Value errors = a[1].is_none() ? Value() : a[1];
  Value b = EncodeStrArgs(vm, s, NewStr(codec), errors);
  if (b.is_null()) return {};
  return NewTuple({b, Value::Int(s->Length())});
}
// The length of `data` less a trailing UTF-8 sequence that more bytes could
// still complete (what a non-final incremental decode leaves for later).
size_t CompleteUtf8Prefix(std::string_view data) {
  for (size_t k = 1; k <= 3 && k <= data.size(); ++k) {
    size_t at = data.size() - k;
    if (utf8::IsContinuation(static_cast<unsigned char>(data[at]))) continue;
    size_t bad_len;
    const char* reason = nullptr;
    size_t bad = utf8::FindInvalid(data, at, &bad_len, &reason);
    if (bad == at && std::string_view(reason) == "unexpected end of data") return at;
    break;
  }
  return data.size();
}

// <codec>_decode(data, errors=None, final=False) -> (str, bytes consumed).
Value DecodeWith(VM& vm, const ArgsView& args, const char* fname, const char* codec) {
  static constexpr const char* kNames[] = {"data", "errors", "final"};
  Value a[3];
  if (!ParseArgs(vm, args, fname, kNames, 1, a)) return {};
  const std::string* data = BytesValue(a[0]);
  if (data == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(a[0])));
  }
  int final = 0;
  if (!a[2].is_null() && (final = vm.Truthy(a[2])) < 0) return {};
  size_t n = data->size();
  if (final == 0 && std::string_view(codec) == "utf-8") n = CompleteUtf8Prefix(*data);
  Value errors = a[1].is_none() ? Value() : a[1];
  Value s = DecodeBytesArgs(vm, n == data->size() ? *data : data->substr(0, n), NewStr(codec),
                            errors, "decode");
  if (s.is_null()) return {};
  return NewTuple({s, Value::Int(static_cast<int64_t>(n))});
}
// The codec functions, each a native function whose data names its codec.
struct CodecFunction {
  const char* name;
  const char* codec;
  bool encode;
};
constexpr CodecFunction kCodecFunctions[] = {
    {"utf_8_encode", "utf-8", true},     {"utf_8_decode", "utf-8", false},
    {"ascii_encode", "ascii", true},     {"ascii_decode", "ascii", false},
    {"latin_1_encode", "latin-1", true}, {"latin_1_decode", "latin-1", false}};

Value CodecCall(VM& vm, const Value&, const ArgsView& args, const Value& data) {
  const CodecFunction& f = kCodecFunctions[data.as_int()];
  return f.encode ? EncodeWith(vm, args, f.name, f.codec) : DecodeWith(vm, args, f.name, f.codec);
}

// --- error handlers -------------------------------------------------------
// The (object, start, end) of a UnicodeEncodeError / UnicodeDecodeError
// passed to a handler; *encode says which.
bool ErrorParts(VM& vm, const Value& exc, bool* encode, Value* object, int64_t* start,
                int64_t* end) {
  const BuiltinTypes& T = Types();
  if (IsInstance(exc, T.unicode_encode_error)) {
    *encode = true;
  } else if (IsInstance(exc, T.unicode_decode_error)) {
    *encode = false;
  } else {
    RaiseTypeError(vm,
                   absl::StrFormat("don't know how to handle %s in error callback", TypeName(exc)));
    return false;
  }
  *object = vm.GetAttr(exc, "object");
  if (object->is_null()) return false;
  Value s = vm.GetAttr(exc, "start"), e = vm.GetAttr(exc, "end");
  return !s.is_null() && !e.is_null() && ToInt(vm, s, start) && ToInt(vm, e, end);
}

// The code points [start, end) of str `object`.
std::vector<uint32_t> CodePoints(const Value& object, int64_t start, int64_t end) {
  std::vector<uint32_t> cps;
  const auto* s = static_cast<const StrObject*>(object.as_object());
  if (StrValue(object) == nullptr) return cps;
  size_t i = s->ByteOffset(std::clamp<int64_t>(start, 0, s->Length()));
  for (int64_t k = start; k < end && i < s->value.size(); ++k) {
    cps.push_back(utf8::Decode(s->value, &i));
  }
  return cps;
}

Value StrictErrors(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "strict_errors", 1, 1)) return {};
  if (!IsInstance(args[0], Types().base_exception)) {
    return RaiseTypeError(vm, "codec must pass exception instance");
  }
  vm.SetException(args[0]);
  return {};
}

// A handler that builds its replacement from the bad part: `encode_repl`
// for one code point of an encode error, `decode_repl` for one byte of a
// decode error (null: that direction is a TypeError, as in CPython).
template <std::string (*EncodeRepl)(uint32_t), std::string (*DecodeRepl)(unsigned char)>
Value Handler(VM& vm, const ArgsView& args, const char* fname) {
  if (!CheckArgCount(vm, args, fname, 1, 1)) return {};
  bool encode;
  Value object;
  int64_t start, end;
  if (!ErrorParts(vm, args[0], &encode, &object, &start, &end)) return {};
  std::string out;
  if (encode && EncodeRepl != nullptr) {
    for (uint32_t cp : CodePoints(object, start, end)) out += EncodeRepl(cp);
  } else if (!encode && DecodeRepl != nullptr) {
    const std::string* data = BytesValue(object);
    for (int64_t i = start; data != nullptr && i < end && i < std::ssize(*data); ++i) {
      out += DecodeRepl(static_cast<unsigned char>((*data)[i]));
    }
  } else {
    return RaiseTypeError(
        vm, absl::StrFormat("don't know how to handle %s in error callback", TypeName(args[0])));
  }
  return NewTuple({NewStr(std::move(out)), Value::Int(end)});
}

std::string Nothing(uint32_t) { return ""; }
std::string NothingByte(unsigned char) { return ""; }
std::string Question(uint32_t) { return "?"; }
std::string ReplacementChar(unsigned char) { return utf8::Encode(0xFFFD); }
std::string EscapeCodePoint(uint32_t cp) {
  if (cp <= 0xFF) return absl::StrFormat("\\x%02x", cp);
  if (cp <= 0xFFFF) return absl::StrFormat("\\u%04x", cp);
  return absl::StrFormat("\\U%08x", cp);
}
std::string EscapeByte(unsigned char b) { return absl::StrFormat("\\x%02x", b); }
std::string XmlCharRef(uint32_t cp) { return absl::StrFormat("&#%d;", cp); }

Value IgnoreErrors(VM& vm, const Value&, const ArgsView& args) {
  // ignore keeps the whole bad part out, however long: one replacement per
  // call, the empty string.
  return Handler<Nothing, NothingByte>(vm, args, "ignore_errors");
}
Value ReplaceErrors(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs == 1 && IsInstance(args[0], Types().unicode_decode_error)) {
    // One U+FFFD for the whole bad range, as CPython's replace_errors.
    Value r = Handler<nullptr, ReplacementChar>(vm, args, "replace_errors");
    if (r.is_null()) return {};
    auto& items = Cast<TupleObject>(r)->items;
    items[0] = NewStr(utf8::Encode(0xFFFD));
    return r;
  }
  return Handler<Question, nullptr>(vm, args, "replace_errors");
}
Value BackslashReplaceErrors(VM& vm, const Value&, const ArgsView& args) {
  return Handler<EscapeCodePoint, EscapeByte>(vm, args, "backslashreplace_errors");
}
Value XmlCharRefReplaceErrors(VM& vm, const Value&, const ArgsView& args) {
  return Handler<XmlCharRef, nullptr>(vm, args, "xmlcharrefreplace_errors");
}
Value NameReplaceErrors(VM& vm, const Value&, const ArgsView&) {
  return RaiseNotImplementedError(
      vm, "the 'namereplace' error handler is not supported by tc (it has no Unicode names)");
}

constexpr MethodDef kBuiltinHandlers[] = {
    {"strict", StrictErrors},
    {"ignore", IgnoreErrors},
    {"replace", ReplaceErrors},
    {"backslashreplace", BackslashReplaceErrors},
    {"xmlcharrefreplace", XmlCharRefReplaceErrors},
    {"namereplace", NameReplaceErrors},
};

Value RegisterError(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "register_error", 2, 2)) return {};
  if (StrArg(vm, args[0], "register_error", 1) == nullptr) return {};
  if (!IsCallable(args[1])) return RaiseTypeError(vm, "handler must be callable");
  if (!DictSet(vm, ErrorHandlers(self), args[0], args[1])) return {};
  return Value::None();
}
Value LookupError(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "lookup_error", 1, 1)) return {};
  const std::string* name = StrArg(vm, args[0], "lookup_error", 1);
  if (name == nullptr) return {};
  if (const Value* h = DictGetStr(ErrorHandlers(self), *name)) return *h;
  return Raise(vm, Types().lookup_error, absl::StrFormat("unknown error handler name '%s'", *name));
}

constexpr MethodDef kFunctions[] = {
    {"register", Register},
    {"unregister", Unregister},
    {"lookup", Lookup},
    {"encode", Encode},
    {"decode", Decode},
    {"register_error", RegisterError},
    {"lookup_error", LookupError},
};

}  // namespace

bool InitCodecsModule(VM&, ModuleObject* m) {
  ModuleSet(m, kSearchPath, NewList({}));
  ModuleSet(m, kCache, NewDict());
  Value handlers = NewDict();
  for (const MethodDef& h : kBuiltinHandlers) {
    DictSetStr(DictTable(handlers), h.name,
               NewNativeFunction(absl::StrCat(h.name, "_errors"), h.fn));
  }
  ModuleSet(m, kErrorHandlers, handlers);
  AddFunctions(m, kFunctions);
  for (size_t i = 0; i < std::size(kCodecFunctions); ++i) {
    ModuleSet(m, kCodecFunctions[i].name,
              NewNativeDataMethod(nullptr, kCodecFunctions[i].name, CodecCall,
                                  Value::Int(static_cast<int64_t>(i))));
  }
  return true;
}

}  // namespace tc::script
