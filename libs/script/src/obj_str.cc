// The str type and its methods; formatting (format specs, `%`,
// str.format) is in obj_str_format.cc.
#include <algorithm>
#include <cmath>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

#include "tc/script/native.h"

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

}  // namespace

void InitStrType(BuiltinTypes& bt) {
  // str was created with the object types; add its methods now.
  AddMethods(bt.str, kStrMethods);
  UpdateSlots(bt.str);
}

}  // namespace tc::script
