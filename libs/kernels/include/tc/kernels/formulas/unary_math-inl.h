// float32/float64 exp, expm1, log, tanh, sigmoid and silu, shared by eager's
// kernels (simd.cc) and the C++ codegen-cpu generates (its prelude embeds
// this file's text: see arith.h for why). Each lane gets Highway's
// hwy/contrib/math function where that is accurate and libm's (std::) on
// the lanes outside that range, lane by lane: an element's value depends
// only on its input, never on where it sits (a vector, a tail, a strided
// loop, a thread's chunk), so eager and fused generated code, which split
// the same tensor differently, compute every element alike.
// Plain C++17 + Highway. Included per target after <hwy/highway.h>
// (Highway's -inl.h convention: the guard toggles with HWY_TARGET_TOGGLE;
// without foreach_target it is an ordinary include guard).
#if defined(TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_
#undef TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_
#else
#define TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_
#endif

#include <cmath>
#include <limits>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::formulas {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// r, with libm(x) on the lanes marked `bad`.
template <class D, class M, class F>
HWY_INLINE hn::Vec<D> WithLibm(D d, hn::Vec<D> x, hn::Vec<D> r, M bad, F libm) {
  if (HWY_LIKELY(hn::AllFalse(d, bad))) return r;
  using T = hn::TFromD<D>;
  HWY_ALIGN T lanes[hn::MaxLanes(d)];
  hn::Store(x, d, lanes);
  for (size_t j = 0; j < hn::Lanes(d); ++j) lanes[j] = libm(lanes[j]);
  return hn::IfThenElse(bad, hn::Load(d, lanes), r);
}

// Lanes where Highway's Exp is not used: |x| >= 87 (float) / 700 (double),
// where exp overflows or goes subnormal, and NaN.
template <class D>
HWY_INLINE auto ExpOutOfRange(D d, hn::Vec<D> x) {
  using T = hn::TFromD<D>;
  const T lim = sizeof(T) == 4 ? T(87) : T(700);
  return hn::Not(hn::And(hn::Lt(x, hn::Set(d, lim)), hn::Gt(x, hn::Set(d, -lim))));
}

template <class D>
HWY_INLINE hn::Vec<D> ExpV(D d, hn::Vec<D> x) {
  return WithLibm(d, x, hn::Exp(d, x), ExpOutOfRange(d, x),
                  [](hn::TFromD<D> v) { return std::exp(v); });
}

// Highway's Expm1 gives +0 for -0; expm1(-0) is -0 (IEEE 754, libm,
// PyTorch): zeros pass through.
template <class D>
HWY_INLINE hn::Vec<D> Expm1V(D d, hn::Vec<D> x) {
  const hn::Vec<D> r = hn::IfThenElse(hn::Eq(x, hn::Zero(d)), x, hn::Expm1(d, x));
  return WithLibm(d, x, r, ExpOutOfRange(d, x), [](hn::TFromD<D> v) { return std::expm1(v); });
}

// 1 / (1 + exp(-x)): libm's form on the lanes where exp(-x) would be.
template <class D>
HWY_INLINE hn::Vec<D> SigmoidV(D d, hn::Vec<D> x) {
  using T = hn::TFromD<D>;
  const hn::Vec<D> one = hn::Set(d, T(1));
  const hn::Vec<D> r = hn::Div(one, hn::Add(one, hn::Exp(d, hn::Neg(x))));
  return WithLibm(d, x, r, ExpOutOfRange(d, x), [](T v) { return T(1) / (T(1) + std::exp(-v)); });
}

// x / (1 + exp(-x)).
template <class D>
HWY_INLINE hn::Vec<D> SiluV(D d, hn::Vec<D> x) {
  using T = hn::TFromD<D>;
  const hn::Vec<D> r = hn::Div(x, hn::Add(hn::Set(d, T(1)), hn::Exp(d, hn::Neg(x))));
  return WithLibm(d, x, r, ExpOutOfRange(d, x), [](T v) { return v / (T(1) + std::exp(-v)); });
}

// libm below the smallest normal number (zero, subnormals, negatives),
// above the largest finite one, and for NaN.
template <class D>
HWY_INLINE hn::Vec<D> LogV(D d, hn::Vec<D> x) {
  using T = hn::TFromD<D>;
  const auto bad = hn::Not(hn::And(hn::Ge(x, hn::Set(d, std::numeric_limits<T>::min())),
                                   hn::Le(x, hn::Set(d, std::numeric_limits<T>::max()))));
  return WithLibm(d, x, hn::Log(d, x), bad, [](T v) { return std::log(v); });
}

template <class D>
HWY_INLINE hn::Vec<D> TanhV(D d, hn::Vec<D> x) {
  return WithLibm(d, x, hn::Tanh(d, x), hn::IsNaN(x), [](hn::TFromD<D> v) { return std::tanh(v); });
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::formulas
HWY_AFTER_NAMESPACE();

#endif  // TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_
