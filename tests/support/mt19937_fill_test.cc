// MT19937 (tc/support/mt19937.h) beyond mt19937_test.cc's oracles: the
// reference init_by_array known answers, PyTorch's left/next bookkeeping and
// Fill == repeated Next.
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

#include "tc/support/mt19937.h"

namespace tc::support {
namespace {

TEST(MT19937, InitByArrayKnownAnswers) {
  // mt19937ar.c's test: init_by_array({0x123, 0x234, 0x345, 0x456}).
  const uint32_t key[] = {0x123, 0x234, 0x345, 0x456};
  MT19937 mt;
  mt.SeedByArray(key);
  const uint32_t expected[] = {1067595299u, 955945823u, 477289528u, 4107218783u, 4228976476u};
  for (uint32_t e : expected) EXPECT_EQ(mt.Next(), e);
}

TEST(MT19937, BookkeepingAfterSeedAndDraws) {
  MT19937 mt(7);
  EXPECT_EQ(mt.left(), 1);
  EXPECT_EQ(mt.next(), 0);
  EXPECT_EQ(mt.index(), 624);
  mt.Next();
  EXPECT_EQ(mt.left(), 624);
  EXPECT_EQ(mt.next(), 1);
  EXPECT_EQ(mt.index(), 1);
  for (int i = 0; i < 623; ++i) mt.Next();
  EXPECT_EQ(mt.left(), 1);
  EXPECT_EQ(mt.next(), 624);
}

TEST(MT19937, IndexRoundTripsAState) {
  MT19937 a(99);
  for (int i = 0; i < 300; ++i) a.Next();
  MT19937 b(0);
  for (int i = 0; i < MT19937::kN; ++i) b.state()[i] = a.state()[i];
  b.set_index(a.index());
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.Next(), b.Next());
}

TEST(MT19937, FillEqualsRepeatedNext) {
  for (size_t skip : {0u, 1u, 623u, 624u, 625u}) {
    for (size_t n : {0u, 1u, 7u, 624u, 1000u, 5000u}) {
      MT19937 a(3), b(3);
      for (size_t i = 0; i < skip; ++i) {
        a.Next();
        b.Next();
      }
      std::vector<uint32_t> filled(n);
      a.Fill(filled.data(), n);
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(filled[i], b.Next()) << skip << " " << n << " " << i;
      EXPECT_EQ(a.left(), b.left());
      EXPECT_EQ(a.next(), b.next());
      EXPECT_EQ(a.Next(), b.Next());
    }
  }
}

}  // namespace
}  // namespace tc::support
