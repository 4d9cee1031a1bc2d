// full, arange, rand, randn.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "tc/tensor/cpu_generator.h"

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

TEST(CreationTest, FullInfersDType) {
  Tensor f = Run1("full", {Ints({2, 3}), Float(1.5)});
  EXPECT_EQ(f.dtype(), DType::kFloat32);
  EXPECT_EQ(Values(f), std::vector<double>(6, 1.5));
  Tensor i = Run1("full", {Ints({2}), Int(7)});
  EXPECT_EQ(i.dtype(), DType::kInt64);
  Tensor h = Run1("full", {Ints({3}), Int(2), Constant(DType::kFloat16)});
  EXPECT_EQ(h.dtype(), DType::kFloat16);
  EXPECT_EQ(Values(h)[2], 2);
}

TEST(CreationTest, Arange) {
  Tensor a = Run1("arange", {Int(0), Int(10), Int(3)});
  EXPECT_EQ(a.dtype(), DType::kInt64);
  EXPECT_EQ(Values(a), (std::vector<double>{0, 3, 6, 9}));
  Tensor f = Run1("arange", {Float(0.0), Float(1.0), Float(0.25)});
  EXPECT_EQ(f.dtype(), DType::kFloat32);
  EXPECT_EQ(Values(f), (std::vector<double>{0, 0.25, 0.5, 0.75}));
  Tensor n = Run1("arange", {Int(5), Int(-5), Int(-4)});
  EXPECT_EQ(Values(n), (std::vector<double>{5, 1, -3}));
  EXPECT_FALSE(Call1("arange", {Int(0), Int(5), Int(0)}).ok());
}

TEST(RandomTest, RandTakesTwentyFourBitsOfEachMersenneTwisterDraw) {
  tensor::DefaultCpuGenerator().ManualSeed(123);
  Tensor r = Run1("rand", {Ints({1000})});
  EXPECT_EQ(r.dtype(), DType::kFloat32);
  std::mt19937 mt(123);
  for (int i = 0; i < 1000; ++i) {
    EXPECT_EQ(r.data<float>()[i], static_cast<float>(mt() & 0xFFFFFF) / 16777216.0f);
  }
  EXPECT_EQ(tensor::DefaultCpuGenerator().Random(), mt());
  Tensor n = Run1("randn", {Ints({100000}), Constant(DType::kFloat64)});
  double mean = 0, var = 0;
  for (int64_t i = 0; i < n.numel(); ++i) mean += n.data<double>()[i] / n.numel();
  for (int64_t i = 0; i < n.numel(); ++i)
    var += std::pow(n.data<double>()[i] - mean, 2) / n.numel();
  EXPECT_NEAR(mean, 0, 0.02);
  EXPECT_NEAR(var, 1, 0.03);
  // Same seed, same numbers (chunked in parallel or not).
  tensor::DefaultCpuGenerator().ManualSeed(123);
  Tensor again = Run1("rand", {Ints({1000})});
  EXPECT_EQ(Values(again), Values(r));
  Tensor h = Run1("rand", {Ints({50}), Constant(DType::kBFloat16)});
  for (double v : Values(h)) {
    EXPECT_GE(v, 0);
    EXPECT_LE(v, 1);
  }
  EXPECT_FALSE(Call1("rand", {Ints({2}), Constant(DType::kInt32)}).ok());
}

}  // namespace
}  // namespace tc::kernels::testing
