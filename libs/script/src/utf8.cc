#include "src/utf8.h"

namespace tc::script::utf8 {

// Mirrors the checks of CPython's utf-8 decoder (Objects/stringlib/
// codecs.h), including how long a bad range it reports.
size_t FindInvalid(std::string_view s, size_t from, size_t* bad_len, const char** reason) {
  auto at = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const size_t n = s.size();
  size_t i = from;
  while (i < n) {
    unsigned char c = at(i);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t left = n - i;
    auto invalid_continuation = [&](size_t len) {
      *bad_len = len;
      *reason = "invalid continuation byte";
      return i;
    };
    auto end_of_data = [&]() {
      *bad_len = left;
      *reason = "unexpected end of data";
      return i;
    };
    if (c < 0xC2 || c > 0xF4) {
      *bad_len = 1;
      *reason = "invalid start byte";
      return i;
    }
    // The sequence's length, and the range its second byte must fall in
    // (Unicode's table 3-7: no overlong forms, no surrogates, nothing past
    // U+10FFFF); later bytes are any continuation byte.
    const size_t len = c < 0xE0 ? 2 : (c < 0xF0 ? 3 : 4);
    unsigned char lo = 0x80, hi = 0xBF;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    for (size_t k = 1; k < len; ++k) {
      if (left < k + 1) return end_of_data();
      const unsigned char b = at(i + k);
      if (k == 1 ? (b < lo || b > hi) : !IsContinuation(b)) return invalid_continuation(k);
    }
    i += len;
  }
  return std::string_view::npos;
}

}  // namespace tc::script::utf8
