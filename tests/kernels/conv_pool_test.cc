// The convolution kernel against a direct six-loop convolution over random
// shapes and parameters (1-3 spatial dims, groups, strides, padding,
// dilation), the transposed kernel as its adjoint (<conv(x), y> ==
// <x, conv_transpose(y)>), integer dtypes, and the pools against direct
// loops over their windows.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <hwy/targets.h>

#include "tc/kernels/eager.h"

#include "test_util.h"

namespace tc::kernels {
namespace {

using graph_ir::Constant;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;
using testing::Random;
using testing::Values;

struct ConvCase {
  Shape in, w, stride, pad, dil;
  int64_t groups = 1;
};

Tensor RunConv(const Tensor& x, const Tensor& w, const KernelArg& bias, const ConvCase& c,
               bool transposed, const Shape& out_pad) {
  auto r = Call("convolution",
                {x, w, bias, Constant(c.stride), Constant(c.pad), Constant(c.dil),
                 Constant(Scalar(transposed)), Constant(out_pad), Constant(Scalar(c.groups))});
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? (*r)[0] : Tensor();
}

// Direct convolution in double over flat contiguous buffers (spatial dims
// padded to three).
std::vector<double> DirectConv(const ConvCase& c, const std::vector<double>& x,
                               const std::vector<double>& w, const Shape& out) {
  const int64_t dims = static_cast<int64_t>(c.in.size()) - 2;
  auto at3 = [&](const Shape& s, int64_t i, int64_t fill) {
    const int64_t d = i - (3 - dims);
    return d < 0 ? fill : s[2 + d];
  };
  auto p3 = [&](const Shape& v, int64_t i, int64_t fill) {
    const int64_t d = i - (3 - dims);
    return d < 0 ? fill : v[d];
  };
  int64_t I[3], O[3], K[3], S[3], P[3], D[3];
  for (int64_t i = 0; i < 3; ++i) {
    I[i] = at3(c.in, i, 1);
    O[i] = at3(out, i, 1);
    K[i] = at3(c.w, i, 1);
    S[i] = p3(c.stride, i, 1);
    P[i] = p3(c.pad, i, 0);
    D[i] = p3(c.dil, i, 1);
  }
  const int64_t n = c.in[0], cin = c.in[1], cout = c.w[0], cg = cin / c.groups,
                og = cout / c.groups;
  std::vector<double> y(n * cout * O[0] * O[1] * O[2], 0.0);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t oc = 0; oc < cout; ++oc)
      for (int64_t o0 = 0; o0 < O[0]; ++o0)
        for (int64_t o1 = 0; o1 < O[1]; ++o1)
          for (int64_t o2 = 0; o2 < O[2]; ++o2) {
            double acc = 0;
            const int64_t g = oc / og;
            for (int64_t ic = 0; ic < cg; ++ic)
              for (int64_t k0 = 0; k0 < K[0]; ++k0)
                for (int64_t k1 = 0; k1 < K[1]; ++k1)
                  for (int64_t k2 = 0; k2 < K[2]; ++k2) {
                    const int64_t i0 = o0 * S[0] - P[0] + k0 * D[0];
                    const int64_t i1 = o1 * S[1] - P[1] + k1 * D[1];
                    const int64_t i2 = o2 * S[2] - P[2] + k2 * D[2];
                    if (i0 < 0 || i0 >= I[0] || i1 < 0 || i1 >= I[1] || i2 < 0 || i2 >= I[2]) {
                      continue;
                    }
                    acc += x[(((b * cin + g * cg + ic) * I[0] + i0) * I[1] + i1) * I[2] + i2] *
                           w[(((oc * cg + ic) * K[0] + k0) * K[1] + k1) * K[2] + k2];
                  }
            y[(((b * cout + oc) * O[0] + o0) * O[1] + o1) * O[2] + o2] = acc;
          }
  return y;
}

ConvCase RandomCase(std::mt19937& rng) {
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  ConvCase c;
  const int64_t dims = pick(1, 3);
  c.groups = pick(1, 3);
  c.in = {pick(1, 3), c.groups * pick(1, 3)};
  c.w = {c.groups * pick(1, 3), c.in[1] / c.groups};
  for (int64_t d = 0; d < dims; ++d) {
    const int64_t k = pick(1, 3), dil = pick(1, 2), pad = pick(0, 2);
    const int64_t size = std::max<int64_t>(1, dil * (k - 1) + 1 - 2 * pad) + pick(0, 6);
    c.in.push_back(size);
    c.w.push_back(k);
    c.stride.push_back(pick(1, 3));
    c.pad.push_back(pad);
    c.dil.push_back(dil);
  }
  return c;
}

TEST(ConvKernel, MatchesDirectConvolution) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 60; ++trial) {
    const ConvCase c = RandomCase(rng);
    SCOPED_TRACE(trial);
    const DType dtype = trial % 2 ? DType::kFloat64 : DType::kFloat32;
    Tensor x = Random(c.in, dtype, 100 + trial);
    Tensor w = Random(c.w, dtype, 200 + trial);
    Tensor b = Random(Shape{c.w[0]}, dtype, 300 + trial);
    Tensor y = RunConv(x, w, b, c, false, {0});
    ASSERT_TRUE(y.defined());
    std::vector<double> want = DirectConv(c, Values(x), Values(w), y.sizes());
    std::vector<double> got = Values(y);
    ASSERT_EQ(got.size(), want.size());
    const std::vector<double> bias = Values(b);
    const int64_t plane = y.numel() / std::max<int64_t>(1, y.size(0) * y.size(1));
    const double tol = dtype == DType::kFloat32 ? 1e-4 : 1e-11;
    for (size_t i = 0; i < got.size(); ++i) {
      const double expect = want[i] + bias[(i / plane) % y.size(1)];
      EXPECT_NEAR(got[i], expect, tol * (1 + std::abs(expect))) << i;
    }
  }
}

// The float32 fast paths on every SIMD target this machine runs (AVX-512
// uses the 8x48 and 12x32 register tiles, others the 8x32 one): tiles
// across row ends (a partial block of output channels; groups with
// dilation; 1-d), row-wise tiles (height stride 2), and the channels_last
// route (width stride 2, 40 output channels: a partial strip).
TEST(ConvKernel, FastPathsEveryTarget) {
  const std::vector<ConvCase> cases = {
      {Shape{2, 16, 5, 24}, Shape{20, 16, 3, 3}, Shape{1, 1}, Shape{1, 1}, Shape{1, 1}},
      {Shape{1, 32, 6, 40}, Shape{24, 16, 3, 3}, Shape{1, 1}, Shape{2, 2}, Shape{2, 2}, 2},
      {Shape{2, 16, 40}, Shape{12, 16, 3}, Shape{1}, Shape{1}, Shape{1}},
      {Shape{1, 16, 9, 56}, Shape{16, 16, 3, 3}, Shape{2, 1}, Shape{1, 1}, Shape{1, 1}},
      {Shape{2, 32, 7, 9}, Shape{40, 32, 3, 3}, Shape{2, 2}, Shape{1, 1}, Shape{1, 1}},
  };
  const std::vector<int64_t> targets = hwy::SupportedAndGeneratedTargets();
  ASSERT_FALSE(targets.empty());
  for (int64_t target : targets) {
    hwy::SetSupportedTargetsForTest(target);
    SCOPED_TRACE(hwy::TargetName(target));
    for (size_t n = 0; n < cases.size(); ++n) {
      SCOPED_TRACE(n);
      const ConvCase& c = cases[n];
      Tensor x = Random(c.in, DType::kFloat32, 400 + n);
      Tensor w = Random(c.w, DType::kFloat32, 500 + n);
      Tensor b = Random(Shape{c.w[0]}, DType::kFloat32, 600 + n);
      Tensor y = RunConv(x, w, b, c, false, {0});
      ASSERT_TRUE(y.defined());
      const std::vector<double> want = DirectConv(c, Values(x), Values(w), y.sizes());
      const std::vector<double> got = Values(y), bias = Values(b);
      ASSERT_EQ(got.size(), want.size());
      const int64_t plane = y.numel() / (y.size(0) * y.size(1));
      for (size_t i = 0; i < got.size(); ++i) {
        const double expect = want[i] + bias[(i / plane) % y.size(1)];
        ASSERT_NEAR(got[i], expect, 1e-4 * (1 + std::abs(expect))) << i;
      }
    }
  }
  hwy::SetSupportedTargetsForTest(0);  // back to the real dispatch
}

TEST(ConvKernel, TransposedIsTheAdjoint) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    ConvCase c = RandomCase(rng);
    SCOPED_TRACE(trial);
    Tensor x = Random(c.in, DType::kFloat64, 400 + trial);
    Tensor w = Random(c.w, DType::kFloat64, 500 + trial);
    Tensor y = RunConv(x, w, Constant(graph_ir::None{}), c, false, {0});
    ASSERT_TRUE(y.defined());
    // conv_transpose with the same weight (read as [in = y's channels,
    // out / groups, k...]) maps y's shape back to x's; output_padding
    // restores the input positions the strided forward never reached.
    Shape out_pad;
    for (size_t d = 2; d < c.in.size(); ++d) {
      const int64_t i = d - 2;
      const int64_t back =
          (y.size(d) - 1) * c.stride[i] - 2 * c.pad[i] + c.dil[i] * (c.w[d] - 1) + 1;
      out_pad.push_back(c.in[d] - back);
    }
    bool ok = true;
    for (size_t i = 0; i < out_pad.size(); ++i) {
      ok = ok && out_pad[i] < std::max(c.stride[i], c.dil[i]) && out_pad[i] >= 0;
    }
    if (!ok) continue;
    Tensor g = Random(y.sizes(), DType::kFloat64, 600 + trial);
    Tensor back = RunConv(g, w, Constant(graph_ir::None{}), c, true, out_pad);
    ASSERT_TRUE(back.defined());
    ASSERT_EQ(back.sizes(), x.sizes());
    double lhs = 0, rhs = 0;
    std::vector<double> yv = Values(y), gv = Values(g), xv = Values(x), bv = Values(back);
    for (size_t i = 0; i < yv.size(); ++i) lhs += yv[i] * gv[i];
    for (size_t i = 0; i < xv.size(); ++i) rhs += xv[i] * bv[i];
    EXPECT_NEAR(lhs, rhs, 1e-9 * (1 + std::abs(lhs)));
  }
}

TEST(ConvKernel, IntegerDTypesWrapLikeTheFloatResult) {
  ConvCase c{{2, 4, 5, 6}, {6, 2, 3, 2}, {1, 2}, {1, 0}, {1, 1}, 2};
  // Whole numbers: the float64 sums are exact, so int64 must equal them.
  Tensor x = Random(c.in, DType::kInt64, 1, -4, 4), w = Random(c.w, DType::kInt64, 2, -4, 4);
  std::vector<double> xv = Values(x), wv = Values(w);
  Tensor y = RunConv(x, w, Constant(graph_ir::None{}), c, false, {0});
  ASSERT_TRUE(y.defined());
  EXPECT_EQ(y.dtype(), DType::kInt64);
  EXPECT_EQ(Values(y), DirectConv(c, xv, wv, y.sizes()));
}

TEST(PoolKernel, MaxPoolMatchesDirectWindows) {
  Tensor x = Random(Shape{2, 3, 9, 8}, DType::kFloat32, 9);
  auto r = Call("max_pool2d_with_indices",
                {x, Constant(Shape{3, 2}), Constant(Shape{2, 3}), Constant(Shape{1, 1}),
                 Constant(Shape{2, 1}), Constant(Scalar(true))});
  ASSERT_TRUE(r.ok()) << r.status();
  const Tensor& v = (*r)[0];
  const Tensor& idx = (*r)[1];
  ASSERT_EQ(v.sizes(), (Shape{2, 3, 4, 3}));
  std::vector<double> xv = Values(x), vv = Values(v), iv = Values(idx);
  for (int64_t p = 0; p < 6; ++p) {
    for (int64_t oh = 0; oh < 4; ++oh) {
      for (int64_t ow = 0; ow < 3; ++ow) {
        double best = -INFINITY;
        int64_t at = -1;
        for (int64_t kh = 0; kh < 3; ++kh) {
          for (int64_t kw = 0; kw < 2; ++kw) {
            const int64_t h = oh * 2 - 1 + kh * 2, w = ow * 3 - 1 + kw;
            if (h < 0 || h >= 9 || w < 0 || w >= 8) continue;
            if (xv[p * 72 + h * 8 + w] > best) {
              best = xv[p * 72 + h * 8 + w];
              at = h * 8 + w;
            }
          }
        }
        const int64_t o = (p * 4 + oh) * 3 + ow;
        EXPECT_EQ(vv[o], best) << o;
        EXPECT_EQ(iv[o], at) << o;
      }
    }
  }
}

TEST(PoolKernel, AvgPoolCountsPaddingAsAsked) {
  Tensor x = Tensor::Full(Shape{1, 1, 4, 4}, 1.0, DType::kFloat32);
  auto with = Call("avg_pool2d",
                   {x, Constant(Shape{3}), Constant(Shape{2}), Constant(Shape{1}),
                    Constant(Scalar(false)), Constant(Scalar(true)), Constant(graph_ir::None{})});
  auto without = Call(
      "avg_pool2d", {x, Constant(Shape{3}), Constant(Shape{2}), Constant(Shape{1}),
                     Constant(Scalar(false)), Constant(Scalar(false)), Constant(graph_ir::None{})});
  ASSERT_TRUE(with.ok() && without.ok());
  // The corner window covers 2x2 real elements of 3x3.
  EXPECT_FLOAT_EQ(Values((*with)[0])[0], 4.0 / 9.0);
  EXPECT_FLOAT_EQ(Values((*without)[0])[0], 1.0);
  EXPECT_FLOAT_EQ(Values((*with)[0])[1], 6.0 / 9.0);
}

TEST(PoolKernel, AdaptiveWindowsCoverTheInput) {
  Tensor x = Random(Shape{2, 5, 7}, DType::kFloat64, 3);
  auto r = Call("_adaptive_avg_pool2d", {x, Constant(Shape{3, 4})});
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<double> xv = Values(x), got = Values((*r)[0]);
  for (int64_t p = 0; p < 2; ++p) {
    for (int64_t oh = 0; oh < 3; ++oh) {
      for (int64_t ow = 0; ow < 4; ++ow) {
        const int64_t h0 = oh * 5 / 3, h1 = ((oh + 1) * 5 + 2) / 3;
        const int64_t w0 = ow * 7 / 4, w1 = ((ow + 1) * 7 + 3) / 4;
        double sum = 0;
        for (int64_t h = h0; h < h1; ++h) {
          for (int64_t w = w0; w < w1; ++w) sum += xv[p * 35 + h * 7 + w];
        }
        EXPECT_NEAR(got[(p * 3 + oh) * 4 + ow], sum / ((h1 - h0) * (w1 - w0)), 1e-12);
      }
    }
  }
}

}  // namespace
}  // namespace tc::kernels
