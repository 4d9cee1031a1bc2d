// Highway kernels (dynamic dispatch): see simd.h. This file is re-included
// once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/simd.cc"  // relative to the library root
#include "src/simd.h"

#include <cmath>
#include <limits>
#include <type_traits>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include <hwy/cache_control.h>
#include <hwy/contrib/math/math-inl.h>
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
        [&](int64_t i) { return a[i] + s * b[i]; });
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

// The libm result for one element: used for the tail and for vectors with a
// lane outside the range where Highway's approximation is exact enough.
template <typename T>
T UnaryScalarOne(UnaryOp op, T x) {
  switch (op) {
    case UnaryOp::kExp:
      return std::exp(x);
    case UnaryOp::kLog:
      return std::log(x);
    case UnaryOp::kExpm1:
      return std::expm1(x);
    case UnaryOp::kTanh:
      return std::tanh(x);
    case UnaryOp::kSigmoid:
      return T(1) / (T(1) + std::exp(-x));
    case UnaryOp::kSilu:
      return x / (T(1) + std::exp(-x));
    case UnaryOp::kSqrt:
      return std::sqrt(x);
    case UnaryOp::kRsqrt:
      return T(1) / std::sqrt(x);
    case UnaryOp::kNeg:
      return -x;
    case UnaryOp::kAbs:
      return std::abs(x);
    case UnaryOp::kRelu:
      return x < T(0) ? T(0) : x;
  }
  return x;
}

template <typename T, UnaryOp kOp>
void UnaryLoop(const T* in, T* out, int64_t n) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  // exp overflows above ~88.7 (float) / ~709.8 (double).
  const T exp_limit = sizeof(T) == 4 ? T(87) : T(700);
  const auto lim = hn::Set(d, exp_limit);
  const auto neg_lim = hn::Set(d, -exp_limit);
  const auto zero = hn::Zero(d);
  const auto one = hn::Set(d, T(1));
  const auto min_normal = hn::Set(d, std::numeric_limits<T>::min());
  const auto max_finite = hn::Set(d, std::numeric_limits<T>::max());
  int64_t i = 0;
  for (; i + N <= n; i += N) {
    const auto x = hn::LoadU(d, in + i);
    decltype(hn::Ne(x, x)) bad;  // lanes that need libm
    hn::Vec<decltype(d)> r;
    if constexpr (kOp == UnaryOp::kExp || kOp == UnaryOp::kExpm1 || kOp == UnaryOp::kSigmoid ||
                  kOp == UnaryOp::kSilu) {
      bad = hn::Not(hn::And(hn::Lt(x, lim), hn::Gt(x, neg_lim)));
      if constexpr (kOp == UnaryOp::kExp) r = hn::Exp(d, x);
      // Highway's Expm1 gives +0 for -0; expm1(-0) is -0 (IEEE 754, libm,
      // PyTorch): zeros pass through.
      if constexpr (kOp == UnaryOp::kExpm1) r = hn::IfThenElse(hn::Eq(x, zero), x, hn::Expm1(d, x));
      if constexpr (kOp == UnaryOp::kSigmoid)
        r = hn::Div(one, hn::Add(one, hn::Exp(d, hn::Neg(x))));
      if constexpr (kOp == UnaryOp::kSilu) r = hn::Div(x, hn::Add(one, hn::Exp(d, hn::Neg(x))));
    } else if constexpr (kOp == UnaryOp::kLog) {
      bad = hn::Not(hn::And(hn::Ge(x, min_normal), hn::Le(x, max_finite)));
      r = hn::Log(d, x);
    } else if constexpr (kOp == UnaryOp::kTanh) {
      bad = hn::IsNaN(x);
      r = hn::Tanh(d, x);
    } else {
      bad = hn::Ne(zero, zero);
      if constexpr (kOp == UnaryOp::kSqrt) r = hn::Sqrt(x);
      if constexpr (kOp == UnaryOp::kRsqrt) r = hn::Div(one, hn::Sqrt(x));
      if constexpr (kOp == UnaryOp::kNeg) r = hn::Neg(x);
      if constexpr (kOp == UnaryOp::kAbs) r = hn::Abs(x);
      if constexpr (kOp == UnaryOp::kRelu) r = hn::IfThenElse(hn::Lt(x, zero), zero, x);
    }
    if (HWY_UNLIKELY(!hn::AllFalse(d, bad))) {
      for (int64_t j = 0; j < N; ++j) out[i + j] = UnaryScalarOne(kOp, in[i + j]);
    } else {
      hn::StoreU(r, d, out + i);
    }
  }
  for (; i < n; ++i) out[i] = UnaryScalarOne(kOp, in[i]);
}

template <typename T>
void UnaryT(UnaryOp op, const T* in, T* out, int64_t n) {
  WithOp<UnaryOp::kExp, UnaryOp::kRelu>(op, [&]<UnaryOp kOp>() { UnaryLoop<T, kOp>(in, out, n); });
}

void UnaryF32(UnaryOp op, const float* in, float* out, int64_t n) { UnaryT(op, in, out, n); }
void UnaryF64(UnaryOp op, const double* in, double* out, int64_t n) { UnaryT(op, in, out, n); }

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
  HWY_DYNAMIC_DISPATCH(UnaryF32)(op, in, out, n);
}
void Unary(UnaryOp op, const double* in, double* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(UnaryF64)(op, in, out, n);
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
