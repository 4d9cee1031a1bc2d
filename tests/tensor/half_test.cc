// float16 / bfloat16: exhaustive round trips and rounding against torch
// (tests/tensor/golden/half.txt).
#include "tc/tensor/half.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "gtest/gtest.h"

#include "golden_file.h"

namespace tc::tensor {
namespace {

// binary16 decoded from its definition, independently of half.h.
double DecodeHalf(uint16_t h) {
  int sign = h >> 15, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v;
  if (exp == 0x1f) {
    v = mant != 0 ? NAN : INFINITY;
  } else if (exp == 0) {
    v = std::ldexp(mant, -24);
  } else {
    v = std::ldexp(1024 + mant, exp - 25);
  }
  return sign ? -v : v;
}

bool IsNanBits16(uint16_t h, int exp_bits) {
  int mant_bits = 15 - exp_bits;
  uint16_t exp_mask = static_cast<uint16_t>(((1u << exp_bits) - 1) << mant_bits);
  return (h & exp_mask) == exp_mask && (h & ((1u << mant_bits) - 1)) != 0;
}

TEST(HalfTest, AllFloat16PatternsRoundTrip) {
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    uint16_t h = static_cast<uint16_t>(bits);
    float f = Half::FromBits(h);
    double expected = DecodeHalf(h);
    if (std::isnan(expected)) {
      ASSERT_TRUE(std::isnan(f)) << std::hex << bits;
      ASSERT_TRUE(IsNanBits16(Half(f).bits, 5)) << std::hex << bits;
      continue;
    }
    ASSERT_EQ(static_cast<double>(f), expected) << std::hex << bits;
    ASSERT_EQ(std::signbit(f), std::signbit(expected)) << std::hex << bits;
    ASSERT_EQ(Half(f).bits, h) << std::hex << bits;
  }
}

TEST(HalfTest, AllBFloat16PatternsRoundTrip) {
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    uint16_t b = static_cast<uint16_t>(bits);
    float f = BFloat16::FromBits(b);
    if (IsNanBits16(b, 8)) {
      ASSERT_TRUE(std::isnan(f)) << std::hex << bits;
      ASSERT_TRUE(IsNanBits16(BFloat16(f).bits, 8)) << std::hex << bits;
      continue;
    }
    ASSERT_EQ(BFloat16(f).bits, b) << std::hex << bits;
  }
}

// Non-NaN results must match torch bit for bit. For NaN inputs torch's own
// paths disagree (its vectorized bfloat16 cast gives 0xffff, its scalar one
// 0x7fc0), so only NaN-ness is required there.
TEST(HalfTest, RoundingMatchesTorch) {
  std::vector<std::string> lines = testing::ReadLines(testing::GoldenPath("half.txt"));
  ASSERT_GT(lines.size(), 1000u) << "golden file missing: " << testing::GoldenPath("half.txt");
  int failures = 0;
  for (const std::string& line : lines) {
    unsigned f32 = 0, f16 = 0, bf16 = 0;
    ASSERT_EQ(std::sscanf(line.c_str(), "%x %x %x", &f32, &f16, &bf16), 3) << line;
    float f = internal::BitsFloat(f32);
    uint16_t got16 = Half(f).bits, gotb = BFloat16(f).bits;
    bool ok16 = std::isnan(f) ? IsNanBits16(got16, 5) && IsNanBits16(f16, 5) : got16 == f16;
    bool okb = std::isnan(f) ? IsNanBits16(gotb, 8) && IsNanBits16(bf16, 8) : gotb == bf16;
    if (!ok16 || !okb) {
      ++failures;
      ADD_FAILURE() << "float bits " << line << ": tc gives " << std::hex << got16 << " " << gotb;
    }
  }
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace tc::tensor
