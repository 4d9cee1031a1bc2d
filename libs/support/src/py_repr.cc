#include "tc/support/py_repr.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <iterator>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tc::support {
namespace {

struct CodeRange {
  uint32_t first;
  uint32_t last;
};

constexpr CodeRange kNonPrintable[] = {
#include "py_nonprintable.inc"
};

bool IsPrintable(uint32_t cp) {
  const CodeRange* end = std::end(kNonPrintable);
  const CodeRange* it =
      std::upper_bound(std::begin(kNonPrintable), end, cp,
                       [](uint32_t c, const CodeRange& r) { return c < r.first; });
  return it == std::begin(kNonPrintable) || cp > std::prev(it)->last;
}

// Decodes the UTF-8 sequence at s[*i], advancing *i; -1 (and one byte) when
// the bytes there are not valid UTF-8 (surrogates allowed).
int32_t NextCodePoint(std::string_view s, size_t* i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char b0 = byte(*i);
  int len = b0 < 0x80 ? 1 : (b0 >> 5) == 6 ? 2 : (b0 >> 4) == 14 ? 3 : (b0 >> 3) == 30 ? 4 : 0;
  if (len == 1) return s[(*i)++];
  if (len == 0 || *i + len > s.size()) {
    ++*i;
    return -1;
  }
  uint32_t cp = b0 & (0x7F >> len);
  for (int k = 1; k < len; ++k) {
    if ((byte(*i + k) & 0xC0) != 0x80) {
      ++*i;
      return -1;
    }
    cp = (cp << 6) | (byte(*i + k) & 0x3F);
  }
  static constexpr uint32_t kMinOfLength[] = {0, 0, 0x80, 0x800, 0x10000};
  // A surrogate in its 3-byte form is a lone surrogate of a str (CPython's
  // str may hold one); it reads back as \udXXX.
  if (cp < kMinOfLength[len] || cp > 0x10FFFF) {
    ++*i;
    return -1;
  }
  *i += len;
  return static_cast<int32_t>(cp);
}

char QuoteFor(std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  return has_single && !has_double ? '"' : '\'';
}

// Appends the escape for `c` when it is one of the short ones (\\, the quote,
// \t, \n, \r); false otherwise.
bool AppendShortEscape(char c, char quote, std::string* out) {
  switch (c) {
    case '\t':
      *out += "\\t";
      return true;
    case '\n':
      *out += "\\n";
      return true;
    case '\r':
      *out += "\\r";
      return true;
    case '\\':
      *out += "\\\\";
      return true;
    default:
      if (c != quote) return false;
      *out += '\\';
      *out += c;
      return true;
  }
}

}  // namespace

std::string PyStrRepr(std::string_view utf8) {
  const char quote = QuoteFor(utf8);
  std::string out(1, quote);
  for (size_t i = 0; i < utf8.size();) {
    size_t start = i;
    int32_t cp = NextCodePoint(utf8, &i);
    if (cp < 0) {
      absl::StrAppendFormat(&out, "\\x%02x", static_cast<unsigned char>(utf8[start]));
      continue;
    }
    if (cp < 0x80 && AppendShortEscape(static_cast<char>(cp), quote, &out)) continue;
    if (IsPrintable(static_cast<uint32_t>(cp))) {
      out.append(utf8.substr(start, i - start));
    } else if (cp < 0x100) {
      absl::StrAppendFormat(&out, "\\x%02x", cp);
    } else if (cp < 0x10000) {
      absl::StrAppendFormat(&out, "\\u%04x", cp);
    } else {
      absl::StrAppendFormat(&out, "\\U%08x", cp);
    }
  }
  out += quote;
  return out;
}

std::string PyBytesRepr(std::string_view bytes) {
  const char quote = QuoteFor(bytes);
  std::string out = "b";
  out += quote;
  for (char c : bytes) {
    auto u = static_cast<unsigned char>(c);
    if (AppendShortEscape(c, quote, &out)) continue;
    if (u < 0x20 || u >= 0x7F) {
      absl::StrAppendFormat(&out, "\\x%02x", u);
    } else {
      out += c;
    }
  }
  out += quote;
  return out;
}

std::string PyFloatRepr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  // Shortest round-trip digits in scientific form, then laid out as
  // CPython's float_repr_style 'r' does.
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string_view s(buf, end - buf);
  std::string sign;
  if (!s.empty() && s[0] == '-') {
    sign = "-";
    s.remove_prefix(1);
  }
  size_t e = s.find('e');
  std::string digits;
  for (char c : s.substr(0, e)) {
    if (c != '.') digits.push_back(c);
  }
  int exp = 0;
  std::string_view exp_text = s.substr(e + 1);
  if (!exp_text.empty() && exp_text[0] == '+') exp_text.remove_prefix(1);
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exp);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int num_digits = static_cast<int>(digits.size());
  // absl::StrCat rather than std::string operator+ chains: GCC 12 reports a
  // false -Wrestrict on those.
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return absl::StrCat(sign, "0.", std::string(-exp - 1, '0'), digits);
    if (num_digits <= exp + 1) {
      return absl::StrCat(sign, digits, std::string(exp + 1 - num_digits, '0'), ".0");
    }
    return absl::StrCat(sign, digits.substr(0, exp + 1), ".", digits.substr(exp + 1));
  }
  return absl::StrFormat("%s%s%s%se%c%02d", sign, digits.substr(0, 1), num_digits > 1 ? "." : "",
                         digits.substr(1), exp < 0 ? '-' : '+', std::abs(exp));
}

}  // namespace tc::support
