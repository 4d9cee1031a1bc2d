// Streaming (non-temporal) stores for outputs too large to stay in cache,
// shared by eager's kernels and the code codegen-cpu generates (its prelude
// embeds this file's text). An ordinary store to a line that is not in
// cache first reads the line (read-for-ownership), so an output the caches
// cannot hold costs twice its size in memory traffic; a streaming store
// writes whole lines without reading them and leaves them out of the cache.
// Whoever decides to stream (tc/kernels/stream_stores.h: only above a size
// where the output would not stay in cache anyway) must call
// hwy::FlushStream() after its last streaming store and before another
// thread may read the output: streaming stores are weakly ordered, so the
// thread pool's completion handshake alone does not publish them.
// Plain C++17 + Highway. Included per target after <hwy/highway.h>
// (Highway's -inl.h convention: the guard toggles with HWY_TARGET_TOGGLE;
// without foreach_target it is an ordinary include guard).
#if defined(TC_KERNELS_FORMULAS_STREAM_STORE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TC_KERNELS_FORMULAS_STREAM_STORE_INL_H_
#undef TC_KERNELS_FORMULAS_STREAM_STORE_INL_H_
#else
#define TC_KERNELS_FORMULAS_STREAM_STORE_INL_H_
#endif

#include <cstdint>

#include <hwy/cache_control.h>
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::formulas::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Streaming stores write whole cache lines of this many bytes.
constexpr int64_t kStreamLineBytes = 64;

// Stores v at p: streaming when p is aligned to v's size (hn::Stream's
// requirement), else an ordinary StoreU. For loops whose vector positions
// must not move (generated code: an element computed by the vector path can
// round differently from the scalar path): a contiguous loop from an aligned
// start streams every vector, one from an unaligned start none.
template <class D>
HWY_INLINE void StreamOrStoreU(hn::Vec<D> v, D d, hn::TFromD<D>* p) {
  const uintptr_t bytes = hn::Lanes(d) * sizeof(hn::TFromD<D>);
  if (reinterpret_cast<uintptr_t>(p) % bytes == 0) {
    hn::Stream(v, d, p);
  } else {
    hn::StoreU(v, d, p);
  }
}

// out[i] for i < n, as vec_at(i) (the vector of elements i .. i + Lanes)
// and scalar_at(i) (element i) compute it; the two must round alike, as a
// row formula's last pass does (one or two correctly rounded operations per
// element), since the split between them depends on out's alignment. Not
// streaming: vectors from 0, then the scalar tail (the row formulas' plain
// loops). kStream: scalar up to out's first cache-line boundary, streaming
// vectors from there, the scalar tail; the lines the head and tail touch
// are stored normally (at most two per row, shared with the neighbouring
// rows).
template <bool kStream, class D, class VecAt, class ScalarAt>
HWY_INLINE void StoreRow(D d, hn::TFromD<D>* out, int64_t n, VecAt&& vec_at, ScalarAt&& scalar_at) {
  using T = hn::TFromD<D>;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  if constexpr (kStream) {
    const uintptr_t addr = reinterpret_cast<uintptr_t>(out);
    // An element-misaligned pointer never reaches a boundary: all scalar.
    const int64_t head = addr % sizeof(T) != 0
                             ? n
                             : static_cast<int64_t>((kStreamLineBytes - addr % kStreamLineBytes) %
                                                    kStreamLineBytes / sizeof(T));
    for (; i < head && i < n; ++i) out[i] = scalar_at(i);
    for (; i + N <= n; i += N) hn::Stream(vec_at(i), d, out + i);
  } else {
    for (; i + N <= n; i += N) hn::StoreU(vec_at(i), d, out + i);
  }
  for (; i < n; ++i) out[i] = scalar_at(i);
}

}  // namespace tc::kernels::formulas::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // TC_KERNELS_FORMULAS_STREAM_STORE_INL_H_
