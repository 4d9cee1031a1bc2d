// A byte copy with streaming (non-temporal) stores, for copies too large
// to stay in cache (tc/kernels/stream_stores.h): copy.cc's CopyCast takes
// it for large contiguous copies, where glibc's memcpy stores normally up
// to its own non-temporal threshold (here 240 MiB, ld.so
// --list-tunables), so each destination line is read before it is written.
#ifndef TC_KERNELS_SRC_STREAM_COPY_H_
#define TC_KERNELS_SRC_STREAM_COPY_H_

#include <cstdint>

namespace tc::kernels::simd {

// memcpy(dst, src, bytes) for non-overlapping ranges, the destination's
// whole cache lines written with streaming stores (its unaligned head and
// tail with memcpy). The caller calls hwy::FlushStream() before another
// thread reads dst.
void StreamCopy(void* dst, const void* src, int64_t bytes);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_STREAM_COPY_H_
