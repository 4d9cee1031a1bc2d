// Highway exp pass for attention: see attention_simd.h. This file is
// re-included once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/attention_simd.cc"  // relative to the library root
#include "src/attention_simd.h"

#include <algorithm>
#include <limits>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <class D, class V>
HWY_INLINE V ExpFlush(D d, V x) {
  // Highway's Exp is exact to an ulp above -87 (normal results); below, the
  // lane is 0. NaN lanes stay NaN.
  const auto keep = hn::Or(hn::Gt(x, hn::Set(d, -87.0f)), hn::IsNaN(x));
  return hn::IfThenElseZero(keep, hn::Exp(d, hn::Max(x, hn::Set(d, -87.0f))));
}

double ExpShiftedFlushF32(const float* in, float mx, float* out, int64_t n) {
  const hn::ScalableTag<float> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const auto vmx = hn::Set(d, mx);
  auto acc = hn::Zero(d);
  int64_t i = 0;
  for (; i + N <= n; i += N) {
    const auto e = ExpFlush(d, hn::Sub(hn::LoadU(d, in + i), vmx));
    hn::StoreU(e, d, out + i);
    acc = hn::Add(acc, e);
  }
  if (i < n) {
    // Padding lanes hold -inf, whose exp is 0.
    HWY_ALIGN float buf[hn::MaxLanes(d)];
    std::fill(buf, buf + N, -std::numeric_limits<float>::infinity());
    std::copy(in + i, in + n, buf);
    const auto e = ExpFlush(d, hn::Sub(hn::Load(d, buf), vmx));
    hn::Store(e, d, buf);
    std::copy(buf, buf + (n - i), out + i);
    acc = hn::Add(acc, e);
  }
  return hn::GetLane(hn::SumOfLanes(d, acc));
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(ExpShiftedFlushF32);

double ExpShiftedFlush(const float* in, float mx, float* out, int64_t n) {
  return HWY_DYNAMIC_DISPATCH(ExpShiftedFlushF32)(in, mx, out, n);
}
}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
