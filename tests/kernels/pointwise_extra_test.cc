// pointwise_extra.cc's kernels against formulas computed here, bit for bit:
// lerp and addcmul round once (ATen's fused multiply-add), addcdiv left to
// right; on contiguous, transposed and broadcast operands.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

float F(const Tensor& t, int64_t i) { return static_cast<float>(t.ElementAsDouble(i)); }
// A contiguous copy (the to_dtype kernel writes a fresh dense tensor).
Tensor Dense(const Tensor& t) { return Run1("to_dtype", {t, Constant(t.dtype())}); }

TEST(LerpTest, FusedMultiplyAddOnBothHalves) {
  Tensor a = Random(Shape{6, 7}, DType::kFloat32, 1);
  Tensor b = Random(Shape{7, 6}, DType::kFloat32, 2).AsStrided(Shape{6, 7}, Shape{1, 6}, 0);
  Tensor w = Random(Shape{7}, DType::kFloat32, 3, -0.5, 1.5);
  Tensor r = Run1("lerp", {a, Dense(b), w});
  Tensor rt = Run1("lerp", {a, b, w});  // the transposed end gives the same bits
  Tensor rs = Run1("lerp", {a, Dense(b), Float(0.75)});
  Tensor bc = Dense(b);
  for (int64_t i = 0; i < 42; ++i) {
    float x = F(a, i), y = F(bc, i), wt = F(w, i % 7);
    float want = std::abs(wt) < 0.5f ? std::fma(wt, y - x, x) : std::fma(wt - 1.0f, y - x, y);
    EXPECT_EQ(F(r, i), want) << i;
    EXPECT_EQ(F(rt, i), want) << i;
    EXPECT_EQ(F(rs, i), std::fma(0.75f - 1.0f, y - x, y)) << i;
  }
  // The weights 0 and 1 give the ends exactly.
  EXPECT_EQ(F(Run1("lerp", {a, bc, Float(1.0)}), 5), F(bc, 5));
  EXPECT_FALSE(Call1("lerp", {Random(Shape{3}, DType::kInt64, 4),
                              Random(Shape{3}, DType::kInt64, 5), Float(0.5)})
                   .ok());
}

TEST(AddcTest, AddcmulFusesAddcdivDoesNot) {
  Tensor a = Random(Shape{5, 4}, DType::kFloat32, 6);
  Tensor b = Random(Shape{5, 4}, DType::kFloat32, 7);
  Tensor c = Random(Shape{4}, DType::kFloat32, 8, 0.5, 2);
  Tensor m = Run1("addcmul", {a, b, c, Float(0.3)});
  Tensor d = Run1("addcdiv", {a, b, c, Float(0.3)});
  for (int64_t i = 0; i < 20; ++i) {
    float x = F(a, i), y = F(b, i), z = F(c, i % 4);
    EXPECT_EQ(F(m, i), std::fma(0.3f * y, z, x)) << i;
    EXPECT_EQ(F(d, i), x + 0.3f * y / z) << i;
  }
  Tensor ints =
      Run1("addcmul", {Random(Shape{3}, DType::kInt64, 9), Random(Shape{3}, DType::kInt64, 10),
                       Random(Shape{3}, DType::kInt64, 11), Int(2)});
  EXPECT_EQ(ints.dtype(), DType::kInt64);
  EXPECT_FALSE(Call1("addcdiv",
                     {a, Random(Shape{3}, DType::kInt64, 12), Random(Shape{3}, DType::kInt64, 13)})
                   .ok());
}

TEST(NanToNumTest, ReplacementsInTheDType) {
  Tensor t = Random(Shape{4}, DType::kFloat16, 14);
  SetElement(t, 0, std::numeric_limits<double>::quiet_NaN());
  SetElement(t, 1, std::numeric_limits<double>::infinity());
  SetElement(t, 2, -std::numeric_limits<double>::infinity());
  Tensor r = Run1("nan_to_num", {t, NoneArg(), NoneArg(), NoneArg()});
  EXPECT_EQ(r.ElementAsDouble(0), 0.0);
  EXPECT_EQ(r.ElementAsDouble(1), 65504.0);
  EXPECT_EQ(r.ElementAsDouble(2), -65504.0);
  EXPECT_EQ(r.ElementAsDouble(3), t.ElementAsDouble(3));
  Tensor nan = Run1("isnan", {t}), inf = Run1("isinf", {t}), fin = Run1("isfinite", {t});
  EXPECT_EQ(Values(nan), (std::vector<double>{1, 0, 0, 0}));
  EXPECT_EQ(Values(inf), (std::vector<double>{0, 1, 1, 0}));
  EXPECT_EQ(Values(fin), (std::vector<double>{0, 0, 0, 1}));
}

}  // namespace
}  // namespace tc::kernels::testing
