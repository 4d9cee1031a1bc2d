// Highway fused row kernels: see norm_simd.h. This file is re-included once
// per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/norm_simd.cc"  // relative to the library root
#include "src/norm_simd.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "src/simd.h"

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>
#include "src/simd_sum-inl.h"
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out[i] = exp(in[i] - mx), returning the sum of the outputs. Lanes outside
// Highway's exact range (very negative, NaN) take libm's exp.
template <typename T>
HWY_INLINE double ExpShiftedSum(const T* in, T mx, T* out, int64_t n) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const auto vmx = hn::Set(d, mx);
  const auto neg_lim = hn::Set(d, sizeof(T) == 4 ? T(-87) : T(-700));
  int64_t i = 0;
  for (; i + N <= n; i += N) {
    const auto x = hn::Sub(hn::LoadU(d, in + i), vmx);
    if (HWY_UNLIKELY(!hn::AllTrue(d, hn::Gt(x, neg_lim)))) {
      for (int64_t j = 0; j < N; ++j) out[i + j] = std::exp(in[i + j] - mx);
    } else {
      hn::StoreU(hn::Exp(d, x), d, out + i);
    }
  }
  for (; i < n; ++i) out[i] = std::exp(in[i] - mx);
  return BlockedSum(
      out, n, [](auto v) HWY_ATTR { return v; }, [](T v) { return v; });
}

// out[i] = (in[i] + add) * mul, then * weight[i], then + bias[i] (either
// may be null): the affine tail shared by layer_norm (add = -mean) and
// rms_norm (add = 0).
template <typename T>
HWY_INLINE void ShiftScale(const T* in, T add, T mul, const T* weight, const T* bias, T* out,
                           int64_t n) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const auto va = hn::Set(d, add), vm = hn::Set(d, mul);
  int64_t i = 0;
  for (; i + N <= n; i += N) {
    auto y = hn::Mul(hn::Add(hn::LoadU(d, in + i), va), vm);
    if (weight != nullptr) y = hn::Mul(y, hn::LoadU(d, weight + i));
    if (bias != nullptr) y = hn::Add(y, hn::LoadU(d, bias + i));
    hn::StoreU(y, d, out + i);
  }
  for (; i < n; ++i) {
    T y = (in[i] + add) * mul;
    if (weight != nullptr) y = y * weight[i];
    if (bias != nullptr) y = y + bias[i];
    out[i] = y;
  }
}

template <typename T>
double SumSqT(const T* in, int64_t n, T mean) {
  const hn::ScalableTag<T> d;
  const auto vmean = hn::Set(d, mean);
  return BlockedSum(
      in, n,
      [&](auto v) HWY_ATTR {
        const auto c = hn::Sub(v, vmean);
        return hn::Mul(c, c);
      },
      [&](T v) { return (v - mean) * (v - mean); });
}

template <typename T>
void ScaleShiftT(const T* in, T alpha, T beta, T* out, int64_t n) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const auto va = hn::Set(d, alpha), vb = hn::Set(d, beta);
  int64_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(hn::Add(hn::Mul(hn::LoadU(d, in + i), va), vb), d, out + i);
  for (; i < n; ++i) out[i] = in[i] * alpha + beta;
}

template <typename T>
void SoftmaxRowsT(const T* in, T* out, int64_t rows, int64_t n, bool log) {
  const hn::ScalableTag<T> d;
  for (int64_t r = 0; r < rows; ++r, in += n, out += n) {
    // simd.h's max: NaN when any element is NaN (ATen's vec maximum
    // propagates NaN, so a NaN row softmaxes to NaN everywhere).
    const T mx = simd::MaxMin(in, n, /*is_max=*/true);
    const T sum = static_cast<T>(ExpShiftedSum(in, mx, out, n));
    if (log) {
      const T lse = std::log(sum);
      ShiftScale<T>(in, -mx, T(1), nullptr, nullptr, out, n);  // x - max
      const auto vl = hn::Set(d, lse);
      const int64_t N = static_cast<int64_t>(hn::Lanes(d));
      int64_t i = 0;
      for (; i + N <= n; i += N) hn::StoreU(hn::Sub(hn::LoadU(d, out + i), vl), d, out + i);
      for (; i < n; ++i) out[i] -= lse;
    } else {
      ShiftScale<T>(out, T(0), T(1) / sum, nullptr, nullptr, out, n);
    }
  }
}

template <typename T>
void LayerNormRowsT(const T* in, const T* weight, const T* bias, T eps, T* out, int64_t rows,
                    int64_t n) {
  for (int64_t r = 0; r < rows; ++r, in += n, out += n) {
    const T mean =
        static_cast<T>(BlockedSum(
                           in, n, [](auto v) HWY_ATTR { return v; }, [](T v) { return v; }) /
                       n);
    const T var = static_cast<T>(SumSqT(in, n, mean) / n);
    const T rstd = T(1) / std::sqrt(var + eps);
    ShiftScale(in, -mean, rstd, weight, bias, out, n);
  }
}

template <typename T>
void RmsNormRowsT(const T* in, const T* weight, T eps, T* out, int64_t rows, int64_t n) {
  for (int64_t r = 0; r < rows; ++r, in += n, out += n) {
    const double ss = BlockedSum(
        in, n, [](auto v) HWY_ATTR { return hn::Mul(v, v); }, [](T v) { return v * v; });
    const T ms = static_cast<T>(ss / n);
    const T rstd = T(1) / std::sqrt(ms + eps);
    ShiftScale<T>(in, T(0), rstd, weight, nullptr, out, n);
  }
}

double SumSqF32(const float* in, int64_t n, float mean) { return SumSqT(in, n, mean); }
double SumSqF64(const double* in, int64_t n, double mean) { return SumSqT(in, n, mean); }
void ScaleShiftF32(const float* in, float alpha, float beta, float* out, int64_t n) {
  ScaleShiftT(in, alpha, beta, out, n);
}
void ScaleShiftF64(const double* in, double alpha, double beta, double* out, int64_t n) {
  ScaleShiftT(in, alpha, beta, out, n);
}

double ExpShiftedF32(const float* in, float mx, float* out, int64_t n) {
  return ExpShiftedSum(in, mx, out, n);
}
double ExpShiftedF64(const double* in, double mx, double* out, int64_t n) {
  return ExpShiftedSum(in, mx, out, n);
}

void SoftmaxF32(const float* in, float* out, int64_t rows, int64_t n, bool log) {
  SoftmaxRowsT(in, out, rows, n, log);
}
void SoftmaxF64(const double* in, double* out, int64_t rows, int64_t n, bool log) {
  SoftmaxRowsT(in, out, rows, n, log);
}
void LayerNormF32(const float* in, const float* w, const float* b, float eps, float* out,
                  int64_t rows, int64_t n) {
  LayerNormRowsT(in, w, b, eps, out, rows, n);
}
void LayerNormF64(const double* in, const double* w, const double* b, double eps, double* out,
                  int64_t rows, int64_t n) {
  LayerNormRowsT(in, w, b, eps, out, rows, n);
}
void RmsNormF32(const float* in, const float* w, float eps, float* out, int64_t rows, int64_t n) {
  RmsNormRowsT(in, w, eps, out, rows, n);
}
void RmsNormF64(const double* in, const double* w, double eps, double* out, int64_t rows,
                int64_t n) {
  RmsNormRowsT(in, w, eps, out, rows, n);
}

// --- batch_norm over channels-last rows (see norm_simd.h) ---

template <typename T>
void ChannelSumsT(const T* in, int64_t rows, int64_t channels, const T* mean, T* acc) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  for (int64_t r = 0; r < rows; ++r) {
    const T* row = in + r * channels;
    int64_t c = 0;
    if (mean != nullptr) {
      for (; c + N <= channels; c += N) {
        const auto dev = hn::Sub(hn::LoadU(d, row + c), hn::LoadU(d, mean + c));
        hn::StoreU(hn::Add(hn::LoadU(d, acc + c), hn::Mul(dev, dev)), d, acc + c);
      }
      for (; c < channels; ++c) {
        const T dev = row[c] - mean[c];
        acc[c] += dev * dev;
      }
    } else {
      for (; c + N <= channels; c += N) {
        hn::StoreU(hn::Add(hn::LoadU(d, acc + c), hn::LoadU(d, row + c)), d, acc + c);
      }
      for (; c < channels; ++c) acc[c] += row[c];
    }
  }
}

template <typename T>
void ScaleShiftChannelsT(const T* in, const T* alpha, const T* beta, T* out, int64_t rows,
                         int64_t channels) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  for (int64_t r = 0; r < rows; ++r) {
    const T* x = in + r * channels;
    T* y = out + r * channels;
    int64_t c = 0;
    for (; c + N <= channels; c += N) {
      hn::StoreU(
          hn::Add(hn::Mul(hn::LoadU(d, x + c), hn::LoadU(d, alpha + c)), hn::LoadU(d, beta + c)), d,
          y + c);
    }
    for (; c < channels; ++c) y[c] = x[c] * alpha[c] + beta[c];
  }
}

void ChannelSumsF32(const float* in, int64_t rows, int64_t channels, const float* mean,
                    float* acc) {
  ChannelSumsT(in, rows, channels, mean, acc);
}
void ChannelSumsF64(const double* in, int64_t rows, int64_t channels, const double* mean,
                    double* acc) {
  ChannelSumsT(in, rows, channels, mean, acc);
}
void ScaleShiftChannelsF32(const float* in, const float* alpha, const float* beta, float* out,
                           int64_t rows, int64_t channels) {
  ScaleShiftChannelsT(in, alpha, beta, out, rows, channels);
}
void ScaleShiftChannelsF64(const double* in, const double* alpha, const double* beta, double* out,
                           int64_t rows, int64_t channels) {
  ScaleShiftChannelsT(in, alpha, beta, out, rows, channels);
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(ExpShiftedF32);
HWY_EXPORT(ExpShiftedF64);
HWY_EXPORT(SoftmaxF32);
HWY_EXPORT(SoftmaxF64);
HWY_EXPORT(LayerNormF32);
HWY_EXPORT(LayerNormF64);
HWY_EXPORT(RmsNormF32);
HWY_EXPORT(RmsNormF64);
HWY_EXPORT(SumSqF32);
HWY_EXPORT(SumSqF64);
HWY_EXPORT(ScaleShiftF32);
HWY_EXPORT(ScaleShiftF64);

double ExpShifted(const float* in, float mx, float* out, int64_t n) {
  return HWY_DYNAMIC_DISPATCH(ExpShiftedF32)(in, mx, out, n);
}
double ExpShifted(const double* in, double mx, double* out, int64_t n) {
  return HWY_DYNAMIC_DISPATCH(ExpShiftedF64)(in, mx, out, n);
}
void SoftmaxRows(const float* in, float* out, int64_t rows, int64_t n, bool log) {
  HWY_DYNAMIC_DISPATCH(SoftmaxF32)(in, out, rows, n, log);
}
void SoftmaxRows(const double* in, double* out, int64_t rows, int64_t n, bool log) {
  HWY_DYNAMIC_DISPATCH(SoftmaxF64)(in, out, rows, n, log);
}
void LayerNormRows(const float* in, const float* weight, const float* bias, float eps, float* out,
                   int64_t rows, int64_t n) {
  HWY_DYNAMIC_DISPATCH(LayerNormF32)(in, weight, bias, eps, out, rows, n);
}
void LayerNormRows(const double* in, const double* weight, const double* bias, double eps,
                   double* out, int64_t rows, int64_t n) {
  HWY_DYNAMIC_DISPATCH(LayerNormF64)(in, weight, bias, eps, out, rows, n);
}
void RmsNormRows(const float* in, const float* weight, float eps, float* out, int64_t rows,
                 int64_t n) {
  HWY_DYNAMIC_DISPATCH(RmsNormF32)(in, weight, eps, out, rows, n);
}
void RmsNormRows(const double* in, const double* weight, double eps, double* out, int64_t rows,
                 int64_t n) {
  HWY_DYNAMIC_DISPATCH(RmsNormF64)(in, weight, eps, out, rows, n);
}
double SumSq(const float* in, int64_t n, float mean) {
  return HWY_DYNAMIC_DISPATCH(SumSqF32)(in, n, mean);
}
double SumSq(const double* in, int64_t n, double mean) {
  return HWY_DYNAMIC_DISPATCH(SumSqF64)(in, n, mean);
}
void ScaleShift(const float* in, float alpha, float beta, float* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(ScaleShiftF32)(in, alpha, beta, out, n);
}
void ScaleShift(const double* in, double alpha, double beta, double* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(ScaleShiftF64)(in, alpha, beta, out, n);
}

HWY_EXPORT(ChannelSumsF32);
HWY_EXPORT(ChannelSumsF64);
HWY_EXPORT(ScaleShiftChannelsF32);
HWY_EXPORT(ScaleShiftChannelsF64);

void ChannelSums(const float* in, int64_t rows, int64_t channels, const float* mean, float* acc) {
  HWY_DYNAMIC_DISPATCH(ChannelSumsF32)(in, rows, channels, mean, acc);
}
void ChannelSums(const double* in, int64_t rows, int64_t channels, const double* mean,
                 double* acc) {
  HWY_DYNAMIC_DISPATCH(ChannelSumsF64)(in, rows, channels, mean, acc);
}
void ScaleShiftChannels(const float* in, const float* alpha, const float* beta, float* out,
                        int64_t rows, int64_t channels) {
  HWY_DYNAMIC_DISPATCH(ScaleShiftChannelsF32)(in, alpha, beta, out, rows, channels);
}
void ScaleShiftChannels(const double* in, const double* alpha, const double* beta, double* out,
                        int64_t rows, int64_t channels) {
  HWY_DYNAMIC_DISPATCH(ScaleShiftChannelsF64)(in, alpha, beta, out, rows, channels);
}
}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
