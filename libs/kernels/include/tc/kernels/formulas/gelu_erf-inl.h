// Highway erf and exact GELU for float32, shared by eager's kernels
// (gelu_simd.cc) and the C++ codegen-cpu generates (its prelude embeds this
// file's text: see arith.h for why). Plain C++17 + Highway. Included per
// target after <hwy/highway.h> (Highway's -inl.h convention: the guard
// toggles with HWY_TARGET_TOGGLE; without foreach_target it is an ordinary
// include guard).
#if defined(TC_KERNELS_FORMULAS_GELU_ERF_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TC_KERNELS_FORMULAS_GELU_ERF_INL_H_
#undef TC_KERNELS_FORMULAS_GELU_ERF_INL_H_
#else
#define TC_KERNELS_FORMULAS_GELU_ERF_INL_H_
#endif

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::formulas {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// 1 / sqrt(2) in double, as std::numbers (not C++17) writes sqrt2.
constexpr double kInvSqrt2 = 1.0 / 1.41421356237309504880;

// erf(x) for |x| < 1: x + x * P(x^2); P is a degree-6 least-squares fit of
// erf(x) / x - 1 (relative error 1.2e-9 before rounding the coefficients to
// float). Adding x last keeps tiny inputs exact to the ulp.
constexpr float kErfNear[] = {7.8472621681e-05f,  -8.0081931083e-04f, 5.1880995743e-03f,
                              -2.6853691787e-02f, 1.1283582449e-01f,  -3.7612625957e-01f,
                              1.2837916613e-01f};
// erf(t) for 1 <= t: 1 - exp(Q(t - 2.5)); Q is a degree-10 fit of
// log(erfc(t)) over [1, 4] (absolute error 1.9e-9). t is clamped to 4,
// where erfc is below half a float ulp of 1, so erf rounds to 1.
constexpr float kErfFar[] = {-4.104992257e-08f, -6.582342138e-08f, 1.844966619e-06f,
                             -1.297615654e-05f, 7.693983207e-05f,  -4.207068996e-04f,
                             2.165525686e-03f,  -1.085816510e-02f, -9.438937306e-01f,
                             -5.352680683e+00f, -7.806815147e+00f};

template <class D, class V>
HWY_INLINE V Horner(D d, V x, const float* c, int n) {
  V p = hn::Set(d, c[0]);
  for (int i = 1; i < n; ++i) p = hn::MulAdd(p, x, hn::Set(d, c[i]));
  return p;
}

// A vector whose lanes all lie below 1 (the usual case for activations)
// takes the short form only; otherwise both forms are evaluated and the
// lanes picked. Either way each lane gets the same value. NaN lanes pass
// through.
template <class D, class V>
HWY_INLINE V ErfV(D d, V x) {
  const V t = hn::Abs(x);
  const V near = hn::MulAdd(x, Horner(d, hn::Mul(x, x), kErfNear, 7), x);
  if (hn::AllTrue(d, hn::Lt(t, hn::Set(d, 1.0f)))) return near;
  const V u = hn::Sub(hn::Min(t, hn::Set(d, 4.0f)), hn::Set(d, 2.5f));
  const V far = hn::Sub(hn::Set(d, 1.0f), hn::Exp(d, Horner(d, u, kErfFar, 11)));
  const V e = hn::IfThenElse(hn::Lt(t, hn::Set(d, 1.0f)), near, hn::CopySign(far, x));
  return hn::IfThenElse(hn::IsNaN(x), x, e);
}

// GELU as the scalar kernel writes it: x * 0.5 * (1 + erf(x * (1 / sqrt 2))).
template <class D, class V>
HWY_INLINE V GeluV(D d, V x) {
  const V e = ErfV(d, hn::Mul(x, hn::Set(d, static_cast<float>(kInvSqrt2))));
  return hn::Mul(hn::Mul(x, hn::Set(d, 0.5f)), hn::Add(hn::Set(d, 1.0f), e));
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::formulas
HWY_AFTER_NAMESPACE();

#endif  // TC_KERNELS_FORMULAS_GELU_ERF_INL_H_
