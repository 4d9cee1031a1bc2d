// Highway fused row kernels: see norm_simd.h. This file is re-included once
// per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/norm_simd.cc"  // relative to the library root
#include "src/norm_simd.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include <hwy/aligned_allocator.h>
#include <hwy/cache_control.h>

#include "src/simd.h"

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>
#include "tc/kernels/formulas/unary_math-inl.h"
#include "tc/kernels/formulas/stream_store-inl.h"
#include "tc/kernels/formulas/norm_rows-inl.h"
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The row formulas (tc/kernels/formulas/norm_rows-inl.h), shared with
// generated code.
using formulas::HWY_NAMESPACE::ExpShiftedSum;
using formulas::HWY_NAMESPACE::GroupNormRow;
using formulas::HWY_NAMESPACE::LayerNormRow;
using formulas::HWY_NAMESPACE::RmsNormRow;
using formulas::HWY_NAMESPACE::SoftmaxRow;

template <typename T>
double SumSqT(const T* in, int64_t n, T mean) {
  return formulas::HWY_NAMESPACE::SumSquares(in, n, mean);
}

// One FMA per element (the formula header's AffineRow, spelled out: GCC
// contracted the multiply and add it replaces on FMA targets; compiled
// batch_norm computes the same FMA).
template <typename T>
void ScaleShiftT(const T* in, T alpha, T beta, T* out, int64_t n) {
  formulas::HWY_NAMESPACE::AffineRow(in, alpha, beta, out, n);
}

// `stream`: the rows' outputs are written with streaming stores, fenced
// before returning (norm_simd.h).
template <typename T>
void SoftmaxRowsT(const T* in, T* out, int64_t rows, int64_t n, bool log, bool stream) {
  if (!stream) {
    for (int64_t r = 0; r < rows; ++r, in += n, out += n) SoftmaxRow(in, out, n, log);
    return;
  }
  // softmax's exps, row after row in one cached buffer.
  hwy::AlignedFreeUniquePtr<T[]> scratch = log ? nullptr : hwy::AllocateAligned<T>(n);
  for (int64_t r = 0; r < rows; ++r, in += n, out += n) {
    SoftmaxRow<T, true>(in, out, n, log, scratch.get());
  }
  hwy::FlushStream();
}

template <typename T>
void LayerNormRowsT(const T* in, const T* weight, const T* bias, T eps, T* out, int64_t rows,
                    int64_t n, bool stream) {
  if (!stream) {
    for (int64_t r = 0; r < rows; ++r, in += n, out += n) {
      LayerNormRow(in, weight, bias, eps, out, n);
    }
    return;
  }
  for (int64_t r = 0; r < rows; ++r, in += n, out += n) {
    LayerNormRow<T, true>(in, weight, bias, eps, out, n);
  }
  hwy::FlushStream();
}

template <typename T>
void RmsNormRowsT(const T* in, const T* weight, T eps, T* out, int64_t rows, int64_t n,
                  bool stream) {
  if (!stream) {
    for (int64_t r = 0; r < rows; ++r, in += n, out += n) RmsNormRow(in, weight, eps, out, n);
    return;
  }
  for (int64_t r = 0; r < rows; ++r, in += n, out += n)
    RmsNormRow<T, true>(in, weight, eps, out, n);
  hwy::FlushStream();
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

void SoftmaxF32(const float* in, float* out, int64_t rows, int64_t n, bool log, bool stream) {
  SoftmaxRowsT(in, out, rows, n, log, stream);
}
void SoftmaxF64(const double* in, double* out, int64_t rows, int64_t n, bool log, bool stream) {
  SoftmaxRowsT(in, out, rows, n, log, stream);
}
void LayerNormF32(const float* in, const float* w, const float* b, float eps, float* out,
                  int64_t rows, int64_t n, bool stream) {
  LayerNormRowsT(in, w, b, eps, out, rows, n, stream);
}
void LayerNormF64(const double* in, const double* w, const double* b, double eps, double* out,
                  int64_t rows, int64_t n, bool stream) {
  LayerNormRowsT(in, w, b, eps, out, rows, n, stream);
}
void RmsNormF32(const float* in, const float* w, float eps, float* out, int64_t rows, int64_t n,
                bool stream) {
  RmsNormRowsT(in, w, eps, out, rows, n, stream);
}
void RmsNormF64(const double* in, const double* w, double eps, double* out, int64_t rows, int64_t n,
                bool stream) {
  RmsNormRowsT(in, w, eps, out, rows, n, stream);
}

template <typename T, bool kStream>
void GroupNormRowsT(const T* in, const T* gamma, const T* beta, T eps, T* out, int64_t first_row,
                    int64_t rows, int64_t groups, int64_t channels, int64_t plane) {
  const int64_t n = channels * plane;
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t c0 = ((first_row + r) % groups) * channels;
    GroupNormRow<T, kStream>(in + r * n, gamma == nullptr ? nullptr : gamma + c0,
                             beta == nullptr ? nullptr : beta + c0, eps, out + r * n, channels,
                             plane);
  }
  if (kStream) hwy::FlushStream();
}
template <typename T>
void GroupNormRowsT(const T* in, const T* gamma, const T* beta, T eps, T* out, int64_t first_row,
                    int64_t rows, int64_t groups, int64_t channels, int64_t plane, bool stream) {
  if (stream) {
    GroupNormRowsT<T, true>(in, gamma, beta, eps, out, first_row, rows, groups, channels, plane);
  } else {
    GroupNormRowsT<T, false>(in, gamma, beta, eps, out, first_row, rows, groups, channels, plane);
  }
}
void GroupNormF32(const float* in, const float* gamma, const float* beta, float eps, float* out,
                  int64_t first_row, int64_t rows, int64_t groups, int64_t channels, int64_t plane,
                  bool stream) {
  GroupNormRowsT(in, gamma, beta, eps, out, first_row, rows, groups, channels, plane, stream);
}
void GroupNormF64(const double* in, const double* gamma, const double* beta, double eps,
                  double* out, int64_t first_row, int64_t rows, int64_t groups, int64_t channels,
                  int64_t plane, bool stream) {
  GroupNormRowsT(in, gamma, beta, eps, out, first_row, rows, groups, channels, plane, stream);
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
      hn::StoreU(hn::MulAdd(hn::LoadU(d, x + c), hn::LoadU(d, alpha + c), hn::LoadU(d, beta + c)),
                 d, y + c);
    }
    for (; c < channels; ++c) y[c] = std::fma(x[c], alpha[c], beta[c]);
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
HWY_EXPORT(GroupNormF32);
HWY_EXPORT(GroupNormF64);

void GroupNormRows(const float* in, const float* gamma, const float* beta, float eps, float* out,
                   int64_t first_row, int64_t rows, int64_t groups, int64_t channels, int64_t plane,
                   bool stream) {
  HWY_DYNAMIC_DISPATCH(GroupNormF32)
  (in, gamma, beta, eps, out, first_row, rows, groups, channels, plane, stream);
}
void GroupNormRows(const double* in, const double* gamma, const double* beta, double eps,
                   double* out, int64_t first_row, int64_t rows, int64_t groups, int64_t channels,
                   int64_t plane, bool stream) {
  HWY_DYNAMIC_DISPATCH(GroupNormF64)
  (in, gamma, beta, eps, out, first_row, rows, groups, channels, plane, stream);
}

double ExpShifted(const float* in, float mx, float* out, int64_t n) {
  return HWY_DYNAMIC_DISPATCH(ExpShiftedF32)(in, mx, out, n);
}
double ExpShifted(const double* in, double mx, double* out, int64_t n) {
  return HWY_DYNAMIC_DISPATCH(ExpShiftedF64)(in, mx, out, n);
}
void SoftmaxRows(const float* in, float* out, int64_t rows, int64_t n, bool log, bool stream) {
  HWY_DYNAMIC_DISPATCH(SoftmaxF32)(in, out, rows, n, log, stream);
}
void SoftmaxRows(const double* in, double* out, int64_t rows, int64_t n, bool log, bool stream) {
  HWY_DYNAMIC_DISPATCH(SoftmaxF64)(in, out, rows, n, log, stream);
}
void LayerNormRows(const float* in, const float* weight, const float* bias, float eps, float* out,
                   int64_t rows, int64_t n, bool stream) {
  HWY_DYNAMIC_DISPATCH(LayerNormF32)(in, weight, bias, eps, out, rows, n, stream);
}
void LayerNormRows(const double* in, const double* weight, const double* bias, double eps,
                   double* out, int64_t rows, int64_t n, bool stream) {
  HWY_DYNAMIC_DISPATCH(LayerNormF64)(in, weight, bias, eps, out, rows, n, stream);
}
void RmsNormRows(const float* in, const float* weight, float eps, float* out, int64_t rows,
                 int64_t n, bool stream) {
  HWY_DYNAMIC_DISPATCH(RmsNormF32)(in, weight, eps, out, rows, n, stream);
}
void RmsNormRows(const double* in, const double* weight, double eps, double* out, int64_t rows,
                 int64_t n, bool stream) {
  HWY_DYNAMIC_DISPATCH(RmsNormF64)(in, weight, eps, out, rows, n, stream);
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
