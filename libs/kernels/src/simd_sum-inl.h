// The blocked vector sum shared by the Highway kernels (simd.cc's Sum,
// norm_simd.cc's row statistics): four vector accumulators per block, the
// blocks added in double. Float blocks are 2048 elements, so float partial
// sums stay short; a double sum is one block. Included per target after
// <hwy/highway.h> (Highway's -inl.h convention: the guard toggles with
// HWY_TARGET_TOGGLE).
#if defined(TC_KERNELS_SRC_SIMD_SUM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TC_KERNELS_SRC_SIMD_SUM_INL_H_
#undef TC_KERNELS_SRC_SIMD_SUM_INL_H_
#else
#define TC_KERNELS_SRC_SIMD_SUM_INL_H_
#endif

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {

// Sum over i of f(in[i]), f given per vector (vf) and per element (sf).
template <typename T, class VecF, class ScalarF>
HWY_INLINE double BlockedSum(const T* in, int64_t n, VecF&& vf, ScalarF&& sf) {
  namespace hn = hwy::HWY_NAMESPACE;
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const int64_t block_size = std::is_same_v<T, float> ? 2048 : n;
  double total = 0.0;
  int64_t i = 0;
  while (i < n) {
    const int64_t end = std::min(n, i + block_size);
    auto a0 = hn::Zero(d), a1 = hn::Zero(d), a2 = hn::Zero(d), a3 = hn::Zero(d);
    for (; i + 4 * N <= end; i += 4 * N) {
      a0 = hn::Add(a0, vf(hn::LoadU(d, in + i)));
      a1 = hn::Add(a1, vf(hn::LoadU(d, in + i + N)));
      a2 = hn::Add(a2, vf(hn::LoadU(d, in + i + 2 * N)));
      a3 = hn::Add(a3, vf(hn::LoadU(d, in + i + 3 * N)));
    }
    double block = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(a0, a1), hn::Add(a2, a3))));
    for (; i < end; ++i) block += sf(in[i]);
    total += block;
  }
  return total;
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#endif  // TC_KERNELS_SRC_SIMD_SUM_INL_H_
