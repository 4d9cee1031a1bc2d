// layer_norm's backward rows: see layer_norm_backward_simd.h. This file is
// re-included once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/layer_norm_backward_simd.cc"  // relative to the library root
#include "src/layer_norm_backward_simd.h"

#include <cmath>

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

template <typename T>
void RowsT(const T* x, const T* dy, const T* w, T eps, T* dx, T* dw, T* db, int64_t rows,
           int64_t n) {
  namespace f = formulas::HWY_NAMESPACE;
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  for (int64_t r = 0; r < rows; ++r, x += n, dy += n) {
    // The forward's statistics (LayerNormRow), so x_hat is its x_hat.
    const T mean = static_cast<T>(f::BlockedPlainSum(x, n) / n);
    const T var = static_cast<T>(f::SumSquares(x, n, mean) / n);
    const T rstd = T(1) / std::sqrt(var + eps);
    const auto vmean = hn::Set(d, mean), vrstd = hn::Set(d, rstd);
    // Sums of g and g * x_hat, and the parameters' column sums.
    auto sg = hn::Zero(d), sgx = hn::Zero(d);
    T tg = 0, tgx = 0;
    int64_t i = 0;
    for (; i + N <= n; i += N) {
      const auto xh = hn::Mul(hn::Sub(hn::LoadU(d, x + i), vmean), vrstd);
      const auto vdy = hn::LoadU(d, dy + i);
      const auto g = w == nullptr ? vdy : hn::Mul(vdy, hn::LoadU(d, w + i));
      sg = hn::Add(sg, g);
      sgx = hn::MulAdd(g, xh, sgx);
      if (dw != nullptr) hn::StoreU(hn::MulAdd(vdy, xh, hn::LoadU(d, dw + i)), d, dw + i);
      if (db != nullptr) hn::StoreU(hn::Add(hn::LoadU(d, db + i), vdy), d, db + i);
    }
    for (; i < n; ++i) {
      const T xh = (x[i] - mean) * rstd;
      const T g = w == nullptr ? dy[i] : dy[i] * w[i];
      tg += g;
      tgx = std::fma(g, xh, tgx);
      if (dw != nullptr) dw[i] = std::fma(dy[i], xh, dw[i]);
      if (db != nullptr) db[i] += dy[i];
    }
    if (dx == nullptr) continue;
    const T mg = (hn::GetLane(hn::SumOfLanes(d, sg)) + tg) / static_cast<T>(n);
    const T mgx = (hn::GetLane(hn::SumOfLanes(d, sgx)) + tgx) / static_cast<T>(n);
    const auto vmg = hn::Set(d, mg), vmgx = hn::Set(d, mgx);
    for (i = 0; i + N <= n; i += N) {
      const auto xh = hn::Mul(hn::Sub(hn::LoadU(d, x + i), vmean), vrstd);
      const auto vdy = hn::LoadU(d, dy + i);
      const auto g = w == nullptr ? vdy : hn::Mul(vdy, hn::LoadU(d, w + i));
      // rstd * ((g - mean(g)) - x_hat * mean(g * x_hat)): one FMA, as the tail.
      hn::StoreU(hn::Mul(vrstd, hn::NegMulAdd(xh, vmgx, hn::Sub(g, vmg))), d, dx + i);
    }
    for (; i < n; ++i) {
      const T xh = (x[i] - mean) * rstd;
      const T g = w == nullptr ? dy[i] : dy[i] * w[i];
      dx[i] = rstd * std::fma(-xh, mgx, g - mg);
    }
    dx += n;
  }
}

void RowsF32(const float* x, const float* dy, const float* w, float eps, float* dx, float* dw,
             float* db, int64_t rows, int64_t n) {
  RowsT(x, dy, w, eps, dx, dw, db, rows, n);
}
void RowsF64(const double* x, const double* dy, const double* w, double eps, double* dx, double* dw,
             double* db, int64_t rows, int64_t n) {
  RowsT(x, dy, w, eps, dx, dw, db, rows, n);
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(RowsF32);
HWY_EXPORT(RowsF64);

void LayerNormBackwardRows(const float* x, const float* dy, const float* weight, float eps,
                           float* dx, float* dw_acc, float* db_acc, int64_t rows, int64_t n) {
  HWY_DYNAMIC_DISPATCH(RowsF32)(x, dy, weight, eps, dx, dw_acc, db_acc, rows, n);
}
void LayerNormBackwardRows(const double* x, const double* dy, const double* weight, double eps,
                           double* dx, double* dw_acc, double* db_acc, int64_t rows, int64_t n) {
  HWY_DYNAMIC_DISPATCH(RowsF64)(x, dy, weight, eps, dx, dw_acc, db_acc, rows, n);
}
}  // namespace tc::kernels::simd
#endif
