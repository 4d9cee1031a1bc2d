#include "src/lex_strings.h"

#include <cstdint>

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
    switch (e) {
      case '\n':
        break;
      case '\\':
      case '\'':
      case '"':
        out->push_back(e);
        break;
      case 'a':
        out->push_back('\a');
        break;
      case 'b':
        out->push_back('\b');
        break;
      case 'f':
        out->push_back('\f');
        break;
      case 'n':
        out->push_back('\n');
        break;
      case 'r':
        out->push_back('\r');
        break;
      case 't':
        out->push_back('\t');
        break;
      case 'v':
        out->push_back('\v');
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
  bool r = false, b = false, f = false, u = false;
  for (char c : w) {
    bool* seen = nullptr;
    switch (c) {
      case 'r':
      case 'R':
        seen = &r;
        break;
      case 'b':
      case 'B':
        seen = &b;
        break;
      case 'f':
      case 'F':
        seen = &f;
        break;
      case 'u':
      case 'U':
        seen = &u;
        break;
      default:
        return false;
    }
    if (*seen) return false;
    *seen = true;
  }
  if (u && w.size() > 1) return false;
  return !(b && f);
}

}  // namespace tc::script
