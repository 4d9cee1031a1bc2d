// Pools and batch_norm on channels_last inputs (pool_nhwc.cc,
// norms_batch.cc) against the contiguous kernels: the same values and
// indices bit for bit (batch_norm training: up to summation order), written
// channels_last; and the contiguous pools' vectorized rows (pool_simd.cc)
// against direct loops over each window in ATen's order, with NaN, ties
// and -inf.
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "tc/kernels/eager.h"
#include "tc/tensor/layout.h"

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

// A channels_last tensor [n, c, h, w] of random values: an NHWC buffer
// viewed as NCHW.
Tensor RandomChannelsLast(int64_t n, int64_t c, int64_t h, int64_t w, DType dt, uint32_t seed) {
  Tensor nhwc = Random(Shape{n, h, w, c}, dt, seed);
  return nhwc.AsStrided(Shape{n, c, h, w}, Shape{h * w * c, 1, w * c, c}, 0);
}

std::vector<Tensor> RunOp(const char* op, std::vector<KernelArg> args) {
  auto r = Call(op, std::move(args));
  EXPECT_TRUE(r.ok()) << op << ": " << r.status();
  return r.ok() ? *r : std::vector<Tensor>{};
}

bool IsChannelsLast(const Tensor& t) {
  return tensor::IsContiguousAs(t.sizes(), t.strides(), tensor::MemoryFormat::kChannelsLast);
}

void ExpectSameBits(const Tensor& got, const Tensor& want, const std::string& what) {
  ASSERT_EQ(got.sizes(), want.sizes()) << what;
  for (int64_t i = 0; i < want.numel(); ++i) {
    const double g = got.ElementAsDouble(i), w = want.ElementAsDouble(i);
    if (std::isnan(w)) {
      ASSERT_TRUE(std::isnan(g)) << what << " [" << i << "]";
    } else {
      ASSERT_EQ(g, w) << what << " [" << i << "]";
      ASSERT_EQ(std::signbit(g), std::signbit(w)) << what << " [" << i << "]";
    }
  }
}

struct PoolCase {
  int64_t n, c, h, w;
  Shape k, s, p, d;
  bool ceil;
};

const PoolCase kPoolCases[] = {
    {2, 3, 7, 6, {3, 3}, {2, 2}, {1, 1}, {1, 1}, false},
    {1, 19, 9, 8, {3, 2}, {2, 1}, {1, 1}, {2, 1}, true},
    {2, 64, 12, 11, {3, 3}, {2, 2}, {1, 1}, {1, 1}, false},
    {1, 33, 5, 9, {2, 2}, {2, 2}, {0, 0}, {1, 1}, true},
    {1, 17, 6, 6, {1, 4}, {1, 3}, {0, 2}, {1, 1}, false},
};

TEST(ChannelsLastKernels, PoolsEqualTheContiguousKernels) {
  uint32_t seed = 1;
  for (DType dt : {DType::kFloat32, DType::kFloat64, DType::kInt64}) {
    for (const PoolCase& pc : kPoolCases) {
      Tensor cl = RandomChannelsLast(pc.n, pc.c, pc.h, pc.w, dt, seed++);
      if (dt != DType::kInt64) {
        // NaNs and ties: a NaN wins, the first of equal maxima keeps its index.
        SetElement(cl, 5, std::numeric_limits<double>::quiet_NaN());
        SetElement(cl, 7, cl.ElementAsDouble(8));
      }
      Tensor x = cl.contiguous();
      const std::string what = std::string(tensor::DTypeName(dt)) + " c=" + std::to_string(pc.c);
      auto max_args = [&](const Tensor& t) -> std::vector<KernelArg> {
        return {t,
                Constant(pc.k),
                Constant(pc.s),
                Constant(pc.p),
                Constant(pc.d),
                Constant(Scalar(pc.ceil))};
      };
      std::vector<Tensor> a = RunOp("max_pool2d_with_indices", max_args(cl));
      std::vector<Tensor> b = RunOp("max_pool2d_with_indices", max_args(x));
      ASSERT_EQ(a.size(), 2u);
      EXPECT_TRUE(IsChannelsLast(a[0]) && IsChannelsLast(a[1])) << what;
      ExpectSameBits(a[0], b[0], "max " + what);
      ExpectSameBits(a[1], b[1], "max indices " + what);
      for (bool count_pad : {false, true}) {
        for (KernelArg div : {KernelArg(NoneArg()), KernelArg(Constant(Scalar(int64_t{5})))}) {
          auto avg_args = [&](const Tensor& t) -> std::vector<KernelArg> {
            return {t,
                    Constant(pc.k),
                    Constant(pc.s),
                    Constant(pc.p),
                    Constant(Scalar(pc.ceil)),
                    Constant(Scalar(count_pad)),
                    div};
          };
          std::vector<Tensor> u = RunOp("avg_pool2d", avg_args(cl));
          ASSERT_EQ(u.size(), 1u);
          EXPECT_TRUE(IsChannelsLast(u[0])) << what;
          ExpectSameBits(u[0], RunOp("avg_pool2d", avg_args(x))[0], "avg " + what);
        }
      }
      if (dt == DType::kInt64) continue;
      std::vector<Tensor> m = RunOp("adaptive_max_pool2d", {cl, Ints({3, 2})});
      std::vector<Tensor> mc = RunOp("adaptive_max_pool2d", {x, Ints({3, 2})});
      EXPECT_TRUE(IsChannelsLast(m[0]) && IsChannelsLast(m[1])) << what;
      ExpectSameBits(m[0], mc[0], "adaptive max " + what);
      ExpectSameBits(m[1], mc[1], "adaptive max indices " + what);
    }
  }
}

// The channels-last adaptive average divides ATen's vector lanes (32
// bytes: 4 doubles, so channels [0, 36) of 37) by kh * kw and its scalar
// tail by kh, then kw, each window summed in row-major order.
TEST(ChannelsLastKernels, AdaptiveAverageDividesAsATen) {
  constexpr int64_t kC = 37, kH = 7, kW = 5, kOH = 3, kOW = 2;
  Tensor cl = RandomChannelsLast(1, kC, kH, kW, DType::kFloat64, 11);
  std::vector<Tensor> r = RunOp("_adaptive_avg_pool2d", {cl, Ints({kOH, kOW})});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(IsChannelsLast(r[0]));
  auto window = [](int64_t o, int64_t out, int64_t in) {
    return std::pair<int64_t, int64_t>{o * in / out, ((o + 1) * in + out - 1) / out};
  };
  for (int64_t c = 0; c < kC; ++c) {
    for (int64_t o = 0; o < kOH * kOW; ++o) {
      const auto [h0, h1] = window(o / kOW, kOH, kH);
      const auto [w0, w1] = window(o % kOW, kOW, kW);
      double sum = 0;
      for (int64_t i = 0; i < (h1 - h0) * (w1 - w0); ++i) {
        sum += cl.ElementAsDouble((c * kH + h0 + i / (w1 - w0)) * kW + w0 + i % (w1 - w0));
      }
      const double kh = static_cast<double>(h1 - h0), kw = static_cast<double>(w1 - w0);
      const double want = c < 36 ? sum / (kh * kw) : sum / kh / kw;
      ASSERT_EQ(r[0].ElementAsDouble(c * kOH * kOW + o), want) << c << "," << o;
    }
  }
}

// Contiguous float32 pools over rows wide enough for the vector loops,
// against each window visited in row-major order in float: the max (NaN
// wins, first max kept) and 0 + sum / divisor.
TEST(ChannelsLastKernels, ContiguousRowsMatchDirectWindows) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 24; ++trial) {
    const int64_t kh = 1 + rng() % 3, kw = 1 + rng() % 4, sh = 1 + rng() % 2, sw = 1 + rng() % 3;
    const int64_t ph = rng() % (kh / 2 + 1), pw = rng() % (kw / 2 + 1);
    const int64_t dh = 1 + rng() % 2, dw = 1 + rng() % 2;
    const int64_t H = 5 + rng() % 6, W = 30 + rng() % 60;
    Tensor x = Random(Shape{2, H, W}, DType::kFloat32, 100 + trial);
    for (int64_t i = 0; i < x.numel(); i += 7) SetElement(x, i, 0.0);  // ties
    SetElement(x, 3 * W + 17, std::numeric_limits<double>::quiet_NaN());
    for (int64_t i = H * W + 40; i < H * W + 70 && i < 2 * H * W; ++i) {
      SetElement(x, i, -std::numeric_limits<double>::infinity());
    }
    const std::string what = "trial " + std::to_string(trial);
    std::vector<Tensor> m =
        RunOp("max_pool2d_with_indices", {x, Ints({kh, kw}), Ints({sh, sw}), Ints({ph, pw}),
                                          Ints({dh, dw}), Constant(Scalar(false))});
    std::vector<Tensor> a =
        RunOp("avg_pool2d", {x, Ints({kh, kw}), Ints({sh, sw}), Ints({ph, pw}),
                             Constant(Scalar(false)), Constant(Scalar(true)), NoneArg()});
    ASSERT_EQ(m.size(), 2u);
    ASSERT_EQ(a.size(), 1u);
    const int64_t OH = m[0].size(1), OW = m[0].size(2);
    const int64_t AH = a[0].size(1), AW = a[0].size(2);
    const float* xd = x.data<float>();
    for (int64_t p = 0; p < 2; ++p) {
      for (int64_t oh = 0; oh < OH; ++oh) {
        for (int64_t ow = 0; ow < OW; ++ow) {
          float best = -std::numeric_limits<float>::infinity();
          int64_t h0 = oh * sh - ph, w0 = ow * sw - pw;
          while (h0 < 0) h0 += dh;
          while (w0 < 0) w0 += dw;
          int64_t at = h0 * W + w0;
          for (int64_t h = h0; h < std::min(oh * sh - ph + (kh - 1) * dh + 1, H); h += dh) {
            for (int64_t w = w0; w < std::min(ow * sw - pw + (kw - 1) * dw + 1, W); w += dw) {
              const float v = xd[p * H * W + h * W + w];
              if (v > best || std::isnan(v)) {
                best = v;
                at = h * W + w;
              }
            }
          }
          const int64_t o = (p * OH + oh) * OW + ow;
          const double got = m[0].ElementAsDouble(o);
          ASSERT_TRUE(std::isnan(best) ? std::isnan(got) : got == best) << what << " max " << o;
          ASSERT_EQ(m[1].ElementAsDouble(o), at) << what << " index " << o;
        }
      }
      for (int64_t oh = 0; oh < AH; ++oh) {
        for (int64_t ow = 0; ow < AW; ++ow) {
          const int64_t h0 = oh * sh - ph, w0 = ow * sw - pw;
          const int64_t h1 = std::min(h0 + kh, H + ph), w1 = std::min(w0 + kw, W + pw);
          const int64_t div = (h1 - h0) * (w1 - w0);
          float sum = 0;
          for (int64_t h = std::max<int64_t>(h0, 0); h < std::min(h1, H); ++h) {
            for (int64_t w = std::max<int64_t>(w0, 0); w < std::min(w1, W); ++w) {
              sum += xd[p * H * W + h * W + w];
            }
          }
          const float want = 0.0f + sum / static_cast<float>(div);
          const double got = a[0].ElementAsDouble((p * AH + oh) * AW + ow);
          ASSERT_TRUE(std::isnan(want) ? std::isnan(got) : got == want)
              << what << " avg " << oh << "," << ow << ": " << got << " vs " << want;
        }
      }
    }
  }
}

// batch_norm on channels_last (4-d) and channels_last_3d (5-d) inputs:
// eval equals the contiguous kernel bit for bit, training within float
// rounding of it (the sums run in another order), the output keeps the
// input's layout, and the new running stats agree.
TEST(ChannelsLastKernels, BatchNormKeepsTheLayout) {
  uint32_t seed = 40;
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    for (int rank : {4, 5}) {
      const int64_t c = rank == 4 ? 19 : 5;
      const Shape nhwc = rank == 4 ? Shape{3, 6, 7, c} : Shape{2, 3, 4, 5, c};
      const Shape sizes = rank == 4 ? Shape{3, c, 6, 7} : Shape{2, c, 3, 4, 5};
      const Shape strides =
          rank == 4 ? Shape{6 * 7 * c, 1, 7 * c, c} : Shape{3 * 4 * 5 * c, 1, 4 * 5 * c, 5 * c, c};
      Tensor cl = Random(nhwc, dt, seed++, -4, 6).AsStrided(sizes, strides, 0);
      Tensor x = cl.contiguous();
      Tensor w = Random(Shape{c}, dt, seed++), b = Random(Shape{c}, dt, seed++);
      Tensor rm = Random(Shape{c}, dt, seed++), rv = Random(Shape{c}, dt, seed++, 0.5, 2);
      for (bool training : {false, true}) {
        auto args = [&](const Tensor& t) -> std::vector<KernelArg> {
          return {t, w, b, rm, rv, Constant(Scalar(training)), Float(0.25), Float(1e-5)};
        };
        std::vector<Tensor> got = RunOp("batch_norm", args(cl));
        std::vector<Tensor> want = RunOp("batch_norm", args(x));
        ASSERT_EQ(got.size(), 3u);
        EXPECT_EQ(got[0].strides(), cl.strides());
        const std::string what = std::string(tensor::DTypeName(dt)) + " rank " +
                                 std::to_string(rank) + (training ? " train" : " eval");
        if (!training) {
          ExpectSameBits(got[0], want[0], what);
          continue;
        }
        const double tol = dt == DType::kFloat32 ? 2e-5 : 1e-12;
        for (size_t o = 0; o < 3; ++o) {
          for (int64_t i = 0; i < want[o].numel(); ++i) {
            const double g = got[o].ElementAsDouble(i), v = want[o].ElementAsDouble(i);
            ASSERT_NEAR(g, v, tol * (1 + std::abs(v))) << what << " out " << o << " [" << i << "]";
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace tc::kernels::testing
