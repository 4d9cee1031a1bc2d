// Lookups into the generated tables of unicode_db.inc.
#include "src/unicode_db.h"

namespace tc::script::unicode {
namespace {

struct Record {
  uint32_t flags;
  int32_t upper, lower, title, fold;  // delta, or kExtendedCase index
  int8_t decimal;
};

#include "src/unicode_db.inc"

static_assert(kAlpha == Property::kAlpha && kPrintable == Property::kPrintable,
              "unicode_db.inc's flag bits must match unicode_db.h");

const Record& RecordOf(uint32_t cp) {
  if (cp > 0x10FFFF) return kRecords[0];
  uint32_t block = kIndex1[cp >> kShift];
  return kRecords[kIndex2[(block << kShift) | (cp & ((1u << kShift) - 1))]];
}

}  // namespace

uint32_t Properties(uint32_t cp) { return RecordOf(cp).flags; }

int Map(uint32_t cp, Case which, uint32_t out[3]) {
  const Record& r = RecordOf(cp);
  int32_t field;
  uint32_t ext;
  switch (which) {
    case Case::kUpper:
      field = r.upper;
      ext = kExtUpper;
      break;
    case Case::kLower:
      field = r.lower;
      ext = kExtLower;
      break;
    case Case::kTitle:
      field = r.title;
      ext = kExtTitle;
      break;
    default:
      field = r.fold;
      ext = kExtFold;
      break;
  }
  if ((r.flags & ext) == 0) {
    out[0] = static_cast<uint32_t>(static_cast<int32_t>(cp) + field);
    return 1;
  }
  const uint32_t* p = kExtendedCase + field;
  int n = static_cast<int>(p[0]);
  for (int i = 0; i < n; ++i) out[i] = p[1 + i];
  return n;
}

int DecimalValue(uint32_t cp) { return RecordOf(cp).decimal; }

}  // namespace tc::script::unicode
