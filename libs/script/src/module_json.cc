// _json: the native parts of CPython's json package that it imports one by
// one and falls back from: scanstring (the string scanner, whose error
// messages the C version words differently from py_scanstring; CPython
// uses the C one), encode_basestring and encode_basestring_ascii.
// make_scanner and make_encoder are absent, so json runs its Python ones.
#include <string>

#include "absl/strings/str_format.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "src/str_helpers.h"
#include "src/utf8.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// json.decoder.JSONDecodeError(msg, s, pos), raised.
Value RaiseDecodeError(VM& vm, const char* msg, const Value& s, int64_t pos) {
  Value mod = vm.Import("json.decoder");
  if (mod.is_null()) return {};
  Value cls = vm.GetAttr(mod, "JSONDecodeError");
  if (cls.is_null()) return {};
  Value exc = vm.Call(cls, {NewStr(msg), s, Value::Int(pos)});
  if (exc.is_null()) return {};
  vm.SetException(exc);
  return {};
}

int HexDigit(uint32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<int>(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return static_cast<int>(c - 'A' + 10);
  return -1;
}

// CPython's scanstring_unicode: the string from `end` (just past the
// opening quote) to the closing one, and the index past it.
Value ScanString(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"string", "end", "strict"};
  Value a[3];
  if (!ParseArgs(vm, args, "scanstring", kNames, 2, a)) return {};
  const std::string* text = StrValue(a[0]);
  if (text == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("first argument must be a string, not %s", TypeName(a[0])));
  }
  int64_t end;
  if (!ToInt(vm, a[1], &end)) return {};
  bool strict = true;
  if (!a[2].is_null()) {
    int t = vm.Truthy(a[2]);
    if (t < 0) return {};
    strict = t != 0;
  }
  const auto* so = Cast<StrObject>(a[0]);
  const int64_t len = so->Length();
  if (end < 0 || end > len) return RaiseValueError(vm, "end is out of bounds");
  const int64_t begin = end - 1;
  const std::string_view s = *text;
  size_t byte = so->ByteOffset(end);
  int64_t next = end;  // code point index of `byte`
  // Reads the code point at `byte` and advances both positions.
  auto read = [&]() -> uint32_t {
    ++next;
    return utf8::Decode(s, &byte);
  };
  std::string out;
  int64_t out_len = 0;
  while (true) {
    uint32_t c = 0;
    // The run up to the closing quote or the next escape.
    while (next < len) {
      size_t at = byte;
      uint32_t d = utf8::Decode(s, &at);
      if (d == '"' || d == '\\') {
        c = d;
        break;
      }
      if (d <= 0x1f && strict)
        return RaiseDecodeError(vm, "Invalid control character at", a[0], next);
      out.append(s.substr(byte, at - byte));
      ++out_len;
      byte = at;
      ++next;
    }
    if (next == len) return RaiseDecodeError(vm, "Unterminated string starting at", a[0], begin);
    read();  // the quote or backslash
    if (c == '"') {
      end = next;
      break;
    }
    if (next == len) return RaiseDecodeError(vm, "Unterminated string starting at", a[0], begin);
    c = read();
    if (c != 'u') {
      switch (c) {
        case '"':
        case '\\':
        case '/':
          break;
        case 'b':
          c = '\b';
          break;
        case 'f':
          c = '\f';
          break;
        case 'n':
          c = '\n';
          break;
        case 'r':
          c = '\r';
          break;
        case 't':
          c = '\t';
          break;
        default:
          return RaiseDecodeError(vm, "Invalid \\escape", a[0], next - 2);
      }
    } else {
      // \uXXXX, and a following \uXXXX that completes a surrogate pair.
      int64_t stop = next + 4;
      if (stop >= len) return RaiseDecodeError(vm, "Invalid \\uXXXX escape", a[0], next - 1);
      c = 0;
      while (next < stop) {
        int h = HexDigit(read());
        if (h < 0) return RaiseDecodeError(vm, "Invalid \\uXXXX escape", a[0], stop - 5);
        c = (c << 4) | static_cast<uint32_t>(h);
      }
      if (c >= 0xD800 && c <= 0xDBFF && stop + 6 < len) {
        size_t save_byte = byte;
        int64_t save_next = next;
        if (read() == '\\' && read() == 'u') {
          uint32_t c2 = 0;
          stop += 6;
          while (next < stop) {
            int h = HexDigit(read());
            if (h < 0) return RaiseDecodeError(vm, "Invalid \\uXXXX escape", a[0], stop - 5);
            c2 = (c2 << 4) | static_cast<uint32_t>(h);
          }
          if (c2 >= 0xDC00 && c2 <= 0xDFFF) {
            c = 0x10000 + (((c - 0xD800) << 10) | (c2 - 0xDC00));
          } else {
            // Not a pair: the second escape is scanned on its own.
            byte = save_byte;
            next = save_next;
          }
        } else {
          byte = save_byte;
          next = save_next;
        }
      }
    }
    utf8::Append(c, &out);
    ++out_len;
  }
  return NewTuple({NewStrN(std::move(out), out_len), Value::Int(end)});
}

// CPython's encoders: "..." with \" \\ \n \r \t \b \f escaped, other
// controls as \u00XX, and (ascii) every non-ASCII code point as \uXXXX
// (surrogate pairs beyond the BMP).
Value Encode(VM& vm, const ArgsView& args, bool ascii, const char* name) {
  if (!CheckArgCount(vm, args, name, 1, 1)) return {};
  const std::string* text = StrValue(args[0]);
  if (text == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("first argument must be a string, not %s", TypeName(args[0])));
  }
  std::string out = "\"";
  out.reserve(text->size() + 2);
  for (size_t i = 0; i < text->size();) {
    size_t at = i;
    uint32_t c = utf8::Decode(*text, &i);
    switch (c) {
      case '"':
        out += "\\\"";
        continue;
      case '\\':
        out += "\\\\";
        continue;
      case '\n':
        out += "\\n";
        continue;
      case '\r':
        out += "\\r";
        continue;
      case '\t':
        out += "\\t";
        continue;
      case '\b':
        out += "\\b";
        continue;
      case '\f':
        out += "\\f";
        continue;
      default:
        break;
    }
    if (c < 0x20 || (ascii && c > 0x7e)) {
      if (c >= 0x10000) {
        uint32_t v = c - 0x10000;
        out += absl::StrFormat("\\u%04x\\u%04x", 0xD800 | (v >> 10), 0xDC00 | (v & 0x3FF));
      } else {
        out += absl::StrFormat("\\u%04x", c);
      }
    } else {
      out.append(*text, at, i - at);
    }
  }
  out += '"';
  return NewStr(std::move(out));
}

Value EncodeBasestringAscii(VM& vm, const Value&, const ArgsView& args) {
  return Encode(vm, args, true, "encode_basestring_ascii");
}
Value EncodeBasestring(VM& vm, const Value&, const ArgsView& args) {
  return Encode(vm, args, false, "encode_basestring");
}

constexpr MethodDef kFunctions[] = {{"scanstring", ScanString},
                                    {"encode_basestring_ascii", EncodeBasestringAscii},
                                    {"encode_basestring", EncodeBasestring}};

bool InitJsonModule(VM&, ModuleObject* m) {
  AddFunctions(m, kFunctions);
  return true;
}

}  // namespace

TC_SCRIPT_REGISTER_MODULE("_json", InitJsonModule);

}  // namespace tc::script
