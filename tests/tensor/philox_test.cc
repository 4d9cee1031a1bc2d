#include "tc/tensor/philox.h"

#include <cmath>
#include <vector>

#include "gtest/gtest.h"

namespace tc::tensor {
namespace {

using Words = std::array<uint32_t, 4>;

// Known-answer vectors published with Random123 (kat_vectors, philox4x32 10).
TEST(PhiloxTest, KnownAnswerVectors) {
  EXPECT_EQ(Philox4x32({0, 0, 0, 0}, {0, 0}),
            (Words{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
  EXPECT_EQ(Philox4x32({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff}),
            (Words{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
  EXPECT_EQ(Philox4x32({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0}),
            (Words{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
}

TEST(PhiloxTest, FloatUniformUsesDocumentedWords) {
  // Element e of a float uniform draw is word e % 4 of block e / 4, top 24 bits.
  const uint64_t seed = 0x0123456789abcdefull;
  float out[8];
  PhiloxUniform(seed, 0, out, 8);
  for (uint64_t e = 0; e < 8; ++e) {
    Words w = Philox4x32({static_cast<uint32_t>(e / 4), 0, 0, 0}, {0x89abcdefu, 0x01234567u});
    EXPECT_EQ(out[e], static_cast<float>(w[e % 4] >> 8) * 0x1.0p-24f) << e;
  }
}

template <typename T, typename Fill>
void ExpectChunkInvariant(Fill fill) {
  constexpr int64_t kN = 37;
  std::vector<T> whole(kN);
  fill(uint64_t{5}, whole.data(), kN);
  for (int64_t split = 0; split <= kN; ++split) {
    std::vector<T> parts(kN);
    fill(uint64_t{5}, parts.data(), split);
    fill(uint64_t{5} + split, parts.data() + split, kN - split);
    for (int64_t i = 0; i < kN; ++i) {
      ASSERT_EQ(parts[i], whole[i]) << "split " << split << " element " << i;
    }
  }
}

TEST(PhiloxTest, ChunksEqualTheWholeDraw) {
  const uint64_t seed = 42;
  ExpectChunkInvariant<float>(
      [&](uint64_t off, float* p, int64_t n) { PhiloxUniform(seed, off, p, n); });
  ExpectChunkInvariant<double>(
      [&](uint64_t off, double* p, int64_t n) { PhiloxUniform(seed, off, p, n); });
  ExpectChunkInvariant<float>(
      [&](uint64_t off, float* p, int64_t n) { PhiloxNormal(seed, off, p, n); });
  ExpectChunkInvariant<double>(
      [&](uint64_t off, double* p, int64_t n) { PhiloxNormal(seed, off, p, n); });
}

template <typename T>
void ExpectMoments(const std::vector<T>& v, double mean, double var, double tol) {
  double sum = 0, sum2 = 0;
  for (T x : v) sum += x;
  double m = sum / v.size();
  for (T x : v) sum2 += (x - m) * (x - m);
  EXPECT_NEAR(m, mean, tol);
  EXPECT_NEAR(sum2 / v.size(), var, tol);
}

TEST(PhiloxTest, UniformRangeAndMoments) {
  constexpr int64_t kN = 1 << 20;
  std::vector<float> f(kN);
  std::vector<double> d(kN);
  PhiloxUniform(1234, 0, f.data(), kN);
  PhiloxUniform(1234, 0, d.data(), kN);
  for (int64_t i = 0; i < kN; ++i) {
    ASSERT_GE(f[i], 0.0f);
    ASSERT_LT(f[i], 1.0f);
    ASSERT_GE(d[i], 0.0);
    ASSERT_LT(d[i], 1.0);
  }
  // Mean 1/2, variance 1/12; the standard error of the mean is ~3e-4.
  ExpectMoments(f, 0.5, 1.0 / 12, 2e-3);
  ExpectMoments(d, 0.5, 1.0 / 12, 2e-3);
}

TEST(PhiloxTest, NormalMoments) {
  constexpr int64_t kN = 1 << 20;
  std::vector<float> f(kN);
  std::vector<double> d(kN);
  PhiloxNormal(99, 0, f.data(), kN);
  PhiloxNormal(99, 0, d.data(), kN);
  for (int64_t i = 0; i < kN; ++i) {
    ASSERT_TRUE(std::isfinite(f[i]));
    ASSERT_TRUE(std::isfinite(d[i]));
  }
  ExpectMoments(f, 0.0, 1.0, 5e-3);
  ExpectMoments(d, 0.0, 1.0, 5e-3);
  // About 68.27% of a standard normal lies within one sigma.
  int64_t inside = 0;
  for (float x : f) inside += std::fabs(x) < 1.0f;
  EXPECT_NEAR(static_cast<double>(inside) / kN, 0.682689, 2e-3);
}

TEST(PhiloxTest, SeedsAndKindsGiveDifferentStreams) {
  float a[4], b[4], n[4];
  PhiloxUniform(1, 0, a, 4);
  PhiloxUniform(2, 0, b, 4);
  PhiloxNormal(1, 0, n, 4);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NE(a[i], b[i]);
    EXPECT_NE(a[i], n[i]);
  }
}

TEST(GeneratorTest, ReserveRoundsToCounterBoundary) {
  Generator g(7);
  EXPECT_EQ(g.seed(), 7u);
  EXPECT_EQ(g.Reserve(5), 0u);
  EXPECT_EQ(g.offset(), 8u);
  EXPECT_EQ(g.Reserve(4), 8u);
  EXPECT_EQ(g.offset(), 12u);
  g.ManualSeed(3);
  EXPECT_EQ(g.seed(), 3u);
  EXPECT_EQ(g.offset(), 0u);
}

TEST(GeneratorTest, DefaultGeneratorIsShared) {
  Generator& g = DefaultGenerator();
  EXPECT_EQ(&g, &DefaultGenerator());
  uint64_t seed = g.seed(), offset = g.offset();
  g.ManualSeed(11);
  EXPECT_EQ(DefaultGenerator().seed(), 11u);
  g.ManualSeed(seed);
  g.set_offset(offset);
}

}  // namespace
}  // namespace tc::tensor
