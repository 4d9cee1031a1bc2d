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
    if (c < 0xE0) {
      if (left < 2) return end_of_data();
      if (!IsContinuation(at(i + 1))) return invalid_continuation(1);
      i += 2;
      continue;
    }
    if (c < 0xF0) {
      // Second byte limits: E0 needs A0.., ED (surrogates) needs ..9F.
      auto second_ok = [&](unsigned char b) {
        if (!IsContinuation(b)) return false;
        if (c == 0xE0) return b >= 0xA0;
        if (c == 0xED) return b < 0xA0;
        return true;
      };
      if (left < 2) return end_of_data();
      if (!second_ok(at(i + 1))) return invalid_continuation(1);
      if (left < 3) return end_of_data();
      if (!IsContinuation(at(i + 2))) return invalid_continuation(2);
      i += 3;
      continue;
    }
    auto second_ok = [&](unsigned char b) {
      if (!IsContinuation(b)) return false;
      if (c == 0xF0) return b >= 0x90;
      if (c == 0xF4) return b < 0x90;
      return true;
    };
    if (left < 2) return end_of_data();
    if (!second_ok(at(i + 1))) return invalid_continuation(1);
    if (left < 3) return end_of_data();
    if (!IsContinuation(at(i + 2))) return invalid_continuation(2);
    if (left < 4) return end_of_data();
    if (!IsContinuation(at(i + 3))) return invalid_continuation(3);
    i += 4;
  }
  return std::string_view::npos;
}

}  // namespace tc::script::utf8
