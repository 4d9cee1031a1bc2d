// The str type: methods, format specs (f-strings, format()), `%`
// formatting and str.format.
#include <algorithm>
#include <cmath>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

#include "tc/script/native.h"
#include "tc/support/py_repr.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

const std::string& S(const Value& v) { return static_cast<StrObject*>(v.as_object())->value; }

bool ArgStr(VM& vm, const Value& v, const char* fname, const std::string** out) {
  *out = StrValue(v);
  if (*out == nullptr) {
    RaiseTypeError(vm, absl::StrFormat("%s arg must be None or str", fname));
    return false;
  }
  return true;
}

Value StrNew(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "str", 0, 1)) return {};
  if (args.nargs == 0) return NewStr("");
  return vm.Str(args[0]);
}

Value StrJoin(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "join", 1, 1)) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, args[0])) return {};
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string* s = StrValue(items[i]);
    if (s == nullptr) {
      return RaiseTypeError(vm, absl::StrFormat("sequence item %d: expected str instance, %s found",
                                                i, TypeName(items[i])));
    }
    if (i > 0) out += S(self);
    out += *s;
  }
  return NewStr(std::move(out));
}

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

Value StrSplit(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"sep", "maxsplit"};
  Value a[2];
  if (!ParseArgs(vm, args, "split", kNames, 0, a)) return {};
  int64_t maxsplit = -1;
  if (!a[1].is_null() && !ToInt(vm, a[1], &maxsplit)) return {};
  const std::string& s = S(self);
  std::vector<Value> out;
  if (a[0].is_null() || a[0].is_none()) {
    size_t i = 0;
    while (true) {
      while (i < s.size() && IsSpace(s[i])) ++i;
      if (i >= s.size()) break;
      if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
        size_t e = s.size();
        while (e > i && IsSpace(s[e - 1])) --e;
        out.push_back(NewStr(s.substr(i, e - i)));
        break;
      }
      size_t j = i;
      while (j < s.size() && !IsSpace(s[j])) ++j;
      out.push_back(NewStr(s.substr(i, j - i)));
      i = j;
    }
    return NewList(std::move(out));
  }
  const std::string* sep;
  if (!ArgStr(vm, a[0], "split()", &sep)) return {};
  if (sep->empty()) return RaiseValueError(vm, "empty separator");
  size_t i = 0;
  while (true) {
    if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
      out.push_back(NewStr(s.substr(i)));
      break;
    }
    size_t j = s.find(*sep, i);
    if (j == std::string::npos) {
      out.push_back(NewStr(s.substr(i)));
      break;
    }
    out.push_back(NewStr(s.substr(i, j - i)));
    i = j + sep->size();
  }
  return NewList(std::move(out));
}

Value StripImpl(VM& vm, const Value& self, const ArgsView& args, bool left, bool right,
                const char* name) {
  if (!CheckArgCount(vm, args, name, 0, 1)) return {};
  std::string chars = " \t\n\r\f\v";
  if (args.nargs == 1 && !args[0].is_none()) {
    const std::string* c;
    if (!ArgStr(vm, args[0], name, &c)) return {};
    chars = *c;
  }
  const std::string& s = S(self);
  size_t b = 0, e = s.size();
  if (left)
    while (b < e && chars.find(s[b]) != std::string::npos) ++b;
  if (right)
    while (e > b && chars.find(s[e - 1]) != std::string::npos) --e;
  return NewStr(s.substr(b, e - b));
}
Value StrStrip(VM& vm, const Value& self, const ArgsView& a) {
  return StripImpl(vm, self, a, true, true, "strip");
}
Value StrLStrip(VM& vm, const Value& self, const ArgsView& a) {
  return StripImpl(vm, self, a, true, false, "lstrip");
}
Value StrRStrip(VM& vm, const Value& self, const ArgsView& a) {
  return StripImpl(vm, self, a, false, true, "rstrip");
}

Value StartsEnds(VM& vm, const Value& self, const ArgsView& args, bool starts) {
  if (!CheckArgCount(vm, args, starts ? "startswith" : "endswith", 1, 1)) return {};
  const std::string& s = S(self);
  auto test = [&](const std::string& p) {
    return starts ? s.compare(0, p.size(), p) == 0 && s.size() >= p.size()
                  : s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
  };
  if (args[0].is_object() && args[0].as_object()->type == Types().tuple) {
    for (const Value& v : static_cast<TupleObject*>(args[0].as_object())->items) {
      const std::string* p = StrValue(v);
      if (p == nullptr) return RaiseTypeError(vm, "tuple for startswith must only contain str");
      if (test(*p)) return Value::Bool(true);
    }
    return Value::Bool(false);
  }
  const std::string* p = StrValue(args[0]);
  if (p == nullptr) {
    return RaiseTypeError(vm,
                          absl::StrFormat("%s first arg must be str or a tuple of str, not %s",
                                          starts ? "startswith" : "endswith", TypeName(args[0])));
  }
  return Value::Bool(test(*p));
}
Value StrStartsWith(VM& vm, const Value& self, const ArgsView& a) {
  return StartsEnds(vm, self, a, true);
}
Value StrEndsWith(VM& vm, const Value& self, const ArgsView& a) {
  return StartsEnds(vm, self, a, false);
}

Value StrReplace(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "replace", 2, 3)) return {};
  const std::string *old, *neu;
  if (!ArgStr(vm, args[0], "replace()", &old) || !ArgStr(vm, args[1], "replace()", &neu)) return {};
  int64_t count = -1;
  if (args.nargs == 3 && !ToInt(vm, args[2], &count)) return {};
  const std::string& s = S(self);
  std::string out;
  if (old->empty()) {
    int64_t n = 0;
    for (size_t i = 0; i <= s.size(); ++i) {
      if (count < 0 || n < count) {
        out += *neu;
        ++n;
      }
      if (i < s.size()) out += s[i];
    }
    return NewStr(std::move(out));
  }
  size_t i = 0;
  int64_t n = 0;
  while (true) {
    size_t j = count >= 0 && n >= count ? std::string::npos : s.find(*old, i);
    if (j == std::string::npos) {
      out += s.substr(i);
      break;
    }
    out += s.substr(i, j - i);
    out += *neu;
    i = j + old->size();
    ++n;
  }
  return NewStr(std::move(out));
}

Value StrUpper(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::AsciiStrToUpper(S(self)));
}
Value StrLower(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::AsciiStrToLower(S(self)));
}
Value StrCapitalize(VM&, const Value& self, const ArgsView&) {
  std::string s = absl::AsciiStrToLower(S(self));
  if (!s.empty()) s[0] = absl::ascii_toupper(s[0]);
  return NewStr(std::move(s));
}
Value StrTitle(VM&, const Value& self, const ArgsView&) {
  std::string s = S(self);
  bool prev_alpha = false;
  for (char& c : s) {
    c = prev_alpha ? absl::ascii_tolower(c) : absl::ascii_toupper(c);
    prev_alpha = absl::ascii_isalpha(c);
  }
  return NewStr(std::move(s));
}

bool SubRange(VM& vm, const ArgsView& args, const std::string& s, int64_t* b, int64_t* e) {
  int64_t n = static_cast<int64_t>(s.size());
  *b = 0;
  *e = n;
  if (args.nargs >= 2 && !args[1].is_none() && !ToInt(vm, args[1], b)) return false;
  if (args.nargs >= 3 && !args[2].is_none() && !ToInt(vm, args[2], e)) return false;
  if (*b < 0) *b = std::max<int64_t>(0, *b + n);
  if (*e < 0) *e = std::max<int64_t>(0, *e + n);
  *e = std::min(*e, n);
  return true;
}

Value FindImpl(VM& vm, const Value& self, const ArgsView& args, bool reverse, bool raise,
               const char* name) {
  if (!CheckArgCount(vm, args, name, 1, 3)) return {};
  const std::string* sub;
  if (!ArgStr(vm, args[0], name, &sub)) return {};
  const std::string& s = S(self);
  int64_t b, e;
  if (!SubRange(vm, args, s, &b, &e)) return {};
  int64_t r = -1;
  if (b <= e && e - b >= static_cast<int64_t>(sub->size())) {
    std::string_view view(s.data() + b, e - b);
    size_t p = reverse ? view.rfind(*sub) : view.find(*sub);
    if (p != std::string_view::npos) r = b + static_cast<int64_t>(p);
  }
  if (r < 0 && raise) return RaiseValueError(vm, "substring not found");
  return Value::Int(r);
}
Value StrFind(VM& vm, const Value& self, const ArgsView& a) {
  return FindImpl(vm, self, a, false, false, "find");
}
Value StrRFind(VM& vm, const Value& self, const ArgsView& a) {
  return FindImpl(vm, self, a, true, false, "rfind");
}
Value StrIndex(VM& vm, const Value& self, const ArgsView& a) {
  return FindImpl(vm, self, a, false, true, "index");
}
Value StrCount(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "count", 1, 3)) return {};
  const std::string* sub;
  if (!ArgStr(vm, args[0], "count", &sub)) return {};
  const std::string& s = S(self);
  int64_t b, e;
  if (!SubRange(vm, args, s, &b, &e)) return {};
  if (b > e) return Value::Int(0);
  std::string_view view(s.data() + b, e - b);
  if (sub->empty()) return Value::Int(static_cast<int64_t>(view.size()) + 1);
  int64_t n = 0;
  size_t p = 0;
  while ((p = view.find(*sub, p)) != std::string_view::npos) {
    ++n;
    p += sub->size();
  }
  return Value::Int(n);
}

template <bool (*Pred)(unsigned char)>
Value StrIs(VM&, const Value& self, const ArgsView&) {
  const std::string& s = S(self);
  if (s.empty()) return Value::Bool(false);
  for (unsigned char c : s)
    if (!Pred(c)) return Value::Bool(false);
  return Value::Bool(true);
}
bool IsDigitC(unsigned char c) { return c >= '0' && c <= '9'; }
bool IsAlphaC(unsigned char c) { return absl::ascii_isalpha(c); }
bool IsAlnumC(unsigned char c) { return absl::ascii_isalnum(c); }
bool IsSpaceC(unsigned char c) { return IsSpace(static_cast<char>(c)); }
Value StrIsUpper(VM&, const Value& self, const ArgsView&) {
  bool any = false;
  for (unsigned char c : S(self)) {
    if (absl::ascii_islower(c)) return Value::Bool(false);
    any |= absl::ascii_isupper(c);
  }
  return Value::Bool(any);
}
Value StrIsLower(VM&, const Value& self, const ArgsView&) {
  bool any = false;
  for (unsigned char c : S(self)) {
    if (absl::ascii_isupper(c)) return Value::Bool(false);
    any |= absl::ascii_islower(c);
  }
  return Value::Bool(any);
}

Value PadImpl(VM& vm, const Value& self, const ArgsView& args, char align, const char* name) {
  if (!CheckArgCount(vm, args, name, 1, 2)) return {};
  int64_t width;
  if (!ToInt(vm, args[0], &width)) return {};
  char fill = ' ';
  if (args.nargs == 2) {
    const std::string* f = StrValue(args[1]);
    if (f == nullptr || f->size() != 1) {
      return RaiseTypeError(vm, "The fill character must be exactly one character long");
    }
    fill = (*f)[0];
  }
  const std::string& s = S(self);
  int64_t n = static_cast<int64_t>(s.size());
  if (width <= n) return self;
  int64_t pad = width - n;
  if (align == '<') return NewStr(s + std::string(pad, fill));
  if (align == '>') return NewStr(std::string(pad, fill) + s);
  // CPython's center: extra padding goes left when the total is odd and
  // the string length is odd.
  int64_t left = pad / 2 + (pad & width & 1);
  return NewStr(std::string(left, fill) + s + std::string(pad - left, fill));
}
Value StrLJust(VM& vm, const Value& self, const ArgsView& a) {
  return PadImpl(vm, self, a, '<', "ljust");
}
Value StrRJust(VM& vm, const Value& self, const ArgsView& a) {
  return PadImpl(vm, self, a, '>', "rjust");
}
Value StrCenter(VM& vm, const Value& self, const ArgsView& a) {
  return PadImpl(vm, self, a, '^', "center");
}
Value StrZFill(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "zfill", 1, 1)) return {};
  int64_t width;
  if (!ToInt(vm, args[0], &width)) return {};
  std::string s = S(self);
  int64_t n = static_cast<int64_t>(s.size());
  if (width <= n) return self;
  size_t at = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  s.insert(at, std::string(width - n, '0'));
  return NewStr(std::move(s));
}
Value StrFormatFn(VM& vm, const Value& self, const ArgsView& args) {
  return StrFormatMethod(vm, S(self), args);
}
Value StrSplitLines(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "splitlines", 0, 1)) return {};
  std::vector<Value> out;
  const std::string& s = S(self);
  size_t i = 0;
  while (i < s.size()) {
    size_t j = s.find('\n', i);
    if (j == std::string::npos) j = s.size();
    size_t e = j;
    if (e > i && s[e - 1] == '\r') --e;
    out.push_back(NewStr(s.substr(i, e - i)));
    i = j + 1;
  }
  return NewList(std::move(out));
}
Value StrPartition(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "partition", 1, 1)) return {};
  const std::string* sep;
  if (!ArgStr(vm, args[0], "partition", &sep)) return {};
  const std::string& s = S(self);
  size_t p = s.find(*sep);
  if (p == std::string::npos) return NewTuple({self, NewStr(""), NewStr("")});
  return NewTuple({NewStr(s.substr(0, p)), args[0], NewStr(s.substr(p + sep->size()))});
}
Value StrRSplit(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"sep", "maxsplit"};
  Value a[2];
  if (!ParseArgs(vm, args, "rsplit", kNames, 0, a)) return {};
  int64_t maxsplit = -1;
  if (!a[1].is_null() && !ToInt(vm, a[1], &maxsplit)) return {};
  if (maxsplit < 0 || a[0].is_null() || a[0].is_none()) return StrSplit(vm, self, args);
  const std::string* sep;
  if (!ArgStr(vm, a[0], "rsplit()", &sep)) return {};
  const std::string& s = S(self);
  std::vector<Value> out;
  size_t end = s.size();
  while (static_cast<int64_t>(out.size()) < maxsplit) {
    size_t p = end >= sep->size() ? s.rfind(*sep, end - sep->size()) : std::string::npos;
    if (p == std::string::npos) break;
    out.push_back(NewStr(s.substr(p + sep->size(), end - p - sep->size())));
    end = p;
  }
  out.push_back(NewStr(s.substr(0, end)));
  std::reverse(out.begin(), out.end());
  return NewList(std::move(out));
}

constexpr MethodDef kStrMethods[] = {
    {"__new__", StrNew},
    {"join", StrJoin},
    {"split", StrSplit},
    {"rsplit", StrRSplit},
    {"splitlines", StrSplitLines},
    {"partition", StrPartition},
    {"strip", StrStrip},
    {"lstrip", StrLStrip},
    {"rstrip", StrRStrip},
    {"startswith", StrStartsWith},
    {"endswith", StrEndsWith},
    {"replace", StrReplace},
    {"format", StrFormatFn},
    {"upper", StrUpper},
    {"lower", StrLower},
    {"capitalize", StrCapitalize},
    {"title", StrTitle},
    {"find", StrFind},
    {"rfind", StrRFind},
    {"index", StrIndex},
    {"count", StrCount},
    {"isdigit", StrIs<IsDigitC>},
    {"isnumeric", StrIs<IsDigitC>},
    {"isdecimal", StrIs<IsDigitC>},
    {"isalpha", StrIs<IsAlphaC>},
    {"isalnum", StrIs<IsAlnumC>},
    {"isspace", StrIs<IsSpaceC>},
    {"isupper", StrIsUpper},
    {"islower", StrIsLower},
    {"ljust", StrLJust},
    {"rjust", StrRJust},
    {"center", StrCenter},
    {"zfill", StrZFill},
};

// --- format specs -------------------------------------------------------------

struct Spec {
  char fill = ' ';
  char align = 0;  // < > ^ =
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
  if (s.size() >= 2 && is_align(s[1])) {
    sp->fill = s[0];
    sp->align = s[1];
    i = 2;
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
  if (sp->zero && sp->align == 0) {
    sp->fill = '0';
    sp->align = '=';
  }
  return true;
}

std::string Group(const std::string& digits, char sep) {
  std::string out;
  int n = static_cast<int>(digits.size());
  for (int i = 0; i < n; ++i) {
    if (i > 0 && (n - i) % 3 == 0) out += sep;
    out += digits[i];
  }
  return out;
}

std::string Pad(const std::string& sign, const std::string& body, const Spec& sp,
                char default_align) {
  int64_t len = static_cast<int64_t>(sign.size() + body.size());
  if (sp.width <= len) return sign + body;
  int64_t pad = sp.width - len;
  char align = sp.align ? sp.align : default_align;
  switch (align) {
    case '<':
      return sign + body + std::string(pad, sp.fill);
    case '^': {
      int64_t left = pad / 2;
      return std::string(left, sp.fill) + sign + body + std::string(pad - left, sp.fill);
    }
    case '=':
      return sign + std::string(pad, sp.fill) + body;
    default:
      return std::string(pad, sp.fill) + sign + body;
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
    std::string body = sp.precision >= 0 ? s->substr(0, sp.precision) : *s;
    *out = Pad("", body, sp, '<');
    return true;
  }
  if ((v.is_int() || v.is_bool()) &&
      (sp.type == 0 || sp.type == 'd' || sp.type == 'x' || sp.type == 'X' || sp.type == 'o' ||
       sp.type == 'b' || sp.type == 'n' || sp.type == 'c')) {
    if (v.is_bool() && sp.type == 0 && spec.empty()) {
      *out = v.as_bool() ? "True" : "False";
      return true;
    }
    int64_t x = v.as_int();
    uint64_t mag = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    std::string digits;
    std::string prefix;
    switch (sp.type) {
      case 'x':
      case 'X':
        digits = absl::StrFormat(sp.type == 'x' ? "%x" : "%X", mag);
        if (sp.alt) prefix = sp.type == 'x' ? "0x" : "0X";
        break;
      case 'o':
        digits = absl::StrFormat("%o", mag);
        if (sp.alt) prefix = "0o";
        break;
      case 'b': {
        if (mag == 0) digits = "0";
        for (uint64_t m = mag; m; m >>= 1)
          digits.insert(digits.begin(), static_cast<char>('0' + (m & 1)));
        if (sp.alt) prefix = "0b";
        break;
      }
      case 'c':
        *out = Pad("", std::string(1, static_cast<char>(x)), sp, '<');
        return true;
      default:
        digits = std::to_string(mag);
    }
    if (sp.grouping) digits = Group(digits, sp.grouping);
    std::string sign = x < 0 ? "-" : (sp.sign == '+' ? "+" : (sp.sign == ' ' ? " " : ""));
    *out = Pad(sign + prefix, digits, sp, '>');
    return true;
  }
  if (v.is_float() || v.is_int() || v.is_bool()) {
    double d = v.is_float() ? v.as_float() : static_cast<double>(v.as_int());
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
  if (spec.empty()) return vm.StrString(v, out);
  RaiseTypeError(vm,
                 absl::StrFormat("unsupported format string passed to %s.__format__", TypeName(v)));
  return false;
}

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
    size_t start = i;
    while (i < fmt.size() &&
           std::string_view("-+ #0123456789.").find(fmt[i]) != std::string_view::npos) {
      ++i;
    }
    if (i >= fmt.size()) return RaiseValueError(vm, "incomplete format");
    std::string flags = fmt.substr(start, i - start);
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
    if (conv == 's' || conv == 'r') {
      if (!(conv == 's' ? vm.StrString(arg, &piece) : vm.ReprString(arg, &piece))) return {};
      // Width / left-align.
      std::string spec;
      bool left = flags.find('-') != std::string::npos;
      std::string w;
      for (char f : flags)
        if (absl::ascii_isdigit(f) || f == '.') w += f;
      if (!w.empty()) {
        size_t dot = w.find('.');
        if (dot != std::string::npos) {
          piece = piece.substr(0, std::stoul("0" + w.substr(dot + 1)));
          w = w.substr(0, dot);
        }
        if (!w.empty()) {
          size_t width = std::stoul(w);
          if (piece.size() < width) {
            piece = left ? piece + std::string(width - piece.size(), ' ')
                         : std::string(width - piece.size(), ' ') + piece;
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
      if (arg.is_float()) {
        double d = arg.as_float();
        arg = Value::Int(static_cast<int64_t>(d));
      }
      if (!arg.is_int() && !arg.is_bool()) {
        return RaiseTypeError(vm, absl::StrFormat("%%%c format: a real number is required, not %s",
                                                  conv, TypeName(arg)));
      }
      arg = Value::Int(arg.as_int());
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

void InitStrType(BuiltinTypes& bt) {
  // str was created with the object types; add its methods now.
  AddMethods(bt.str, kStrMethods);
  UpdateSlots(bt.str);
}

}  // namespace tc::script
