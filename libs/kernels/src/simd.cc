// Highway kernels (dynamic dispatch): see simd.h. This file is re-included
// once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/simd.cc"  // relative to the library root
#include "src/simd.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include <hwy/cache_control.h>
#include <hwy/contrib/math/math-inl.h>
#include "tc/kernels/formulas/unary_math-inl.h"
#include "tc/kernels/formulas/norm_rows-inl.h"
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <typename T, typename D, typename V>
HWY_INLINE V BinaryVec(BinaryOp op, D d, V a, V b) {
  switch (op) {
    case BinaryOp::kAdd:
      return hn::Add(a, b);
    case BinaryOp::kSub:
      return hn::Sub(a, b);
    case BinaryOp::kMul:
      return hn::Mul(a, b);
    case BinaryOp::kDiv:
      return hn::Div(a, b);
    case BinaryOp::kMaximum:
    case BinaryOp::kMinimum: {
      V r = op == BinaryOp::kMaximum ? hn::Max(a, b) : hn::Min(a, b);
      // NaN propagates, as in torch.maximum.
      r = hn::IfThenElse(hn::IsNaN(b), b, r);
      return hn::IfThenElse(hn::IsNaN(a), a, r);
    }
  }
  (void)d;
  return a;
}

template <typename T>
T BinaryScalarOne(BinaryOp op, T a, T b) {
  switch (op) {
    case BinaryOp::kAdd:
      return a + b;
    case BinaryOp::kSub:
      return a - b;
    case BinaryOp::kMul:
      return a * b;
    case BinaryOp::kDiv:
      return a / b;
    case BinaryOp::kMaximum:
      return std::isnan(a) ? a : (std::isnan(b) ? b : (a < b ? b : a));
    case BinaryOp::kMinimum:
      return std::isnan(a) ? a : (std::isnan(b) ? b : (b < a ? b : a));
  }
  return a;
}

// Outputs at least this large (per chunk) are written with non-temporal
// stores: they would not stay in cache anyway, and streaming them skips the
// read-for-ownership of every output line (a third less DRAM traffic for a
// binary op).
constexpr int64_t kStreamBytes = int64_t{4} << 20;

// out[i] = vec(i) for whole vectors, scalar(i) for the rest; streams the
// stores when the output is large.
template <typename T, class D, class VecFn, class ScalarFn>
HWY_INLINE void MapOut(D d, T* out, int64_t n, VecFn&& vec, ScalarFn&& scalar) {
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  if (n * static_cast<int64_t>(sizeof(T)) >= kStreamBytes) {
    const uintptr_t align = static_cast<uintptr_t>(N) * sizeof(T);
    for (; i < n && reinterpret_cast<uintptr_t>(out + i) % align != 0; ++i) out[i] = scalar(i);
    for (; i + N <= n; i += N) hn::Stream(vec(i), d, out + i);
    hwy::FlushStream();
  } else {
    for (; i + N <= n; i += N) hn::StoreU(vec(i), d, out + i);
  }
  for (; i < n; ++i) out[i] = scalar(i);
}

template <BinaryOp kOp, typename T>
void BinaryLoop(const T* a, const T* b, T* out, int64_t n) {
  const hn::ScalableTag<T> d;
  MapOut(
      d, out, n,
      [&](int64_t i)
          HWY_ATTR { return BinaryVec<T>(kOp, d, hn::LoadU(d, a + i), hn::LoadU(d, b + i)); },
      [&](int64_t i) { return BinaryScalarOne(kOp, a[i], b[i]); });
}

template <BinaryOp kOp, typename T>
void BinaryScalarLoop(const T* a, T b, T* out, int64_t n) {
  const hn::ScalableTag<T> d;
  const auto vb = hn::Set(d, b);
  MapOut(
      d, out, n, [&](int64_t i) HWY_ATTR { return BinaryVec<T>(kOp, d, hn::LoadU(d, a + i), vb); },
      [&](int64_t i) { return BinaryScalarOne(kOp, a[i], b); });
}

// Calls f.template operator()<kOp>() with `op` as a compile-time constant,
// so the per-vector switches (BinaryVec) and branches (UnaryLoop) fold away:
// tries kOp = kFirst, then the following members up to kLast.
template <auto kFirst, auto kLast, class F>
HWY_INLINE void WithOp(decltype(kFirst) op, F&& f) {
  if constexpr (kFirst == kLast) {
    f.template operator()<kFirst>();
  } else if (op == kFirst) {
    f.template operator()<kFirst>();
  } else {
    constexpr auto kNext = static_cast<decltype(kFirst)>(static_cast<int>(kFirst) + 1);
    WithOp<kNext, kLast>(op, f);
  }
}

template <class F>
HWY_INLINE void WithBinaryOp(BinaryOp op, F&& f) {
  WithOp<BinaryOp::kAdd, BinaryOp::kMinimum>(op, f);
}

template <typename T>
void BinaryT(BinaryOp op, const T* a, const T* b, T alpha, T* out, int64_t n) {
  if ((op == BinaryOp::kAdd || op == BinaryOp::kSub) && alpha != T(1)) {
    const hn::ScalableTag<T> d;
    const T s = op == BinaryOp::kAdd ? alpha : -alpha;
    const auto va = hn::Set(d, s);
    MapOut(
        d, out, n,
        [&](int64_t i)
            HWY_ATTR { return hn::MulAdd(va, hn::LoadU(d, b + i), hn::LoadU(d, a + i)); },
        // The tail as one FMA too (explicit: contraction is up to the
        // compiler), as eager's strided loop and generated code compute it.
        [&](int64_t i) { return std::fma(s, b[i], a[i]); });
    return;
  }
  WithBinaryOp(op, [&]<BinaryOp kOp>() { BinaryLoop<kOp>(a, b, out, n); });
}

template <typename T>
void BinaryScalarT(BinaryOp op, const T* a, T b, T* out, int64_t n) {
  WithBinaryOp(op, [&]<BinaryOp kOp>() { BinaryScalarLoop<kOp>(a, b, out, n); });
}

void BinaryF32(BinaryOp op, const float* a, const float* b, float alpha, float* out, int64_t n) {
  BinaryT(op, a, b, alpha, out, n);
}
void BinaryF64(BinaryOp op, const double* a, const double* b, double alpha, double* out,
               int64_t n) {
  BinaryT(op, a, b, alpha, out, n);
}
void BinaryScalarF32(BinaryOp op, const float* a, float b, float* out, int64_t n) {
  BinaryScalarT(op, a, b, out, n);
}
void BinaryScalarF64(BinaryOp op, const double* a, double b, double* out, int64_t n) {
  BinaryScalarT(op, a, b, out, n);
}

// One vector of op's results: the formulas shared with generated code
// (unary_math-inl.h), which give each lane the same value wherever it sits.
template <UnaryOp kOp, class D>
HWY_INLINE hn::Vec<D> UnaryVec(D d, hn::Vec<D> x) {
  namespace f = formulas::HWY_NAMESPACE;
  using T = hn::TFromD<D>;
  if constexpr (kOp == UnaryOp::kExp) return f::ExpV(d, x);
  if constexpr (kOp == UnaryOp::kLog) return f::LogV(d, x);
  if constexpr (kOp == UnaryOp::kExpm1) return f::Expm1V(d, x);
  if constexpr (kOp == UnaryOp::kTanh) return f::TanhV(d, x);
  if constexpr (kOp == UnaryOp::kSigmoid) return f::SigmoidV(d, x);
  if constexpr (kOp == UnaryOp::kSilu) return f::SiluV(d, x);
  if constexpr (kOp == UnaryOp::kSqrt) return hn::Sqrt(x);
  if constexpr (kOp == UnaryOp::kRsqrt) return hn::Div(hn::Set(d, T(1)), hn::Sqrt(x));
  if constexpr (kOp == UnaryOp::kNeg) return hn::Neg(x);
  if constexpr (kOp == UnaryOp::kAbs) return hn::Abs(x);
  if constexpr (kOp == UnaryOp::kRelu)
    return hn::IfThenElse(hn::Lt(x, hn::Zero(d)), hn::Zero(d), x);
  return x;
}

// out[i * out_stride] = op(in[i * in_stride]) for n elements: whole vectors
// loaded directly when both strides are 1, the rest (a tail, or strided
// elements) gathered into a padded vector, so every element takes the
// vector formula.
template <typename T, UnaryOp kOp>
void UnaryLoop(const T* in, int64_t in_stride, T* out, int64_t out_stride, int64_t n) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  if (in_stride == 1 && out_stride == 1) {
    for (; i + N <= n; i += N) hn::StoreU(UnaryVec<kOp>(d, hn::LoadU(d, in + i)), d, out + i);
  }
  HWY_ALIGN T buf[hn::MaxLanes(d)] = {};
  for (; i < n; i += N) {
    const int64_t m = std::min(N, n - i);
    for (int64_t j = 0; j < m; ++j) buf[j] = in[(i + j) * in_stride];
    hn::Store(UnaryVec<kOp>(d, hn::Load(d, buf)), d, buf);
    for (int64_t j = 0; j < m; ++j) out[(i + j) * out_stride] = buf[j];
  }
}

template <typename T>
void UnaryT(UnaryOp op, const T* in, int64_t in_stride, T* out, int64_t out_stride, int64_t n) {
  WithOp<UnaryOp::kExp, UnaryOp::kRelu>(
      op, [&]<UnaryOp kOp>() { UnaryLoop<T, kOp>(in, in_stride, out, out_stride, n); });
}

void UnaryF32(UnaryOp op, const float* in, int64_t in_stride, float* out, int64_t out_stride,
              int64_t n) {
  UnaryT(op, in, in_stride, out, out_stride, n);
}
void UnaryF64(UnaryOp op, const double* in, int64_t in_stride, double* out, int64_t out_stride,
              int64_t n) {
  UnaryT(op, in, in_stride, out, out_stride, n);
}

// Accurate and memory-bound: the row formulas' BlockedPlainSum
// (tc/kernels/formulas/norm_rows-inl.h).
template <typename T>
double SumT(const T* in, int64_t n) {
  return formulas::HWY_NAMESPACE::BlockedPlainSum(in, n);
}

double SumF32(const float* in, int64_t n) { return SumT(in, n); }
double SumF64(const double* in, int64_t n) { return SumT(in, n); }

// The NaN-propagating max/min the row formulas use for softmax's max.
template <typename T>
T MaxMinT(const T* in, int64_t n, bool is_max) {
  return formulas::HWY_NAMESPACE::MaxMin(in, n, is_max);
}

float MaxMinF32(const float* in, int64_t n, bool is_max) { return MaxMinT(in, n, is_max); }
double MaxMinF64(const double* in, int64_t n, bool is_max) { return MaxMinT(in, n, is_max); }

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(BinaryF32);
HWY_EXPORT(BinaryF64);
HWY_EXPORT(BinaryScalarF32);
HWY_EXPORT(BinaryScalarF64);
HWY_EXPORT(UnaryF32);
HWY_EXPORT(UnaryF64);
HWY_EXPORT(SumF32);
HWY_EXPORT(SumF64);
HWY_EXPORT(MaxMinF32);
HWY_EXPORT(MaxMinF64);

void Binary(BinaryOp op, const float* a, const float* b, float alpha, float* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(BinaryF32)(op, a, b, alpha, out, n);
}
void Binary(BinaryOp op, const double* a, const double* b, double alpha, double* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(BinaryF64)(op, a, b, alpha, out, n);
}
void BinaryScalar(BinaryOp op, const float* a, float b, float* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(BinaryScalarF32)(op, a, b, out, n);
}
void BinaryScalar(BinaryOp op, const double* a, double b, double* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(BinaryScalarF64)(op, a, b, out, n);
}
bool HasUnary(UnaryOp) { return true; }
void Unary(UnaryOp op, const float* in, float* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(UnaryF32)(op, in, 1, out, 1, n);
}
void Unary(UnaryOp op, const double* in, double* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(UnaryF64)(op, in, 1, out, 1, n);
}
void UnaryStrided(UnaryOp op, const float* in, int64_t in_stride, float* out, int64_t out_stride,
                  int64_t n) {
  HWY_DYNAMIC_DISPATCH(UnaryF32)(op, in, in_stride, out, out_stride, n);
}
void UnaryStrided(UnaryOp op, const double* in, int64_t in_stride, double* out, int64_t out_stride,
                  int64_t n) {
  HWY_DYNAMIC_DISPATCH(UnaryF64)(op, in, in_stride, out, out_stride, n);
}
double Sum(const float* in, int64_t n) { return HWY_DYNAMIC_DISPATCH(SumF32)(in, n); }
double Sum(const double* in, int64_t n) { return HWY_DYNAMIC_DISPATCH(SumF64)(in, n); }
float MaxMin(const float* in, int64_t n, bool is_max) {
  return HWY_DYNAMIC_DISPATCH(MaxMinF32)(in, n, is_max);
}
double MaxMin(const double* in, int64_t n, bool is_max) {
  return HWY_DYNAMIC_DISPATCH(MaxMinF64)(in, n, is_max);
}
}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
