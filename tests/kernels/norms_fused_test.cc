// The fused eager kernels of softmax, log_softmax, layer_norm, rms_norm,
// batch_norm and group_norm (norms.cc, norms_batch.cc, norms_group.cc): kernels::Call runs them,
// and they must give the decomposition's results (RunComposite) up to summation order, decline to
// it off their fast path (same results, same errors), not depend on how rows are split over the
// pool, and handle NaN/inf rows as ATen does.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tc/kernels/composite.h"
#include "tc/kernels/eager.h"

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

Tensor Decomposed(const char* op, std::vector<KernelArg> args, size_t out = 0) {
  auto r = RunComposite(*graph_ir::FindOp(op), args);
  EXPECT_TRUE(r.ok()) << op << ": " << r.status();
  return r.ok() ? (*r)[out] : Tensor();
}

Tensor Fused(const char* op, std::vector<KernelArg> args, size_t out = 0) {
  auto r = Call(op, std::move(args));
  EXPECT_TRUE(r.ok()) << op << ": " << r.status();
  return r.ok() ? (*r)[out] : Tensor();
}

// |got - want| <= rtol * |want| + atol elementwise; NaN where want is NaN.
void ExpectClose(const Tensor& got, const Tensor& want, double rtol, double atol,
                 const std::string& what) {
  ASSERT_EQ(got.dtype(), want.dtype()) << what;
  ASSERT_EQ(got.sizes(), want.sizes()) << what;
  for (int64_t i = 0; i < want.numel(); ++i) {
    const double g = got.ElementAsDouble(i), w = want.ElementAsDouble(i);
    if (std::isnan(w) || std::isinf(w)) {
      EXPECT_TRUE(std::isnan(w) ? std::isnan(g) : g == w) << what << " [" << i << "] " << g;
      continue;
    }
    ASSERT_LE(std::abs(g - w), rtol * std::abs(w) + atol)
        << what << " [" << i << "]: got " << g << ", want " << w;
  }
}

double Rtol(DType dt) { return dt == DType::kFloat32 ? 3e-6 : 1e-13; }

TEST(NormsFusedTest, RowKernelsMatchTheDecompositions) {
  const Shape shapes[] = {{1, 1}, {3, 5}, {7, 37}, {64, 1024}, {2, 3, 129}, {4, 16}};
  uint32_t seed = 1;
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    for (const Shape& s : shapes) {
      SCOPED_TRACE(tensor::ShapeToString(s) + " " + std::string(tensor::DTypeName(dt)));
      const int64_t n = s.back();
      Tensor x = Random(s, dt, seed++, -8, 8);
      Tensor w = Random(Shape{n}, dt, seed++), b = Random(Shape{n}, dt, seed++);
      const double rt = Rtol(dt), at = rt;
      for (const char* op : {"softmax", "log_softmax"}) {
        ExpectClose(Fused(op, {x, Int(-1), NoneArg()}), Decomposed(op, {x, Int(-1), NoneArg()}), rt,
                    at, op);
      }
      for (const auto& [wa, ba] :
           {std::pair<KernelArg, KernelArg>{NoneArg(), NoneArg()}, {w, NoneArg()}, {w, b}}) {
        std::vector<KernelArg> ln = {x, Ints({n}), wa, ba, Float(1e-5)};
        ExpectClose(Fused("layer_norm", ln), Decomposed("layer_norm", ln), 2 * rt, 2 * at,
                    "layer_norm");
      }
      for (const KernelArg& wa : {KernelArg(NoneArg()), KernelArg(w)}) {
        for (const KernelArg& eps : {KernelArg(NoneArg()), KernelArg(Float(1e-3))}) {
          std::vector<KernelArg> rms = {x, Ints({n}), wa, eps};
          ExpectClose(Fused("rms_norm", rms), Decomposed("rms_norm", rms), 2 * rt, at, "rms_norm");
        }
      }
    }
  }
}

TEST(NormsFusedTest, BatchNormMatchesTheDecomposition) {
  uint32_t seed = 50;
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    for (const Shape& s : {Shape{4, 3}, Shape{2, 5, 7}, Shape{8, 16, 9, 11}}) {
      SCOPED_TRACE(tensor::ShapeToString(s));
      const int64_t c = s[1];
      Tensor x = Random(s, dt, seed++, -4, 6);
      Tensor w = Random(Shape{c}, dt, seed++), b = Random(Shape{c}, dt, seed++);
      Tensor rm = Random(Shape{c}, dt, seed++), rv = Random(Shape{c}, dt, seed++, 0.5, 2);
      for (bool training : {false, true}) {
        for (bool affine : {false, true}) {
          std::vector<KernelArg> args = {x,
                                         affine ? KernelArg(w) : KernelArg(NoneArg()),
                                         affine ? KernelArg(b) : KernelArg(NoneArg()),
                                         rm,
                                         rv,
                                         Constant(Scalar(training)),
                                         Float(0.25),
                                         Float(1e-5)};
          for (size_t out = 0; out < 3; ++out) {
            ExpectClose(Fused("batch_norm", args, out), Decomposed("batch_norm", args, out),
                        4 * Rtol(dt), 4 * Rtol(dt),
                        "batch_norm output " + std::to_string(out) + (training ? " train" : ""));
          }
        }
      }
      // Training without running stats: the outputs are the batch stats.
      std::vector<KernelArg> no_stats = {x,          NoneArg(),  NoneArg(),
                                         NoneArg(),  NoneArg(),  Constant(Scalar(true)),
                                         Float(0.1), Float(1e-5)};
      for (size_t out = 0; out < 3; ++out) {
        ExpectClose(Fused("batch_norm", no_stats, out), Decomposed("batch_norm", no_stats, out),
                    4 * Rtol(dt), 4 * Rtol(dt), "batch_norm no stats " + std::to_string(out));
      }
    }
  }
}

// Off the fast path the fused kernels decline: the decomposition's exact
// results and errors.
TEST(NormsFusedTest, DeclinedCasesAreTheDecomposition) {
  Tensor x = Random(Shape{4, 6, 5}, DType::kFloat32, 7);
  Tensor xt = x.AsStrided(Shape{4, 5, 6}, Shape{30, 1, 5}, 0);  // transposed view
  auto same = [](const Tensor& a, const Tensor& b) {
    ASSERT_EQ(a.sizes(), b.sizes());
    for (int64_t i = 0; i < a.numel(); ++i) ASSERT_EQ(a.ElementAsDouble(i), b.ElementAsDouble(i));
  };
  same(Fused("softmax", {x, Int(1), NoneArg()}), Decomposed("softmax", {x, Int(1), NoneArg()}));
  same(Fused("softmax", {xt, Int(-1), NoneArg()}), Decomposed("softmax", {xt, Int(-1), NoneArg()}));
  same(Fused("log_softmax", {x, Int(-1), Constant(DType::kFloat64)}),
       Decomposed("log_softmax", {x, Int(-1), Constant(DType::kFloat64)}));
  same(Fused("layer_norm", {xt, Ints({6}), NoneArg(), NoneArg(), Float(1e-5)}),
       Decomposed("layer_norm", {xt, Ints({6}), NoneArg(), NoneArg(), Float(1e-5)}));
  Tensor h = x.to(DType::kFloat16);
  same(Fused("rms_norm", {h, Ints({5}), NoneArg(), NoneArg()}),
       Decomposed("rms_norm", {h, Ints({5}), NoneArg(), NoneArg()}));
  auto err = Call("layer_norm",
                  {x, Ints({5}), Tensor::Zeros(Shape{5}, DType::kFloat64), NoneArg(), Float(1e-5)});
  ASSERT_FALSE(err.ok());
  EXPECT_EQ(err.status().message(),
            "mixed dtype (CPU): expect parameter to have scalar type of Float");
  err = Call("batch_norm", {x, NoneArg(), NoneArg(), Tensor::Zeros(Shape{4}, DType::kFloat32),
                            Tensor::Zeros(Shape{6}, DType::kFloat32), Constant(Scalar(false)),
                            Float(0.1), Float(1e-5)});
  ASSERT_FALSE(err.ok());
  EXPECT_EQ(err.status().message(), "running_mean should contain 6 elements not 4");
}

// Each row's result is the same whether it runs alone or among thousands
// split over the pool.
TEST(NormsFusedTest, RowsDoNotDependOnThreadSplit) {
  Tensor x = Random(Shape{5000, 40}, DType::kFloat32, 9, -10, 10);
  Tensor all = Fused("layer_norm", {x, Ints({40}), NoneArg(), NoneArg(), Float(1e-5)});
  Tensor sm = Fused("softmax", {x, Int(-1), NoneArg()});
  for (int64_t r : {0, 1, 2500, 4999}) {
    Tensor row = x.AsStrided(Shape{1, 40}, Shape{40, 1}, r * 40).contiguous();
    Tensor one = Fused("layer_norm", {row, Ints({40}), NoneArg(), NoneArg(), Float(1e-5)});
    Tensor one_sm = Fused("softmax", {row, Int(-1), NoneArg()});
    for (int64_t j = 0; j < 40; ++j) {
      ASSERT_EQ(all.ElementAsDouble(r * 40 + j), one.ElementAsDouble(j)) << r << "," << j;
      ASSERT_EQ(sm.ElementAsDouble(r * 40 + j), one_sm.ElementAsDouble(j)) << r << "," << j;
    }
  }
}

TEST(NormsFusedTest, NanAndInfRowsAsATen) {
  const float nan = std::nanf(""), inf = INFINITY;
  Tensor x = Tensor::Empty(Shape{4, 19}, DType::kFloat32);
  for (int64_t i = 0; i < x.numel(); ++i) SetElement(x, i, (i % 7) - 3.0);
  SetElement(x, 5, nan);                                         // row 0: NaN -> all NaN
  for (int64_t j = 0; j < 19; ++j) SetElement(x, 19 + j, -inf);  // row 1: all -inf -> NaN
  SetElement(x, 2 * 19 + 17, inf);                               // row 2: +inf -> NaN
  SetElement(x, 3 * 19 + 1, -1e30);  // row 3: finite, one value far below
  Tensor sm = Fused("softmax", {x, Int(-1), NoneArg()});
  for (int64_t j = 0; j < 3 * 19; ++j) EXPECT_TRUE(std::isnan(sm.ElementAsDouble(j))) << j;
  EXPECT_EQ(sm.ElementAsDouble(3 * 19 + 1), 0.0);
  double sum = 0;
  for (int64_t j = 0; j < 19; ++j) sum += sm.ElementAsDouble(3 * 19 + j);
  EXPECT_NEAR(sum, 1.0, 1e-6);
  Tensor ls = Fused("log_softmax", {x, Int(-1), NoneArg()});
  EXPECT_FLOAT_EQ(ls.ElementAsDouble(3 * 19 + 1), -1e30f);
}

// Rows long enough for SoftmaxRowMax's vector loops (4 accumulators, a
// NaN sentinel sum): a NaN in the first vectors, the 4-vector loop, the
// vector tail or the scalar tail makes the whole row NaN; +inf (alone, or
// with -inf, which makes the sentinel NaN without a NaN) too; a row whose
// max is a zero of either sign softmaxes exactly as with +0 alone.
TEST(NormsFusedTest, LongNanInfAndSignedZeroRows) {
  constexpr int64_t kN = 203;
  const double nan = std::nan(""), inf = INFINITY;
  const std::vector<std::vector<std::pair<int64_t, double>>> specials = {
      {{3, nan}},   {{100, nan}},          {{196, nan}}, {{202, nan}},
      {{150, inf}}, {{7, inf}, {9, -inf}}, {{201, -inf}}};
  const int64_t rows = static_cast<int64_t>(specials.size()) + 2;
  Tensor x = Tensor::Empty(Shape{rows, kN}, DType::kFloat32);
  for (int64_t i = 0; i < x.numel(); ++i) SetElement(x, i, -(((i % kN) * 37) % 101) / 8.0 - 0.5);
  for (size_t r = 0; r < specials.size(); ++r) {
    for (const auto& [j, v] : specials[r]) SetElement(x, r * kN + j, v);
  }
  const int64_t zr = rows - 2;  // rows zr (+0 and -0) and zr + 1 (+0 only)
  for (int64_t j : {20, 90, 199}) SetElement(x, zr * kN + j, j == 90 ? -0.0 : 0.0);
  for (int64_t j : {20, 90, 199}) SetElement(x, (zr + 1) * kN + j, 0.0);
  for (const char* op : {"softmax", "log_softmax"}) {
    Tensor y = Fused(op, {x, Int(-1), NoneArg()});
    for (size_t r = 0; r + 1 < specials.size(); ++r) {
      for (int64_t j = 0; j < kN; ++j) {
        EXPECT_TRUE(std::isnan(y.ElementAsDouble(r * kN + j))) << op << " " << r << "," << j;
      }
    }
    // -inf alone is an ordinary row: exp(-inf - max) = 0.
    EXPECT_FALSE(std::isnan(y.ElementAsDouble((specials.size() - 1) * kN)));
    for (int64_t j = 0; j < kN; ++j) {
      const double a = y.ElementAsDouble(zr * kN + j), b = y.ElementAsDouble((zr + 1) * kN + j);
      EXPECT_EQ(std::signbit(a), std::signbit(b)) << op << " " << j;
      EXPECT_EQ(a, b) << op << " " << j;
    }
  }
}

// group_norm's fused kernel (norms_group.cc) against its decomposition:
// groups 1, some and C, odd planes, with and without weight / bias.
TEST(NormsFusedTest, GroupNormMatchesTheDecomposition) {
  uint32_t seed = 80;
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    for (const Shape& s :
         {Shape{3, 6}, Shape{2, 6, 7}, Shape{4, 12, 9, 11}, Shape{1, 4, 2, 3, 5}}) {
      const int64_t c = s[1];
      Tensor x = Random(s, dt, seed++, -4, 6);
      Tensor w = Random(Shape{c}, dt, seed++), b = Random(Shape{c}, dt, seed++);
      for (int64_t groups : {int64_t{1}, int64_t{2}, c}) {
        for (int params = 0; params < 4; ++params) {
          SCOPED_TRACE(tensor::ShapeToString(s) + " groups " + std::to_string(groups) + " params " +
                       std::to_string(params));
          std::vector<KernelArg> args = {
              x, Int(groups), (params & 1) ? KernelArg(w) : KernelArg(NoneArg()),
              (params & 2) ? KernelArg(b) : KernelArg(NoneArg()), Float(params == 3 ? 0.1 : 1e-5)};
          // A one-element group is x == mean: the decomposition's (x - mean) *
          // rstd is 0, ATen's fma(x, scale, -scale * mean) (ours) the
          // product's rounding error, about ulp(x / sqrt(eps)) (PyTorch
          // prints values near 1e-5 there too).
          const bool single = s.size() == 2 && groups == c;
          ExpectClose(Fused("group_norm", args), Decomposed("group_norm", args), 4 * Rtol(dt),
                      single ? 3e4 * Rtol(dt) : 4 * Rtol(dt), "group_norm");
        }
      }
    }
  }
}

// Off group_norm's fast path (a strided input, float16, groups that do not
// divide C): the decomposition's results and errors; a NaN in a group makes
// that group NaN and no other.
TEST(NormsFusedTest, GroupNormDeclinesAndNanGroups) {
  Tensor x = Random(Shape{2, 6, 5}, DType::kFloat32, 90);
  Tensor xt = x.AsStrided(Shape{2, 5, 6}, Shape{30, 1, 5}, 0);
  auto same = [](const Tensor& a, const Tensor& b) {
    ASSERT_EQ(a.sizes(), b.sizes());
    for (int64_t i = 0; i < a.numel(); ++i) ASSERT_EQ(a.ElementAsDouble(i), b.ElementAsDouble(i));
  };
  same(Fused("group_norm", {xt, Int(5), NoneArg(), NoneArg(), Float(1e-5)}),
       Decomposed("group_norm", {xt, Int(5), NoneArg(), NoneArg(), Float(1e-5)}));
  Tensor h = x.to(DType::kFloat16);
  same(Fused("group_norm", {h, Int(3), NoneArg(), NoneArg(), Float(1e-5)}),
       Decomposed("group_norm", {h, Int(3), NoneArg(), NoneArg(), Float(1e-5)}));
  auto err = Call("group_norm", {x, Int(4), NoneArg(), NoneArg(), Float(1e-5)});
  ASSERT_FALSE(err.ok());
  EXPECT_EQ(err.status().message(),
            "Expected number of channels in input to be divisible by num_groups, but got input of "
            "shape [2, 6, 5] and num_groups=4");
  SetElement(x, 7, std::nan(""));  // sample 0, channel 1: group 0 of 3
  Tensor y = Fused("group_norm", {x, Int(3), NoneArg(), NoneArg(), Float(1e-5)});
  for (int64_t i = 0; i < y.numel(); ++i) {
    EXPECT_EQ(std::isnan(y.ElementAsDouble(i)), i < 10) << i;
  }
}

}  // namespace
}  // namespace tc::kernels::testing
