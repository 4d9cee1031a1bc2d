// UTF-8 helpers for the str type. A str holds its code points as UTF-8 (a
// lone surrogate, which CPython's str may hold, as its 3-byte form), so
// code point i is found by walking the bytes; these helpers do the walking.
#ifndef TC_SCRIPT_SRC_UTF8_H_
#define TC_SCRIPT_SRC_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace tc::script::utf8 {

inline bool IsContinuation(unsigned char b) { return (b & 0xC0) == 0x80; }

// Whether every byte is below 0x80 (eight at a time).
inline bool IsAscii(std::string_view s) {
  const char* p = s.data();
  size_t n = s.size(), i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    if (w & 0x8080808080808080ull) return false;
  }
  for (; i < n; ++i)
    if (static_cast<unsigned char>(p[i]) >= 0x80) return false;
  return true;
}

// Code points in well-formed UTF-8: the bytes that start a sequence.
inline int64_t CountCodePoints(std::string_view s) {
  int64_t n = 0;
  for (unsigned char b : s) n += !IsContinuation(b);
  return n;
}

// Bytes of the sequence that starts with lead byte `b` (1 for a stray byte).
inline int SequenceLength(unsigned char b) {
  if (b < 0xC0) return 1;
  if (b < 0xE0) return 2;
  if (b < 0xF0) return 3;
  return 4;
}

// The code point starting at s[*i]; advances *i past it. Expects str
// content (well-formed); never reads past the end.
inline uint32_t Decode(std::string_view s, size_t* i) {
  unsigned char b0 = static_cast<unsigned char>(s[*i]);
  if (b0 < 0x80) {
    ++*i;
    return b0;
  }
  int len = SequenceLength(b0);
  uint32_t cp = len == 2 ? (b0 & 0x1F) : len == 3 ? (b0 & 0x0F) : (b0 & 0x07);
  size_t k = *i + 1;
  for (int j = 1; j < len && k < s.size() && IsContinuation(s[k]); ++j, ++k) {
    cp = (cp << 6) | (static_cast<unsigned char>(s[k]) & 0x3F);
  }
  *i = k;
  return cp;
}

inline int EncodedLength(uint32_t cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

inline void Append(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

inline std::string Encode(uint32_t cp) {
  std::string s;
  Append(cp, &s);
  return s;
}

// The byte offset `n` code points after byte offset `from`. A code point
// is a byte that is not a continuation byte and the continuation bytes
// after it, as CountCodePoints counts them (so even bytes that are not
// UTF-8 never put an offset past the end).
inline size_t Advance(std::string_view s, size_t from, int64_t n) {
  size_t i = from;
  while (n > 0 && i < s.size()) {
    ++i;
    while (i < s.size() && IsContinuation(s[i])) ++i;
    --n;
  }
  return i;
}

// Strict validation of bytes as UTF-8 (no surrogates, no overlongs), as
// CPython's utf-8 decoder checks. Returns the byte offset of the first bad
// sequence, or npos; *bad_len: how many bytes CPython reports as the bad
// range ("invalid start byte" covers 1, "invalid continuation byte" the
// valid prefix, "unexpected end of data" the rest of the input), *reason
// its words.
size_t FindInvalid(std::string_view s, size_t from, size_t* bad_len, const char** reason);

}  // namespace tc::script::utf8

#endif  // TC_SCRIPT_SRC_UTF8_H_
