// str's case mappings (upper, lower, casefold, title, capitalize,
// swapcase) and its is*() tests, over code points with CPython 3.11's
// Unicode data (unicode_db.h) and its algorithms: full mappings ('ß'.upper()
// is 'SS'), the final-sigma rule of lower(), title() keyed on cased letters.
#include "absl/strings/ascii.h"

#include "tc/script/native.h"

#include "src/str_helpers.h"
#include "src/unicode_db.h"
#include "src/utf8.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

using unicode::Case;
using unicode::Has;

std::vector<uint32_t> CodePoints(const std::string& s) {
  std::vector<uint32_t> out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) out.push_back(utf8::Decode(s, &i));
  return out;
}

void AppendMapped(uint32_t cp, Case which, std::string* out) {
  uint32_t m[3];
  int n = unicode::Map(cp, which, m);
  for (int i = 0; i < n; ++i) utf8::Append(m[i], out);
}

constexpr uint32_t kCapitalSigma = 0x3A3;

// lower() of cps[i], with CPython's final-sigma rule: a capital sigma
// after a cased letter (skipping case-ignorable ones) and not before one
// lowers to the final form.
void AppendLower(const std::vector<uint32_t>& cps, size_t i, std::string* out) {
  if (cps[i] != kCapitalSigma) return AppendMapped(cps[i], Case::kLower, out);
  auto ignorable = [](uint32_t c) { return Has(c, unicode::kCaseIgnorable); };
  auto cased = [](uint32_t c) { return Has(c, unicode::kCased); };
  size_t j = i;
  while (j > 0 && ignorable(cps[j - 1])) --j;
  bool final_sigma = j > 0 && cased(cps[j - 1]);
  if (final_sigma) {
    size_t k = i + 1;
    while (k < cps.size() && ignorable(cps[k])) ++k;
    final_sigma = k == cps.size() || !cased(cps[k]);
  }
  utf8::Append(final_sigma ? 0x3C2 : 0x3C3, out);
}

const std::string& S(const Value& v) { return AsStr(v)->value; }

// upper() and casefold(): each code point mapped alone (lower() looks at
// the neighbours of a capital sigma).
template <Case kCase>
Value StrMapEach(VM&, const Value& self, const ArgsView&) {
  const StrObject* s = AsStr(self);
  if (s->IsAscii()) {
    return NewStrN(
        kCase == Case::kUpper ? absl::AsciiStrToUpper(s->value) : absl::AsciiStrToLower(s->value),
        s->Length());
  }
  std::string out;
  for (uint32_t cp : CodePoints(s->value)) AppendMapped(cp, kCase, &out);
  return NewStr(std::move(out));
}
Value StrLower(VM&, const Value& self, const ArgsView&) {
  if (AsStr(self)->IsAscii()) return NewStrN(absl::AsciiStrToLower(S(self)), AsStr(self)->Length());
  std::vector<uint32_t> cps = CodePoints(S(self));
  std::string out;
  for (size_t i = 0; i < cps.size(); ++i) AppendLower(cps, i, &out);
  return NewStr(std::move(out));
}
Value StrSwapCase(VM&, const Value& self, const ArgsView&) {
  std::vector<uint32_t> cps = CodePoints(S(self));
  std::string out;
  for (size_t i = 0; i < cps.size(); ++i) {
    if (Has(cps[i], unicode::kUpper)) {
      AppendLower(cps, i, &out);
    } else if (Has(cps[i], unicode::kLower)) {
      AppendMapped(cps[i], Case::kUpper, &out);
    } else {
      utf8::Append(cps[i], &out);
    }
  }
  return NewStr(std::move(out));
}
Value StrCapitalize(VM&, const Value& self, const ArgsView&) {
  std::vector<uint32_t> cps = CodePoints(S(self));
  std::string out;
  for (size_t i = 0; i < cps.size(); ++i) {
    if (i == 0) {
      AppendMapped(cps[i], Case::kTitle, &out);
    } else {
      AppendLower(cps, i, &out);
    }
  }
  return NewStr(std::move(out));
}
Value StrTitle(VM&, const Value& self, const ArgsView&) {
  std::vector<uint32_t> cps = CodePoints(S(self));
  std::string out;
  bool previous_cased = false;
  for (size_t i = 0; i < cps.size(); ++i) {
    if (previous_cased) {
      AppendLower(cps, i, &out);
    } else {
      AppendMapped(cps[i], Case::kTitle, &out);
    }
    previous_cased = Has(cps[i], unicode::kCased);
  }
  return NewStr(std::move(out));
}

// str.isX() for the tests that ask every character one question (empty:
// False).
template <uint32_t kMask>
Value StrIsAll(VM&, const Value& self, const ArgsView&) {
  const std::string& s = S(self);
  if (s.empty()) return Value::Bool(false);
  for (size_t i = 0; i < s.size();) {
    if ((unicode::Properties(utf8::Decode(s, &i)) & kMask) == 0) return Value::Bool(false);
  }
  return Value::Bool(true);
}

// isupper/islower: some character with property `cased_as` and none with
// any of `other`.
Value IsCased(const Value& self, uint32_t cased_as, uint32_t other) {
  bool cased = false;
  for (uint32_t cp : CodePoints(S(self))) {
    uint32_t p = unicode::Properties(cp);
    if (p & other) return Value::Bool(false);
    cased |= (p & cased_as) != 0;
  }
  return Value::Bool(cased);
}
Value StrIsUpper(VM&, const Value& self, const ArgsView&) {
  return IsCased(self, unicode::kUpper, unicode::kLower | unicode::kTitle);
}
Value StrIsLower(VM&, const Value& self, const ArgsView&) {
  return IsCased(self, unicode::kLower, unicode::kUpper | unicode::kTitle);
}
Value StrIsTitle(VM&, const Value& self, const ArgsView&) {
  bool cased = false, previous_cased = false;
  for (uint32_t cp : CodePoints(S(self))) {
    uint32_t p = unicode::Properties(cp);
    if (p & (unicode::kUpper | unicode::kTitle)) {
      if (previous_cased) return Value::Bool(false);
      previous_cased = cased = true;
    } else if (p & unicode::kLower) {
      if (!previous_cased) return Value::Bool(false);
      previous_cased = cased = true;
    } else {
      previous_cased = false;
    }
  }
  return Value::Bool(cased);
}
Value StrIsIdentifier(VM&, const Value& self, const ArgsView&) {
  std::vector<uint32_t> cps = CodePoints(S(self));
  if (cps.empty()) return Value::Bool(false);
  if (cps[0] != '_' && !Has(cps[0], unicode::kXidStart)) return Value::Bool(false);
  for (size_t i = 1; i < cps.size(); ++i)
    if (!Has(cps[i], unicode::kXidContinue)) return Value::Bool(false);
  return Value::Bool(true);
}
Value StrIsPrintable(VM&, const Value& self, const ArgsView&) {
  for (uint32_t cp : CodePoints(S(self)))
    if (!Has(cp, unicode::kPrintable)) return Value::Bool(false);
  return Value::Bool(true);
}
Value StrIsAscii(VM&, const Value& self, const ArgsView&) {
  return Value::Bool(AsStr(self)->IsAscii());
}

constexpr uint32_t kAlnum =
    unicode::kAlpha | unicode::kDecimal | unicode::kDigit | unicode::kNumeric;

constexpr MethodDef kCaseMethods[] = {
    {"upper", StrMapEach<Case::kUpper>},
    {"lower", StrLower},
    {"casefold", StrMapEach<Case::kFold>},
    {"swapcase", StrSwapCase},
    {"capitalize", StrCapitalize},
    {"title", StrTitle},
    {"isalpha", StrIsAll<unicode::kAlpha>},
    {"isdecimal", StrIsAll<unicode::kDecimal>},
    {"isdigit", StrIsAll<unicode::kDigit>},
    {"isnumeric", StrIsAll<unicode::kNumeric>},
    {"isalnum", StrIsAll<kAlnum>},
    {"isspace", StrIsAll<unicode::kSpace>},
    {"isupper", StrIsUpper},
    {"islower", StrIsLower},
    {"istitle", StrIsTitle},
    {"isidentifier", StrIsIdentifier},
    {"isprintable", StrIsPrintable},
    {"isascii", StrIsAscii},
};

}  // namespace

void AddStrCaseMethods(Type* str) { AddMethods(str, kCaseMethods); }

}  // namespace tc::script
