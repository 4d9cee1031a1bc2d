// Highway streaming copy: see stream_copy.h. This file is re-included once
// per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/stream_copy.cc"  // relative to the library root
#include "src/stream_copy.h"

#include <algorithm>
#include <cstring>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include "tc/kernels/formulas/stream_store-inl.h"
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void StreamCopyT(void* dst, const void* src, int64_t bytes) {
  using formulas::HWY_NAMESPACE::kStreamLineBytes;
  auto* out = static_cast<uint8_t*>(dst);
  const auto* in = static_cast<const uint8_t*>(src);
  const int64_t head = std::min<int64_t>(
      bytes,
      (kStreamLineBytes - reinterpret_cast<uintptr_t>(out) % kStreamLineBytes) % kStreamLineBytes);
  std::memcpy(out, in, static_cast<size_t>(head));
  const hn::ScalableTag<uint8_t> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = head;
  // Whole lines (64 bytes: one AVX-512 vector, two AVX2 ones...), four at a
  // time.
  for (; i + 4 * kStreamLineBytes <= bytes; i += 4 * kStreamLineBytes) {
    for (int64_t j = 0; j < 4 * kStreamLineBytes; j += N) {
      hn::Stream(hn::LoadU(d, in + i + j), d, out + i + j);
    }
  }
  for (; i + N <= bytes; i += N) hn::Stream(hn::LoadU(d, in + i), d, out + i);
  std::memcpy(out + i, in + i, static_cast<size_t>(bytes - i));
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(StreamCopyT);

void StreamCopy(void* dst, const void* src, int64_t bytes) {
  if (bytes <= 0) return;
  HWY_DYNAMIC_DISPATCH(StreamCopyT)(dst, src, bytes);
}
}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
