// Highway online-softmax pass for attention: see attention_simd.h. This file is
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

void OnlineSoftmaxRowsF32(float* sc, int64_t ld, int64_t rows, int64_t cols, int64_t first_visible,
                          const float* max_in, float* max_out, float* sum_out) {
  const hn::ScalableTag<float> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const float neg_inf = -std::numeric_limits<float>::infinity();
  const auto vneg = hn::Set(d, neg_inf);
  for (int64_t r = 0; r < rows; ++r) {
    float* row = sc + r * ld;
    const int64_t vis = std::clamp<int64_t>(first_visible + r, 0, cols);
    // Lanes at or past `vis` read as -inf (the buffer is padded).
    auto load = [&](int64_t i) HWY_ATTR {
      const auto v = hn::LoadU(d, row + i);
      return i + N <= vis ? v
                          : hn::IfThenElse(hn::FirstN(d, static_cast<size_t>(vis - i)), v, vneg);
    };
    auto vmax = vneg;
    auto nan = hn::Lt(vmax, vmax);  // all false
    for (int64_t i = 0; i < vis; i += N) {
      const auto v = load(i);
      nan = hn::Or(nan, hn::IsNaN(v));
      vmax = hn::Max(vmax, v);
    }
    float bmax = hn::GetLane(hn::MaxOfLanes(d, vmax));
    if (!hn::AllFalse(d, nan)) bmax = std::numeric_limits<float>::quiet_NaN();
    const float m = std::max(max_in[r], bmax);
    max_out[r] = m;
    if (m == neg_inf) {
      std::fill(row, row + cols, 0.0f);
      sum_out[r] = 0.0f;
      continue;
    }
    const auto vm = hn::Set(d, m);
    auto acc = hn::Zero(d);
    int64_t i = 0;
    for (; i + N <= vis; i += N) {
      const auto e = ExpFlush(d, hn::Sub(hn::LoadU(d, row + i), vm));
      hn::StoreU(e, d, row + i);
      acc = hn::Add(acc, e);
    }
    if (i < vis) {
      const auto mask = hn::FirstN(d, static_cast<size_t>(vis - i));
      const auto e = ExpFlush(d, hn::Sub(load(i), vm));
      hn::BlendedStore(e, mask, d, row + i);
      acc = hn::Add(acc, e);
    }
    std::fill(row + vis, row + cols, 0.0f);
    sum_out[r] = hn::GetLane(hn::SumOfLanes(d, acc));
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(OnlineSoftmaxRowsF32);

void OnlineSoftmaxRows(float* sc, int64_t ld, int64_t rows, int64_t cols, int64_t first_visible,
                       const float* max_in, float* max_out, float* sum_out) {
  HWY_DYNAMIC_DISPATCH(OnlineSoftmaxRowsF32)
  (sc, ld, rows, cols, first_visible, max_in, max_out, sum_out);
}

}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
