// Formatting with str: format specs (f-strings, format()) and str.format
// (`%` formatting is obj_str_percent.cc's).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

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

namespace {

struct Spec {
  std::string fill = " ";  // one code point, UTF-8
  char align = 0;          // < > ^ =
  char sign = '-';
  bool alt = false;
  bool zero = false;
  int64_t width = -1;
  char grouping = 0;  // , or _
  int64_t precision = -1;
  char type = 0;
};

bool ParseSpec(VM& vm, std::string_view s, Spec* sp) {
  size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  // The fill is one code point (any, multi-byte included) before an align.
  size_t fill_end = 0;
  if (!s.empty()) utf8::Decode(s, &fill_end);
  bool explicit_fill = false;
  if (fill_end < s.size() && is_align(s[fill_end])) {
    explicit_fill = true;
    sp->fill = std::string(s.substr(0, fill_end));
    sp->align = s[fill_end];
    i = fill_end + 1;
  } else if (!s.empty() && is_align(s[0])) {
    sp->align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) sp->sign = s[i++];
  if (i < s.size() && s[i] == '#') {
    sp->alt = true;
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    sp->zero = true;
    ++i;
  }
  int64_t w = -1;
  while (i < s.size() && absl::ascii_isdigit(s[i])) w = (w < 0 ? 0 : w * 10) + (s[i++] - '0');
  sp->width = w;
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) sp->grouping = s[i++];
  if (i < s.size() && s[i] == '.') {
    ++i;
    int64_t p = 0;
    bool any = false;
    while (i < s.size() && absl::ascii_isdigit(s[i])) {
      p = p * 10 + (s[i++] - '0');
      any = true;
    }
    if (!any) {
      RaiseValueError(vm, "Format specifier missing precision");
      return false;
    }
    sp->precision = p;
  }
  if (i < s.size()) sp->type = s[i++];
  if (i != s.size()) {
    RaiseValueError(vm, "Invalid format specifier");
    return false;
  }
  // The 0 flag fills with zeros unless a fill is given, and aligns after
  // the sign unless an alignment is given.
  if (sp->zero && !explicit_fill) sp->fill = "0";
  if (sp->zero && sp->align == 0) sp->align = '=';
  return true;
}

// Separators every `every` digits from the right (4 for x, o and b).
std::string Group(const std::string& digits, char sep, int every = 3) {
  std::string out;
  int n = static_cast<int>(digits.size());
  for (int i = 0; i < n; ++i) {
    if (i > 0 && (n - i) % every == 0) out += sep;
    out += digits[i];
  }
  return out;
}

// Zero padding with grouping pads inside the groups, as CPython's
// _PyUnicode_InsertThousandsGrouping does: groups from the right, padded
// with zeros (and separators) until `min_width` characters are filled.
std::string GroupZeroPadded(const std::string& digits, char sep, int every, int64_t min_width) {
  std::string out;  // built reversed
  auto remaining = static_cast<int64_t>(digits.size());
  bool first = true;
  while (true) {
    if (!first) out += sep;
    first = false;
    int64_t len = std::min<int64_t>(std::max<int64_t>({remaining, min_width, 1}), every);
    int64_t chars = std::max<int64_t>(0, std::min(remaining, len));
    for (int64_t i = 0; i < chars; ++i) out += digits[static_cast<size_t>(remaining - 1 - i)];
    for (int64_t i = chars; i < len; ++i) out += '0';
    remaining -= chars;
    min_width -= len;
    if (remaining <= 0 && min_width <= 0) break;
    min_width -= 1;  // the separator
  }
  return std::string(out.rbegin(), out.rend());
}

std::string Fill(const std::string& fill, int64_t n) {
  if (fill.size() == 1) return std::string(static_cast<size_t>(n), fill[0]);
  std::string out;
  for (int64_t i = 0; i < n; ++i) out += fill;
  return out;
}

// Pads to the spec's width, counted in code points.
std::string Pad(const std::string& sign, const std::string& body, const Spec& sp,
                char default_align) {
  if (sp.width < 0) return sign + body;
  int64_t len = utf8::CountCodePoints(sign) + utf8::CountCodePoints(body);
  if (sp.width <= len) return sign + body;
  int64_t pad = sp.width - len;
  char align = sp.align ? sp.align : default_align;
  switch (align) {
    case '<':
      return sign + body + Fill(sp.fill, pad);
    case '^': {
      int64_t left = pad / 2;
      return Fill(sp.fill, left) + sign + body + Fill(sp.fill, pad - left);
    }
    case '=':
      return sign + Fill(sp.fill, pad) + body;
    default:
      return Fill(sp.fill, pad) + sign + body;
  }
}

std::string FormatFloatBody(double v, char type, int64_t prec, bool alt) {
  // v is non-negative here.
  if (std::isinf(v)) return (type >= 'A' && type <= 'Z') ? "INF" : "inf";
  if (std::isnan(v)) return (type >= 'A' && type <= 'Z') ? "NAN" : "nan";
  char buf[512];
  switch (type) {
    case 'f':
    case 'F':
      std::snprintf(buf, sizeof buf, alt ? "%#.*f" : "%.*f", static_cast<int>(prec), v);
      return buf;
    case 'e':
    case 'E':
      std::snprintf(buf, sizeof buf,
                    type == 'e' ? (alt ? "%#.*e" : "%.*e") : (alt ? "%#.*E" : "%.*E"),
                    static_cast<int>(prec), v);
      return buf;
    case 'g':
    case 'G': {
      std::snprintf(buf, sizeof buf,
                    type == 'g' ? (alt ? "%#.*g" : "%.*g") : (alt ? "%#.*G" : "%.*G"),
                    static_cast<int>(prec == 0 ? 1 : prec), v);
      return buf;
    }
    case '%':
      std::snprintf(buf, sizeof buf, "%.*f%%", static_cast<int>(prec), v * 100);
      return buf;
    default:
      return support::PyFloatRepr(v);
  }
}

// CPython's format_complex_internal: both parts formatted as floats (the
// imaginary one always signed when the real one shows), parentheses only
// when the spec names no type, no zero padding or '=' alignment.
bool FormatComplex(VM& vm, const Value& v, const Spec& sp, std::string* out) {
  const auto* c = static_cast<const ComplexObject*>(v.as_object());
  if (sp.fill == "0" && sp.zero) {
    RaiseValueError(vm, "Zero padding is not allowed in complex format specifier");
    return false;
  }
  if (sp.align == '=') {
    RaiseValueError(vm, "'=' alignment flag is not allowed in complex format specifier");
    return false;
  }
  char type = sp.type;
  if (type != 0 && std::string_view("eEfFgGn").find(type) == std::string_view::npos) {
    RaiseValueError(vm,
                    absl::StrFormat("Unknown format code '%c' for object of type 'complex'", type));
    return false;
  }
  bool skip_re = false, parens = false, repr_form = false;
  int64_t precision = sp.precision;
  if (type == 0) {
    // Like str(self) unless a precision asks for 'g'.
    repr_form = precision < 0;
    type = 'g';
    if (c->re == 0 && !std::signbit(c->re)) {
      skip_re = true;
    } else {
      parens = true;
    }
  }
  if (type == 'n') type = 'g';
  if (precision < 0) precision = 6;
  auto part = [&](double d, bool force_sign) {
    std::string body;
    if (repr_form) {
      body = ShortFloatRepr(std::fabs(d));
      if (sp.alt && std::isfinite(d) && body.find('.') == std::string::npos) {
        size_t e = body.find('e');
        body.insert(e == std::string::npos ? body.size() : e, ".");
      }
    } else {
      body = FormatFloatBody(std::fabs(d), type, precision, sp.alt);
    }
    if (sp.grouping) {
      size_t e = body.find_first_not_of("0123456789");
      body = Group(body.substr(0, e), sp.grouping) + (e == std::string::npos ? "" : body.substr(e));
    }
    bool neg = std::signbit(d) && !std::isnan(d);
    char sign = force_sign ? '+' : sp.sign;
    return (neg ? "-" : (sign == '+' ? "+" : (sign == ' ' ? " " : ""))) + body;
  };
  std::string body =
      skip_re ? part(c->im, false) + "j" : part(c->re, false) + part(c->im, true) + "j";
  if (parens) body = "(" + body + ")";
  *out = Pad("", body, sp, '>');
  return true;
}

}  // namespace

bool FormatBuiltin(VM& vm, const Value& v, std::string_view spec, std::string* out) {
  Spec sp;
  if (!ParseSpec(vm, spec, &sp)) return false;
  if (const std::string* s = StrValue(v)) {
    if (sp.type != 0 && sp.type != 's') {
      RaiseValueError(
          vm, absl::StrFormat("Unknown format code '%c' for object of type 'str'", sp.type));
      return false;
    }
    std::string body = sp.precision >= 0 ? s->substr(0, utf8::Advance(*s, 0, sp.precision)) : *s;
    *out = Pad("", body, sp, '<');
    return true;
  }
  if (IsIntValue(v) && (sp.type == 0 || sp.type == 'd' || sp.type == 'x' || sp.type == 'X' ||
                        sp.type == 'o' || sp.type == 'b' || sp.type == 'n' || sp.type == 'c')) {
    if (v.is_bool() && sp.type == 0 && spec.empty()) {
      *out = v.as_bool() ? "True" : "False";
      return true;
    }
    if (sp.precision >= 0) {
      RaiseValueError(vm, "Precision not allowed in integer format specifier");
      return false;
    }
    if (sp.grouping == ',' && sp.type != 0 && sp.type != 'd') {
      RaiseValueError(vm, absl::StrFormat("Cannot specify ',' with '%c'.", sp.type));
      return false;
    }
    if (sp.type == 'c') {
      if (IsBigInt(v)) {
        RaiseOverflowError(vm, "Python int too large to convert to C long");
        return false;
      }
      int64_t x = v.as_int();
      if (x < 0 || x > 0x10FFFF) {
        RaiseOverflowError(vm, "%c arg not in range(0x110000)");
        return false;
      }
      *out = Pad("", utf8::Encode(static_cast<uint32_t>(x)), sp, '<');
      return true;
    }
    int base = 10;
    std::string prefix;
    switch (sp.type) {
      case 'x':
      case 'X':
        base = 16;
        if (sp.alt) prefix = sp.type == 'x' ? "0x" : "0X";
        break;
      case 'o':
        base = 8;
        if (sp.alt) prefix = "0o";
        break;
      case 'b':
        base = 2;
        if (sp.alt) prefix = "0b";
        break;
      default:
        break;
    }
    std::string digits;
    if (!IntMagnitudeDigits(vm, v, base, &digits)) return false;
    if (sp.type == 'X') digits = absl::AsciiStrToUpper(digits);
    std::string sign = IntSign(v) < 0 ? "-" : (sp.sign == '+' ? "+" : (sp.sign == ' ' ? " " : ""));
    if (sp.grouping && sp.fill == "0" && sp.align == '=') {
      digits = GroupZeroPadded(digits, sp.grouping, base == 10 ? 3 : 4,
                               sp.width - static_cast<int64_t>(sign.size() + prefix.size()));
    } else if (sp.grouping) {
      digits = Group(digits, sp.grouping, base == 10 ? 3 : 4);
    }
    *out = Pad(sign + prefix, digits, sp, '>');
    return true;
  }
  if (v.is_float() || IsIntValue(v)) {
    double d;
    if (v.is_float()) {
      d = v.as_float();
    } else if (!IntToDouble(vm, v, &d)) {
      return false;
    }
    char type = sp.type;
    if (type != 0 && std::string_view("fFeEgG%").find(type) == std::string_view::npos) {
      RaiseValueError(vm, absl::StrFormat("Unknown format code '%c' for object of type '%s'", type,
                                          TypeName(v)));
      return false;
    }
    bool neg = std::signbit(d) && !std::isnan(d);
    double mag = std::fabs(d);
    std::string body;
    if (type == 0) {
      if (sp.precision >= 0) {
        // Like 'g' but always with at least one digit after the point.
        body = FormatFloatBody(mag, 'g', sp.precision, false);
        if (body.find_first_of(".enai") == std::string::npos) body += ".0";
      } else {
        body = support::PyFloatRepr(mag);
      }
    } else {
      body = FormatFloatBody(mag, type, sp.precision < 0 ? 6 : sp.precision, sp.alt);
    }
    if (sp.grouping) {
      size_t e = body.find_first_not_of("0123456789");
      std::string ip = body.substr(0, e);
      body = Group(ip, sp.grouping) + (e == std::string::npos ? "" : body.substr(e));
    }
    std::string sign = neg ? "-" : (sp.sign == '+' ? "+" : (sp.sign == ' ' ? " " : ""));
    *out = Pad(sign, body, sp, '>');
    return true;
  }
  if (IsComplex(v) && !spec.empty()) return FormatComplex(vm, v, sp, out);
  if (spec.empty()) return vm.StrString(v, out);
  RaiseTypeError(vm,
                 absl::StrFormat("unsupported format string passed to %s.__format__", TypeName(v)));
  return false;
}

Value StrFormatMethod(VM& vm, const std::string& fmt, const ArgsView& args) {
  std::string out;
  int auto_index = 0;
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c == '}' && i + 1 < fmt.size() && fmt[i + 1] == '}') {
      out += '}';
      ++i;
      continue;
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    size_t e = fmt.find('}', i);
    if (e == std::string::npos)
      return RaiseValueError(vm, "Single '{' encountered in format string");
    std::string field = fmt.substr(i + 1, e - i - 1);
    i = e;
    std::string spec;
    size_t colon = field.find(':');
    if (colon != std::string::npos) {
      spec = field.substr(colon + 1);
      field = field.substr(0, colon);
    }
    char conv = 0;
    size_t bang = field.find('!');
    if (bang != std::string::npos) {
      conv = bang + 1 < field.size() ? field[bang + 1] : 0;
      field = field.substr(0, bang);
    }
    // field: "", digits, or name, then optional .attr / [key] parts.
    size_t pe = field.find_first_of(".[");
    std::string head = field.substr(0, pe);
    Value v;
    if (head.empty()) {
      if (auto_index >= args.nargs) {
        return RaiseIndexError(
            vm, absl::StrFormat("Replacement index %d out of range for positional args tuple",
                                auto_index));
      }
      v = args[auto_index++];
    } else if (absl::ascii_isdigit(head[0])) {
      int idx = std::stoi(head);
      if (idx >= args.nargs) {
        return RaiseIndexError(
            vm,
            absl::StrFormat("Replacement index %d out of range for positional args tuple", idx));
      }
      v = args[idx];
    } else {
      for (int k = 0; k < args.nkw(); ++k) {
        if (args.kwname(k) == head) v = args.kwvalue(k);
      }
      if (v.is_null()) return RaiseKeyError(vm, NewStr(head));
    }
    while (pe != std::string::npos && pe < field.size()) {
      if (field[pe] == '.') {
        size_t ne = field.find_first_of(".[", pe + 1);
        v = vm.GetAttr(
            v, field.substr(pe + 1, ne == std::string::npos ? std::string::npos : ne - pe - 1));
        pe = ne;
      } else {
        size_t ne = field.find(']', pe);
        std::string key = field.substr(pe + 1, ne - pe - 1);
        Value k =
            !key.empty() && absl::ascii_isdigit(key[0]) ? Value::Int(std::stoll(key)) : NewStr(key);
        v = vm.GetItem(v, k);
        pe = ne == std::string::npos ? ne : ne + 1;
      }
      if (v.is_null()) return v;
    }
    if (conv == 'r') {
      v = vm.Repr(v);
    } else if (conv == 'a') {
      v = vm.Ascii(v);
    } else if (conv == 's') {
      v = vm.Str(v);
    }
    if (v.is_null()) return v;
    Value r = vm.Format(v, spec);
    if (r.is_null()) return r;
    out += *StrValue(r);
  }
  return NewStr(std::move(out));
}

}  // namespace tc::script
