// MT19937 (tc/support/mt19937.h) against two oracles: std::mt19937, whose
// seeding is init_genrand by definition, and CPython 3.11's random module
// (init_by_array states and raw draws in golden/mt19937.txt, written by
// scripts/gen_support_goldens.py).
#include "tc/support/mt19937.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace tc::support {
namespace {

TEST(MT19937Test, SeedMatchesStdMt19937) {
  for (uint32_t seed : {0u, 1u, 5489u, 0xFFFFFFFFu, 67280421u}) {
    MT19937 mt(seed);
    std::mt19937 ref(seed);
    for (int i = 0; i < 2000; ++i) ASSERT_EQ(mt.Next(), ref()) << "seed " << seed << " draw " << i;
  }
}

TEST(MT19937Test, DefaultSeedIsTheReferences) {
  // The reference implementation's well-known 10000th output for 5489.
  MT19937 mt;
  uint32_t v = 0;
  for (int i = 0; i < 10000; ++i) v = mt.Next();
  EXPECT_EQ(v, 4123659995u);
}

TEST(MT19937Test, SeedingLeavesTheTwistForTheFirstDraw) {
  MT19937 mt(7);
  EXPECT_EQ(mt.index(), MT19937::kN);
  uint32_t word0 = mt.state()[0];
  EXPECT_EQ(word0, 7u);
  mt.Next();
  EXPECT_EQ(mt.index(), 1);
  EXPECT_NE(mt.state()[0], word0);  // twisted
}

TEST(MT19937Test, StateAndIndexRoundTrip) {
  MT19937 a(123);
  for (int i = 0; i < 700; ++i) a.Next();
  MT19937 b(999);
  std::copy(a.state().begin(), a.state().end(), b.state().begin());
  b.set_index(a.index());
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.Next(), b.Next()) << i;
}

std::vector<uint32_t> Words(std::istringstream& in) {
  std::vector<uint32_t> out;
  uint64_t w;
  while (in >> w) out.push_back(static_cast<uint32_t>(w));
  return out;
}

TEST(MT19937Test, SeedByArrayMatchesCPython) {
  const char* dir = std::getenv("TC_SUPPORT_GOLDEN_DIR");
  ASSERT_NE(dir, nullptr) << "TC_SUPPORT_GOLDEN_DIR is not set";
  std::ifstream file(std::string(dir) + "/mt19937.txt");
  ASSERT_TRUE(file.good());
  std::string line;
  int cases = 0;
  while (std::getline(file, line)) {
    std::istringstream in(line);
    std::string tag;
    in >> tag;
    ASSERT_EQ(tag, "key");
    std::vector<uint32_t> key = Words(in);
    MT19937 mt;
    mt.SeedByArray(key);

    ASSERT_TRUE(std::getline(file, line));
    std::istringstream state_in(line);
    state_in >> tag;
    ASSERT_EQ(tag, "state");
    std::vector<uint32_t> state = Words(state_in);
    ASSERT_EQ(state.size(), 1u + MT19937::kN);
    EXPECT_EQ(mt.index(), static_cast<int>(state[0]));
    for (int i = 0; i < MT19937::kN; ++i) {
      ASSERT_EQ(mt.state()[i], state[i + 1]) << "key of " << key.size() << " words, word " << i;
    }

    ASSERT_TRUE(std::getline(file, line));
    std::istringstream draws_in(line);
    draws_in >> tag;
    ASSERT_EQ(tag, "draws");
    std::vector<uint32_t> draws = Words(draws_in);
    ASSERT_GT(draws.size(), static_cast<size_t>(MT19937::kN));  // past a second twist
    for (size_t i = 0; i < draws.size(); ++i) {
      ASSERT_EQ(mt.Next(), draws[i]) << "key of " << key.size() << " words, draw " << i;
    }
    ++cases;
  }
  EXPECT_EQ(cases, 7);
}

}  // namespace
}  // namespace tc::support
