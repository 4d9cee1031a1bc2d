// Reductions against float64 references computed here.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

// Reference reduction of a [A, B, C] tensor over dim (or all when dim < 0).
template <typename F>
std::vector<double> Ref3(const Tensor& t, int dim, double init, F f) {
  const int64_t A = t.size(0), B = t.size(1), C = t.size(2);
  int64_t n_out = dim < 0 ? 1 : t.numel() / t.size(dim);
  std::vector<double> out(n_out, init);
  for (int64_t a = 0; a < A; ++a) {
    for (int64_t b = 0; b < B; ++b) {
      for (int64_t c = 0; c < C; ++c) {
        double x = t.ElementAsDouble((a * B + b) * C + c);
        int64_t o = dim < 0 ? 0 : dim == 0 ? b * C + c : dim == 1 ? a * C + c : a * B + b;
        out[o] = f(out[o], x);
      }
    }
  }
  return out;
}

TEST(ReduceTest, SumMeanProdEveryDimEveryDType) {
  for (DType dt : kAllDTypes) {
    SCOPED_TRACE(tensor::DTypeName(dt));
    Tensor base = Random(Shape{6, 5, 7}, dt, 61, -2, 2);
    Tensor t = base.AsStrided(Shape{6, 5, 7}, base.strides(), 0);
    for (int dim = -1; dim < 3; ++dim) {
      Constant d = dim < 0 ? NoneArg() : Ints({dim});
      Tensor s = Run1("sum", {t, d});
      DType acc = tensor::IsFloatingPoint(dt) ? dt : DType::kInt64;
      EXPECT_EQ(s.dtype(), acc);
      auto ref = Ref3(t, dim, 0.0, [](double a, double x) { return a + x; });
      ASSERT_EQ(s.numel(), static_cast<int64_t>(ref.size()));
      for (size_t i = 0; i < ref.size(); ++i) {
        ExpectClose(s.ElementAsDouble(i), ref[i], acc, "sum");
      }
      auto pr = Call1("prod", {t, dim < 0 ? NoneArg() : Int(dim)});
      ASSERT_TRUE(pr.ok()) << pr.status();
      auto pref = Ref3(t, dim, 1.0, [](double a, double x) { return a * x; });
      for (size_t i = 0; i < pref.size(); ++i) {
        ExpectClose(pr->ElementAsDouble(i), pref[i], acc, "prod");
      }
      auto m = Call1("mean", {t, d});
      if (!tensor::IsFloatingPoint(dt)) {
        EXPECT_FALSE(m.ok());
        continue;
      }
      ASSERT_TRUE(m.ok());
      double count = static_cast<double>(t.numel()) / static_cast<double>(ref.size());
      for (size_t i = 0; i < ref.size(); ++i) {
        ExpectClose(m->ElementAsDouble(i), ref[i] / count, dt, "mean");
      }
    }
  }
}

TEST(ReduceTest, AmaxArgmaxWithNaNAndTies) {
  Tensor t = Tensor::Empty(Shape{3, 4}, DType::kFloat32);
  double vals[] = {1, 5, 5, 2, 3, NAN, 9, NAN, -1, -1, -4, -4};
  for (int i = 0; i < 12; ++i) SetElement(t, i, vals[i]);
  Tensor amax = Run1("amax", {t, Ints({1})});
  EXPECT_EQ(amax.ElementAsDouble(0), 5);
  EXPECT_TRUE(std::isnan(amax.ElementAsDouble(1)));
  EXPECT_EQ(amax.ElementAsDouble(2), -1);
  Tensor amin = Run1("amin", {t, Ints({1}), Constant(Scalar(true))});
  EXPECT_EQ(amin.sizes(), (Shape{3, 1}));
  EXPECT_EQ(amin.ElementAsDouble(2), -4);
  Tensor am = Run1("argmax", {t, Int(1)});
  EXPECT_EQ(am.dtype(), DType::kInt64);
  EXPECT_EQ(am.ElementAsDouble(0), 1);  // first of the tied maxima
  EXPECT_EQ(am.ElementAsDouble(1), 1);  // first NaN wins
  EXPECT_EQ(am.ElementAsDouble(2), 0);
  Tensor an = Run1("argmin", {t, Int(1)});
  EXPECT_EQ(an.ElementAsDouble(2), 2);
  Tensor flat = Run1("argmax", {t});
  EXPECT_EQ(flat.dim(), 0);
  EXPECT_EQ(flat.ElementAsDouble(0), 5);
  Tensor all = Run1("amax", {t});
  EXPECT_TRUE(std::isnan(all.ElementAsDouble(0)));
}

// argmax/argmin count in logical (row-major) order whatever the layout:
// ties and NaNs go to the first element in that order, as in PyTorch
// (torch.argmax of [[1, 5], [5, 1]] with strides (1, 2) is 1).
TEST(ReduceTest, ArgmaxCountsInLogicalOrder) {
  Tensor base = Tensor::Empty(Shape{2, 2}, DType::kFloat32);
  double vals[] = {1, 5, 5, 1};
  for (int i = 0; i < 4; ++i) SetElement(base, i, vals[i]);
  const Tensor t = base.AsStrided(Shape{2, 2}, Shape{1, 2}, 0);  // [[1, 5], [5, 1]]
  EXPECT_EQ(Run1("argmax", {t}).ElementAsDouble(0), 1);
  EXPECT_EQ(Run1("argmin", {t}).ElementAsDouble(0), 0);
  Tensor nan_base = Tensor::Empty(Shape{2, 2}, DType::kFloat64);
  double with_nan[] = {1, NAN, NAN, 2};
  for (int i = 0; i < 4; ++i) SetElement(nan_base, i, with_nan[i]);
  // [[1, NAN], [NAN, 2]]: the first NaN is logical element 1.
  const Tensor n = nan_base.AsStrided(Shape{2, 2}, Shape{1, 2}, 0);
  EXPECT_EQ(Run1("argmax", {n}).ElementAsDouble(0), 1);
  EXPECT_EQ(Run1("argmin", {n}).ElementAsDouble(0), 1);
  Tensor zeros = Tensor::Zeros(Shape{4, 3}, DType::kInt32);
  EXPECT_EQ(Run1("argmax", {zeros.AsStrided(Shape{3, 4}, Shape{1, 3}, 0)}).ElementAsDouble(0), 0);
}

TEST(ReduceTest, EmptyReductions) {
  Tensor e = Tensor::Empty(Shape{0, 3}, DType::kFloat32);
  EXPECT_EQ(Run1("sum", {e}).ElementAsDouble(0), 0);
  EXPECT_TRUE(std::isnan(Run1("mean", {e}).ElementAsDouble(0)));
  EXPECT_EQ(Run1("prod", {e}).ElementAsDouble(0), 1);
  Tensor s0 = Run1("sum", {e, Ints({0})});
  EXPECT_EQ(s0.sizes(), (Shape{3}));
  EXPECT_EQ(s0.ElementAsDouble(2), 0);
  EXPECT_FALSE(Call1("amax", {e, Ints({0})}).ok());
  EXPECT_FALSE(Call1("argmax", {e}).ok());
  EXPECT_EQ(Run1("amax", {e, Ints({1})}).numel(), 0);
}

TEST(ReduceTest, LargeFloat32SumIsAccurate) {
  // 4M values: naive float accumulation loses digits; we must not.
  const int64_t n = 1 << 22;
  Tensor t = Tensor::Empty(Shape{n}, DType::kFloat32);
  float* p = t.data<float>();
  double ref = 0;
  for (int64_t i = 0; i < n; ++i) {
    p[i] = 0.1f + static_cast<float>(i % 1000) * 1e-4f;
    ref += p[i];
  }
  Tensor s = Run1("sum", {t});
  EXPECT_NEAR(s.ElementAsDouble(0), ref, std::abs(ref) * 1e-6);
  Tensor m = Run1("amax", {t});
  EXPECT_EQ(m.ElementAsDouble(0), static_cast<double>(0.1f + 999 * 1e-4f));
  // Strided (transposed) sum over the outer dim of a [2048, 2048] view.
  Tensor v = t.AsStrided(Shape{2048, 2048}, Shape{1, 2048}, 0);
  Tensor cols = Run1("sum", {v, Ints({0})});
  double c0 = 0;
  for (int64_t i = 0; i < 2048; ++i) c0 += p[i];
  EXPECT_NEAR(cols.ElementAsDouble(0), c0, std::abs(c0) * 1e-6);
}

TEST(ReduceTest, VarWithCorrection) {
  Tensor t = Random(Shape{4, 9}, DType::kFloat64, 71);
  for (double corr : {0.0, 1.0, 2.5}) {
    Tensor v = Run1("var", {t, Ints({1}), Float(corr)});
    for (int64_t r = 0; r < 4; ++r) {
      double mean = 0, ss = 0;
      for (int64_t c = 0; c < 9; ++c) mean += t.ElementAsDouble(r * 9 + c) / 9;
      for (int64_t c = 0; c < 9; ++c) ss += std::pow(t.ElementAsDouble(r * 9 + c) - mean, 2);
      ExpectClose(v.ElementAsDouble(r), ss / (9 - corr), DType::kFloat64, "var");
    }
  }
  Tensor all = Run1("var", {t});
  EXPECT_EQ(all.dim(), 0);
  Tensor one = Tensor::Full(Shape{1}, 1.0, DType::kFloat32);
  EXPECT_TRUE(std::isnan(Run1("var", {one}).ElementAsDouble(0)));
}

TEST(ReduceTest, IntegerSumWraps) {
  Tensor t = Tensor::Full(Shape{4}, Scalar(std::numeric_limits<int64_t>::max()), DType::kInt64);
  Tensor s = Run1("sum", {t});
  EXPECT_EQ(s.data<int64_t>()[0], -4);  // 4 * (2^63 - 1) mod 2^64
  Tensor b = Random(Shape{100}, DType::kBool, 3);
  Tensor bs = Run1("sum", {b});
  EXPECT_EQ(bs.dtype(), DType::kInt64);
  double want = 0;
  for (int i = 0; i < 100; ++i) want += b.ElementAsDouble(i);
  EXPECT_EQ(bs.ElementAsDouble(0), want);
}

}  // namespace
}  // namespace tc::kernels::testing
