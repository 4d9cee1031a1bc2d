// The _string module, native in CPython too: the format-string parsers
// behind CPython's own string.py (string.Formatter.parse and
// get_field). formatter_parser(s) iterates (literal_text, field_name,
// format_spec, conversion) tuples; formatter_field_name_split(name) gives
// (first, iterator of (is_attribute, key)). Both parse lazily, raising
// CPython's ValueErrors when iteration reaches the bad part.
//
// The parsers scan UTF-8 bytes: every character they look for is ASCII,
// and no byte of a multi-byte UTF-8 sequence is.
#include <cctype>
#include <string>
#include <string_view>

#include "native_iter.h"
#include "utf8.h"
#include "vm_internal.h"

namespace tc::script {
namespace {

Type* g_formatter_iter = nullptr;
Type* g_field_name_iter = nullptr;

// The state of one lazy parse: the string and how far it has been read.
struct ParseIterObject : Object {
  explicit ParseIterObject(Type* t) : Object(t) {}
  Value str;  // keeps `text` alive
  std::string_view text;
  size_t pos = 0;
};

Value NewParseIter(Type* t, const Value& str, std::string_view text, size_t pos) {
  auto* it = new ParseIterObject(t);
  it->str = str;
  it->text = text;
  it->pos = pos;
  return Value::Adopt(it);
}

// CPython's get_integer: the value of an all-digits name, -1 when it is
// empty or not all ASCII digits; false on overflow.
bool GetInteger(VM& vm, std::string_view s, int64_t* out) {
  *out = -1;
  if (s.empty()) return true;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return true;
    if (v > (INT64_MAX - (c - '0')) / 10) {
      RaiseValueError(vm, "Too many decimal digits in format string");
      return false;
    }
    v = v * 10 + (c - '0');
  }
  *out = v;
  return true;
}

Value IntOrStr(VM& vm, std::string_view s) {
  int64_t i;
  if (!GetInteger(vm, s, &i)) return {};
  return i >= 0 ? Value::Int(i) : NewStr(std::string(s));
}

// One step of CPython's MarkupIterator: the literal text up to the next
// replacement field, and that field's parts when one follows.
Value FormatterNext(VM& vm, const Value& self) {
  auto* it = Cast<ParseIterObject>(self);
  std::string_view s = it->text;
  size_t& i = it->pos;
  if (i >= s.size()) return {};
  const size_t start = i;
  char c = 0;
  bool markup = false;
  while (i < s.size()) {
    c = s[i++];
    if (c == '{' || c == '}') {
      markup = true;
      break;
    }
  }
  const bool at_end = i >= s.size();
  size_t len = i - start;
  if (markup && c == '}' && (at_end || s[i] != '}')) {
    return RaiseValueError(vm, "Single '}' encountered in format string");
  }
  if (markup && at_end && c == '{') {
    return RaiseValueError(vm, "Single '{' encountered in format string");
  }
  if (markup && !at_end) {
    if (s[i] == c) {
      ++i;  // `{{` or `}}`: one brace of literal text, no field
      markup = false;
    } else {
      --len;
    }
  }
  Value literal = NewStr(std::string(s.substr(start, len)));
  if (!markup) return NewTuple({literal, Value::None(), Value::None(), Value::None()});
  // The field: its name runs to '}', ':' or '!' ('[...]' may hold them).
  const size_t name_start = i;
  c = 0;
  while (i < s.size()) {
    c = s[i++];
    if (c == '{') return RaiseValueError(vm, "unexpected '{' in field name");
    if (c == '[') {
      while (i < s.size() && s[i] != ']') ++i;
      continue;
    }
    if (c == '}' || c == ':' || c == '!') break;
  }
  Value name = NewStr(std::string(s.substr(name_start, i - 1 - name_start)));
  Value conversion = Value::None();
  if (c == '!' || c == ':') {
    if (c == '!') {
      if (i >= s.size()) {
        return RaiseValueError(vm, "end of string while looking for conversion specifier");
      }
      size_t cp_start = i;
      utf8::Decode(s, &i);
      conversion = NewStr(std::string(s.substr(cp_start, i - cp_start)));
      if (i < s.size()) {
        c = s[i++];
        if (c == '}') return NewTuple({literal, name, NewStr(""), conversion});
        if (c != ':') return RaiseValueError(vm, "expected ':' after conversion specifier");
      }
    }
    const size_t spec_start = i;
    int depth = 1;
    while (i < s.size()) {
      c = s[i++];
      if (c == '{') {
        ++depth;
      } else if (c == '}' && --depth == 0) {
        return NewTuple({literal, name,
                         NewStr(std::string(s.substr(spec_start, i - 1 - spec_start))),
                         conversion});
      }
    }
    return RaiseValueError(vm, "unmatched '{' in format spec");
  }
  if (c != '}') return RaiseValueError(vm, "expected '}' before end of string");
  return NewTuple({literal, name, NewStr(""), conversion});
}

// One step of CPython's FieldNameIterator: `.attr` or `[key]`.
Value FieldNameNext(VM& vm, const Value& self) {
  auto* it = Cast<ParseIterObject>(self);
  std::string_view s = it->text;
  size_t& i = it->pos;
  if (i >= s.size()) return {};
  const char c = s[i++];
  size_t start = i;
  std::string_view name;
  Value key;
  if (c == '.') {
    while (i < s.size() && s[i] != '.' && s[i] != '[') ++i;
    name = s.substr(start, i - start);
    key = NewStr(std::string(name));
  } else if (c == '[') {
    while (i < s.size() && s[i] != ']') ++i;
    if (i >= s.size()) return RaiseValueError(vm, "Missing ']' in format string");
    name = s.substr(start, i - start);
    ++i;
    key = IntOrStr(vm, name);
    if (key.is_null()) return {};
  } else {
    return RaiseValueError(vm, "Only '.' or '[' may follow ']' in format field specifier");
  }
  if (name.empty()) return RaiseValueError(vm, "Empty attribute in format string");
  return NewTuple({Value::Bool(c == '.'), std::move(key)});
}

const StrObject* StrArg(VM& vm, const ArgsView& args, const char* fname) {
  if (!CheckArgCount(vm, args, fname, 1, 1)) return nullptr;
  if (StrValue(args[0]) == nullptr) {
    RaiseTypeError(vm, absl::StrFormat("expected str, got %s", TypeName(args[0])));
    return nullptr;
  }
  return Cast<StrObject>(args[0]);
}

Value FormatterParser(VM& vm, const Value&, const ArgsView& args) {
  const StrObject* s = StrArg(vm, args, "formatter_parser");
  if (s == nullptr) return {};
  return NewParseIter(g_formatter_iter, args[0], s->value, 0);
}

Value FieldNameSplit(VM& vm, const Value&, const ArgsView& args) {
  const StrObject* s = StrArg(vm, args, "formatter_field_name_split");
  if (s == nullptr) return {};
  std::string_view text = s->value;
  size_t i = 0;
  while (i < text.size() && text[i] != '.' && text[i] != '[') ++i;
  Value first = IntOrStr(vm, text.substr(0, i));
  if (first.is_null()) return {};
  return NewTuple({std::move(first), NewParseIter(g_field_name_iter, args[0], text, i)});
}

Value NoNew(VM& vm, const Value& cls, const ArgsView&) {
  return RaiseTypeError(vm, absl::StrFormat("cannot create '%s' instances", Cast<Type>(cls)->name));
}

constexpr MethodDef kFunctions[] = {{"formatter_parser", FormatterParser},
                                    {"formatter_field_name_split", FieldNameSplit}};

}  // namespace

bool InitStringModule(VM&, ModuleObject* m) {
  if (g_formatter_iter == nullptr) {
    g_formatter_iter =
        NewNativeIterType("formatteriterator", "builtins", NoNew, NativeIterNext<FormatterNext>);
    g_field_name_iter =
        NewNativeIterType("fieldnameiterator", "builtins", NoNew, NativeIterNext<FieldNameNext>);
  }
  ModuleSet(m, "__doc__", NewStr("string helper module"));
  AddFunctions(m, kFunctions);
  return true;
}

}  // namespace tc::script
