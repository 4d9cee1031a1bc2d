// CpuGenerator: seeding as PyTorch's CPU generator, raw draws, the state
// bytes and their checks, and the scoped current generator.
#include "tc/tensor/cpu_generator.h"

#include <cstring>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace tc::tensor {
namespace {

TEST(CpuGenerator, LowThirtyTwoBitsSeedTheEngine) {
  CpuGenerator a(5), b((uint64_t{1} << 32) + 5);
  EXPECT_EQ(a.initial_seed(), 5u);
  EXPECT_EQ(b.initial_seed(), (uint64_t{1} << 32) + 5);
  for (int i = 0; i < 100; ++i) ASSERT_EQ(a.Random(), b.Random());
}

TEST(CpuGenerator, FreshGeneratorHasPyTorchsDefaultSeed) {
  CpuGenerator g;
  EXPECT_EQ(g.initial_seed(), 67280421310721u);
  std::mt19937 ref(static_cast<uint32_t>(67280421310721u));
  EXPECT_EQ(g.Random(), ref());
}

TEST(CpuGenerator, Random64TakesTheHighWordFirst) {
  CpuGenerator g(0);
  std::mt19937 ref(0);
  const uint64_t hi = ref(), lo = ref();
  EXPECT_EQ(g.Random64(), (hi << 32) | lo);
  EXPECT_EQ(g.Random(), static_cast<uint32_t>(ref()));
}

TEST(CpuGenerator, ManualSeedClearsTheNormalCaches) {
  CpuGenerator g(1);
  g.next_double_normal_sample() = 0.5;
  g.next_float_normal_sample() = 0.25f;
  g.ManualSeed(2);
  EXPECT_FALSE(g.next_double_normal_sample().has_value());
  EXPECT_FALSE(g.next_float_normal_sample().has_value());
}

TEST(CpuGenerator, StateLayout) {
  CpuGenerator g(42);
  auto s = g.GetState();
  uint64_t seed;
  int32_t left, seeded;
  uint64_t next;
  std::memcpy(&seed, s.data(), 8);
  std::memcpy(&left, s.data() + 8, 4);
  std::memcpy(&seeded, s.data() + 12, 4);
  std::memcpy(&next, s.data() + 16, 8);
  EXPECT_EQ(seed, 42u);
  EXPECT_EQ(left, 1);
  EXPECT_EQ(seeded, 1);
  EXPECT_EQ(next, 0u);
  uint64_t word0;
  std::memcpy(&word0, s.data() + 24, 8);
  EXPECT_EQ(word0, 42u);
  g.Random();
  g.next_double_normal_sample() = -1.5;
  s = g.GetState();
  std::memcpy(&left, s.data() + 8, 4);
  std::memcpy(&next, s.data() + 16, 8);
  EXPECT_EQ(left, 624);
  EXPECT_EQ(next, 1u);
  double y;
  int32_t valid;
  std::memcpy(&y, s.data() + 5024, 8);
  std::memcpy(&valid, s.data() + 5040, 4);
  EXPECT_EQ(y, -1.5);
  EXPECT_EQ(valid, 1);
  EXPECT_EQ(s[5052], 0);
}

TEST(CpuGenerator, SetStateRestoresTheStream) {
  CpuGenerator g(9);
  for (int i = 0; i < 700; ++i) g.Random();
  g.next_double_normal_sample() = 0.125;
  auto saved = g.GetState();
  std::vector<uint32_t> expected;
  for (int i = 0; i < 1000; ++i) expected.push_back(g.Random());
  CpuGenerator h(0);
  ASSERT_TRUE(h.SetState(saved).ok());
  EXPECT_EQ(h.initial_seed(), 9u);
  EXPECT_EQ(h.next_double_normal_sample(), 0.125);
  for (uint32_t e : expected) ASSERT_EQ(h.Random(), e);
}

TEST(CpuGenerator, SetStateRejectsBadStates) {
  CpuGenerator g(3);
  auto s = g.GetState();
  absl::Status st = g.SetState(std::span<const uint8_t>(s.data(), 100));
  EXPECT_EQ(st.message(),
            "Expected a CPUGeneratorImplState of size 5056 but found the input RNG state size "
            "to be 100");
  for (int32_t left : {0, 625, -1}) {
    auto bad = s;
    std::memcpy(bad.data() + 8, &left, 4);
    EXPECT_EQ(g.SetState(bad).message(), "Invalid mt19937 state");
  }
  auto unseeded = s;
  unseeded[12] = 0;
  EXPECT_EQ(g.SetState(unseeded).message(), "Invalid mt19937 state");
  auto far = s;
  uint64_t next = 625;
  std::memcpy(far.data() + 16, &next, 8);
  EXPECT_EQ(g.SetState(far).message(), "Invalid mt19937 state");
  // Unchanged by the failed calls.
  CpuGenerator ref(3);
  EXPECT_EQ(g.Random(), ref.Random());
}

TEST(CpuGenerator, ScopedGeneratorIsCurrentOnlyInsideItsScope) {
  CpuGenerator mine(1);
  EXPECT_EQ(&CurrentCpuGenerator(), &DefaultCpuGenerator());
  {
    ScopedCpuGenerator scope(&mine);
    EXPECT_EQ(&CurrentCpuGenerator(), &mine);
  }
  EXPECT_EQ(&CurrentCpuGenerator(), &DefaultCpuGenerator());
}

TEST(CpuGenerator, SeedIsNonDeterministic) {
  CpuGenerator g;
  const uint64_t a = g.Seed();
  EXPECT_EQ(g.initial_seed(), a);
  EXPECT_NE(g.Seed(), a);  // 2^-64 chance of a false failure
}

}  // namespace
}  // namespace tc::tensor
