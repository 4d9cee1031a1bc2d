#include "src/copy.h"

#include <cstring>

#include <hwy/cache_control.h>

#include "tc/kernels/copy.h"
#include "tc/kernels/stream_stores.h"
#include "tc/tensor/dispatch.h"

#include "src/compute.h"
#include "src/loop.h"
#include "src/stream_copy.h"

namespace tc::kernels {
namespace {

// Runs of at least this many bytes are streamed; shorter ones (a strided
// destination's rows) are copied with memcpy, as streaming stores that
// fill only part of a line gain nothing.
constexpr int64_t kStreamRunBytes = 4096;

// CopyCast's alike-layout copy of an output too large to stay in cache
// (tc/kernels/stream_stores.h): each chunk's runs with streaming stores,
// then a store fence before the chunk counts as done, so the caller (or
// whichever thread reads dst next) sees every byte.
void StreamCopyChunks(const Loop& loop, int64_t item) {
  ParallelRange(loop.numel(), kParallelGrain, [&](int64_t b, int64_t e) {
    loop.Run(b, e, [item](char* const* p, const int64_t*, int64_t n) {
      if (n * item >= kStreamRunBytes) {
        simd::StreamCopy(p[0], p[1], n * item);
      } else {
        std::memcpy(p[0], p[1], n * item);
      }
    });
    hwy::FlushStream();
  });
}

}  // namespace

void CopyCast(const tensor::Tensor& src, const tensor::Tensor& dst) {
  Loop loop(dst.sizes(), {&dst, &src});
  if (loop.numel() == 0) return;
  if (src.dtype() == dst.dtype() && loop.inner_contiguous()) {
    const int64_t item = static_cast<int64_t>(dst.itemsize());
    if (UseStreamStores(loop.numel() * item)) {
      StreamCopyChunks(loop, item);
      return;
    }
    RunParallel(loop, [item](char* const* p, const int64_t*, int64_t n) {
      std::memcpy(p[0], p[1], n * item);
    });
    return;
  }
  tensor::VisitDType(dst.dtype(), [&]<typename D>(TypeTag<D>) {
    tensor::VisitDType(src.dtype(), [&]<typename S>(TypeTag<S>) {
      RunParallel(loop, [](char* const* p, const int64_t* s, int64_t n) {
        char* out = p[0];
        const char* in = p[1];
        for (int64_t i = 0; i < n; ++i) {
          *reinterpret_cast<D*>(out + i * s[0]) =
              tensor::CastValue<D>(*reinterpret_cast<const S*>(in + i * s[1]));
        }
      });
    });
  });
}

absl::Status CopyInto(const tensor::Tensor& dst, const tensor::Tensor& src) {
  if (!dst.defined() || !src.defined() || src.sizes() != dst.sizes() || dst.is_meta() ||
      src.is_meta() || dst.storage() == src.storage()) {
    // CopyFrom's errors (shape mismatch, copying out of meta) and its
    // element order for tensors sharing storage.
    tensor::Tensor d = dst;
    return d.CopyFrom(src);
  }
  CopyCast(src, dst);
  return absl::OkStatus();
}

tensor::Tensor Contiguous(const tensor::Tensor& t) {
  if (t.is_contiguous()) return t;
  tensor::Tensor out = tensor::Tensor::Empty(t.sizes(), t.dtype());
  CopyCast(t, out);
  return out;
}

tensor::Tensor ToDType(const tensor::Tensor& t, tensor::DType dtype) {
  if (t.dtype() == dtype) return t;
  tensor::Tensor out = tensor::Tensor::Empty(t.sizes(), dtype);
  CopyCast(t, out);
  return out;
}

}  // namespace tc::kernels
