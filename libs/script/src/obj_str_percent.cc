// `%` formatting of str (printf-style): conversions, flags, widths and
// precisions (`*` from the arguments), mapping keys, as CPython's
// PyUnicode_Format; each conversion's body goes through FormatBuiltin.
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"
#include "tc/support/py_repr.h"

#include "src/obj_bigint.h"
#include "src/obj_complex.h"
#include "src/str_helpers.h"
#include "src/utf8.h"
#include "vm_internal.h"

namespace tc::script {

Value StrPercent(VM& vm, const std::string& fmt, const Value& args) {
  std::vector<Value> items;
  bool is_tuple = args.is_object() && args.as_object()->type == Types().tuple;
  const DictObject* mapping = args.is_object() && args.as_object()->type == Types().dict
                                  ? static_cast<DictObject*>(args.as_object())
                                  : nullptr;
  if (is_tuple) {
    items = static_cast<TupleObject*>(args.as_object())->items;
  } else {
    items.push_back(args);
  }
  size_t next = 0;
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c != '%') {
      out += c;
      continue;
    }
    if (++i >= fmt.size()) return RaiseValueError(vm, "incomplete format");
    Value arg;
    if (fmt[i] == '(' && mapping != nullptr) {
      size_t e = fmt.find(')', i);
      if (e == std::string::npos) return RaiseValueError(vm, "incomplete format key");
      std::string key = fmt.substr(i + 1, e - i - 1);
      const Value* v = DictGetStr(mapping, key);
      if (v == nullptr) return RaiseKeyError(vm, NewStr(key));
      arg = *v;
      i = e + 1;
    }
    // Flags, width and precision; a '*' takes its number from the
    // arguments (a negative width left-aligns), as CPython's.
    std::string flags;
    while (i < fmt.size() &&
           std::string_view("-+ #0123456789.*").find(fmt[i]) != std::string_view::npos) {
      if (fmt[i] != '*') {
        flags += fmt[i++];
        continue;
      }
      ++i;
      if (next >= items.size()) return RaiseTypeError(vm, "not enough arguments for format string");
      const Value& n = items[next++];
      if (!n.is_int() || n.is_bool()) return RaiseTypeError(vm, "* wants int");
      int64_t v = n.as_int();
      bool precision = !flags.empty() && flags.back() == '.';
      if (v < 0 && !precision) flags += '-';
      flags += std::to_string(v < 0 ? (precision ? 0 : -v) : v);
    }
    if (i >= fmt.size()) return RaiseValueError(vm, "incomplete format");
    char conv = fmt[i];
    if (conv == '%') {
      out += '%';
      continue;
    }
    if (arg.is_null()) {
      if (next >= items.size()) return RaiseTypeError(vm, "not enough arguments for format string");
      arg = items[next++];
    }
    std::string piece;
    if (conv == 'c') {
      if (IsBigInt(arg)) return RaiseOverflowError(vm, "%c arg not in range(0x110000)");
      if (arg.is_int() || arg.is_bool()) {
        if (arg.as_int() < 0 || arg.as_int() > 0x10FFFF) {
          return RaiseOverflowError(vm, "%c arg not in range(0x110000)");
        }
        arg = NewStrChar(static_cast<uint32_t>(arg.as_int()));
      } else if (StrValue(arg) == nullptr || AsStr(arg)->Length() != 1) {
        return RaiseTypeError(vm, "%c requires int or char");
      }
    }
    if (conv == 's' || conv == 'r' || conv == 'a' || conv == 'c') {
      if (!(conv == 's' || conv == 'c' ? vm.StrString(arg, &piece) : vm.ReprString(arg, &piece))) {
        return {};
      }
      if (conv == 'a') piece = AsciiEscape(piece);
      // Width / left-align.
      std::string spec;
      bool left = flags.find('-') != std::string::npos;
      std::string w;
      for (char f : flags)
        if (absl::ascii_isdigit(f) || f == '.') w += f;
      if (!w.empty()) {
        size_t dot = w.find('.');
        if (dot != std::string::npos) {
          piece = piece.substr(0, utf8::Advance(piece, 0, std::stoll("0" + w.substr(dot + 1))));
          w = w.substr(0, dot);
        }
        if (!w.empty()) {
          int64_t width = std::stoll(w);
          int64_t len = utf8::CountCodePoints(piece);
          if (len < width) {
            piece = left ? piece + std::string(width - len, ' ')
                         : std::string(width - len, ' ') + piece;
          }
        }
      }
      out += piece;
      continue;
    }
    std::string spec;
    bool left = false;
    for (char f : flags) {
      if (f == '-') {
        left = true;
      } else if (f == '#') {
        spec += '#';
      } else if (f == '+' || f == ' ') {
        spec.insert(spec.begin(), f);
      }
    }
    std::string num;
    for (char f : flags)
      if (absl::ascii_isdigit(f) || f == '.') num += f;
    if (!num.empty() && num[0] == '0' && !left) {
      spec += '0';
      num = num.substr(1);
    }
    if (left) spec.insert(spec.begin(), '<');
    spec += num;
    char t = conv == 'i' || conv == 'u' ? 'd' : conv;
    if (t == 'd' || t == 'x' || t == 'X' || t == 'o') {
      if (IsBoxed(arg)) arg = Value(Unbox(arg));
      if (arg.is_float()) {
        arg = FloatToInt(vm, arg.as_float());
        if (arg.is_null()) return {};
      }
      if (!IsIntValue(arg)) {
        return RaiseTypeError(vm, absl::StrFormat("%%%c format: a real number is required, not %s",
                                                  conv, TypeName(arg)));
      }
      if (arg.is_bool()) arg = Value::Int(arg.as_int());
    } else if (std::string_view("fFeEgG").find(t) != std::string_view::npos) {
      double d;
      if (!ToFloat(vm, arg, &d)) return {};
      arg = Value::Float(d);
    } else {
      return RaiseValueError(
          vm,
          absl::StrFormat("unsupported format character '%c' (0x%x) at index %d", conv, conv, i));
    }
    spec += t;
    if (!FormatBuiltin(vm, arg, spec, &piece)) return {};
    out += piece;
  }
  if (next < items.size() && mapping == nullptr) {
    return RaiseTypeError(vm, "not all arguments converted during string formatting");
  }
  return NewStr(std::move(out));
}

}  // namespace tc::script
