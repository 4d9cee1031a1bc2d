// Unicode character properties and case mappings for str's methods, as
// CPython 3.11 has them (generated from its unicodedata by
// scripts/gen_unicode_db.py into unicode_db.inc).
#ifndef TC_SCRIPT_SRC_UNICODE_DB_H_
#define TC_SCRIPT_SRC_UNICODE_DB_H_

#include <cstdint>

namespace tc::script::unicode {

// Which property; each is what CPython's str.isX() says of one character
// (kTitle: category Lt; kCased and kCaseIgnorable: Unicode's derived
// properties, which lower() and title() use).
enum Property : uint32_t {
  kAlpha = 1u << 0,
  kDecimal = 1u << 1,
  kDigit = 1u << 2,
  kNumeric = 1u << 3,
  kSpace = 1u << 4,
  kLower = 1u << 5,
  kUpper = 1u << 6,
  kTitle = 1u << 7,
  kCased = 1u << 8,
  kCaseIgnorable = 1u << 9,
  kXidStart = 1u << 10,
  kXidContinue = 1u << 11,
  kPrintable = 1u << 12,
};

// The property bits of `cp` (any value; beyond U+10FFFF: none).
uint32_t Properties(uint32_t cp);
inline bool Has(uint32_t cp, Property p) { return (Properties(cp) & p) != 0; }

enum class Case : uint8_t { kUpper, kLower, kTitle, kFold };
// The full case mapping of `cp` (one to three code points, e.g. 'ß'.upper()
// is "SS"): writes them to out[0..2] and returns how many.
int Map(uint32_t cp, Case which, uint32_t out[3]);

// The decimal digit value of `cp` (0..9), or -1.
int DecimalValue(uint32_t cp);

}  // namespace tc::script::unicode

#endif  // TC_SCRIPT_SRC_UNICODE_DB_H_
