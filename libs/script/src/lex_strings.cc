#include "src/lex_strings.h"

#include <cstdint>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"

#include "src/utf8.h"

namespace tc::script {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool DecodeEscapes(std::string_view body, std::string* out, std::string* error, bool bytes) {
  out->clear();
  out->reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out->push_back(c);
      continue;
    }
    size_t start = i;
    char e = body[++i];
    // The one-letter escapes, and what each stands for.
    static constexpr std::string_view kLetters = "abfnrtv\\'\"";
    static constexpr std::string_view kMeanings = "\a\b\f\n\r\t\v\\'\"";
    static_assert(kLetters.size() == kMeanings.size());
    if (size_t k = kLetters.find(e); k != std::string_view::npos) {
      out->push_back(kMeanings[k]);
      continue;
    }
    switch (e) {
      case '\n':
        break;
      case 'u':
      case 'U':
      case 'N':
        if (bytes) {
          out->push_back('\\');
          out->push_back(e);
          break;
        }
        if (e == 'N') {
          *error = "\\N{...} escapes are not supported by tc";
          return false;
        }
        [[fallthrough]];
      case 'x': {
        int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t cp = 0;
        for (int k = 0; k < digits; ++k) {
          int h = i + 1 < body.size() ? HexValue(body[i + 1]) : -1;
          if (h < 0) {
            *error = absl::StrFormat(
                "(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: "
                "truncated %s escape",
                start, i,
                e == 'x'   ? "\\xXX"
                : e == 'u' ? "\\uXXXX"
                           : "\\UXXXXXXXX");
            return false;
          }
          cp = cp * 16 + h;
          ++i;
        }
        if (cp > 0x10FFFF) {
          *error = absl::StrFormat(
              "(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: "
              "illegal Unicode character",
              start, i);
          return false;
        }
        if (bytes) {
          out->push_back(static_cast<char>(cp));
        } else {
          utf8::Append(cp, out);
        }
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          uint32_t v = e - '0';
          for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7';
               ++k) {
            v = v * 8 + (body[++i] - '0');
          }
          if (bytes) {
            out->push_back(static_cast<char>(v & 0xFF));
          } else {
            utf8::Append(v, out);
          }
        } else {
          out->push_back('\\');
          out->push_back(e);
        }
    }
  }
  return true;
}

bool IsStringPrefix(std::string_view w) {
  if (w.size() > 2) return false;
  // Bit k: letter k of "rbfu" seen, in either case; each at most once.
  static constexpr std::string_view kLetters = "rbfu";
  unsigned seen = 0;
  for (char c : w) {
    const size_t k = kLetters.find(absl::ascii_tolower(static_cast<unsigned char>(c)));
    if (k == std::string_view::npos || (seen & (1u << k)) != 0) return false;
    seen |= 1u << k;
  }
  const bool b = (seen & 2) != 0, f = (seen & 4) != 0, u = (seen & 8) != 0;
  if (u && w.size() > 1) return false;
  return !(b && f);
}

}  // namespace tc::script
