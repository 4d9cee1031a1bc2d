// Highway erf and exact GELU: see gelu_simd.h. This file is re-included
// once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/gelu_simd.cc"  // relative to the library root
#include "src/gelu_simd.h"

#include <algorithm>
#include <cmath>
#include <numbers>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// erf(x) for |x| < 1: x + x * P(x^2); P is a degree-6 least-squares fit of
// erf(x) / x - 1 (relative error 1.2e-9 before rounding the coefficients to
// float). Adding x last keeps tiny inputs exact to the ulp.
constexpr float kNear[] = {7.8472621681e-05f,  -8.0081931083e-04f, 5.1880995743e-03f,
                           -2.6853691787e-02f, 1.1283582449e-01f,  -3.7612625957e-01f,
                           1.2837916613e-01f};
// erf(t) for 1 <= t: 1 - exp(Q(t - 2.5)); Q is a degree-10 fit of
// log(erfc(t)) over [1, 4] (absolute error 1.9e-9). t is clamped to 4,
// where erfc is below half a float ulp of 1, so erf rounds to 1.
constexpr float kFar[] = {-4.104992257e-08f, -6.582342138e-08f, 1.844966619e-06f, -1.297615654e-05f,
                          7.693983207e-05f,  -4.207068996e-04f, 2.165525686e-03f, -1.085816510e-02f,
                          -9.438937306e-01f, -5.352680683e+00f, -7.806815147e+00f};

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
  const V near = hn::MulAdd(x, Horner(d, hn::Mul(x, x), kNear, 7), x);
  if (hn::AllTrue(d, hn::Lt(t, hn::Set(d, 1.0f)))) return near;
  const V u = hn::Sub(hn::Min(t, hn::Set(d, 4.0f)), hn::Set(d, 2.5f));
  const V far = hn::Sub(hn::Set(d, 1.0f), hn::Exp(d, Horner(d, u, kFar, 11)));
  const V e = hn::IfThenElse(hn::Lt(t, hn::Set(d, 1.0f)), near, hn::CopySign(far, x));
  return hn::IfThenElse(hn::IsNaN(x), x, e);
}

// GELU as the scalar kernel writes it: x * 0.5 * (1 + erf(x * (1 / sqrt 2))).
template <class D, class V>
HWY_INLINE V GeluV(D d, V x) {
  const V e = ErfV(d, hn::Mul(x, hn::Set(d, static_cast<float>(1.0 / std::numbers::sqrt2))));
  return hn::Mul(hn::Mul(x, hn::Set(d, 0.5f)), hn::Add(hn::Set(d, 1.0f), e));
}

// Applies `f` to n elements; the tail goes through a padded copy, so every
// element takes the same arithmetic and no load reads past the input.
template <class F>
HWY_INLINE void Map(const float* in, float* out, int64_t n, F f) {
  const hn::ScalableTag<float> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(f(d, hn::LoadU(d, in + i)), d, out + i);
  if (i < n) {
    HWY_ALIGN float buf[hn::MaxLanes(d)] = {};
    std::copy(in + i, in + n, buf);
    hn::Store(f(d, hn::Load(d, buf)), d, buf);
    std::copy(buf, buf + (n - i), out + i);
  }
}

void GeluErfF32(const float* in, float* out, int64_t n) {
  Map(in, out, n, [](auto d, auto v) HWY_ATTR { return GeluV(d, v); });
}
void ErfF32(const float* in, float* out, int64_t n) {
  Map(in, out, n, [](auto d, auto v) HWY_ATTR { return ErfV(d, v); });
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(GeluErfF32);
HWY_EXPORT(ErfF32);

void GeluErf(const float* in, float* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(GeluErfF32)(in, out, n);
}
void Erf(const float* in, float* out, int64_t n) { HWY_DYNAMIC_DISPATCH(ErfF32)(in, out, n); }
}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
