// Highway erf and exact GELU (the formulas themselves are
// tc/kernels/formulas/gelu_erf-inl.h): see gelu_simd.h. This file is
// re-included once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/gelu_simd.cc"  // relative to the library root
#include "src/gelu_simd.h"

#include <algorithm>
#include <cmath>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>
#include "tc/kernels/formulas/unary_math-inl.h"
#include "tc/kernels/formulas/gelu_erf-inl.h"
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The formulas themselves are shared with generated code.
using tc::kernels::formulas::HWY_NAMESPACE::ErfV;
using tc::kernels::formulas::HWY_NAMESPACE::ExpV;
using tc::kernels::formulas::HWY_NAMESPACE::GeluV;

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

// dy * (cdf + x * pdf), op by op as gelu_backward's decomposition (graph-ir
// ops_composite_activation.cc) rounds it, with the erf and exp of eager's
// erf and exp ops: cdf = (erf(x * (1 / sqrt 2)) + 1) * 0.5, pdf =
// exp((x * x) * -0.5) * (1 / sqrt(2 pi)).
template <class D, class V>
HWY_INLINE V GeluBackwardV(D d, V dy, V x) {
  const V erf = ErfV(d, hn::Mul(x, hn::Set(d, static_cast<float>(M_SQRT1_2))));
  const V cdf = hn::Mul(hn::Add(erf, hn::Set(d, 1.0f)), hn::Set(d, 0.5f));
  const V ex = ExpV(d, hn::Mul(hn::Mul(x, x), hn::Set(d, -0.5f)));
  const V pdf = hn::Mul(ex, hn::Set(d, static_cast<float>(M_2_SQRTPI * M_SQRT1_2 * 0.5)));
  return hn::Mul(dy, hn::Add(cdf, hn::Mul(x, pdf)));
}

void GeluBackwardF32(const float* dy, const float* x, float* out, int64_t n) {
  const hn::ScalableTag<float> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + N <= n; i += N) {
    hn::StoreU(GeluBackwardV(d, hn::LoadU(d, dy + i), hn::LoadU(d, x + i)), d, out + i);
  }
  if (i < n) {
    HWY_ALIGN float bg[hn::MaxLanes(d)] = {}, bx[hn::MaxLanes(d)] = {};
    std::copy(dy + i, dy + n, bg);
    std::copy(x + i, x + n, bx);
    hn::Store(GeluBackwardV(d, hn::Load(d, bg), hn::Load(d, bx)), d, bg);
    std::copy(bg, bg + (n - i), out + i);
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
HWY_EXPORT(GeluBackwardF32);

void GeluErf(const float* in, float* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(GeluErfF32)(in, out, n);
}
void Erf(const float* in, float* out, int64_t n) { HWY_DYNAMIC_DISPATCH(ErfF32)(in, out, n); }
void GeluBackward(const float* dy, const float* x, float* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(GeluBackwardF32)(dy, x, out, n);
}
}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
