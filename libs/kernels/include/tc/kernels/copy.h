// Eager copy into an existing tensor (Tensor.copy_ and the in-place ops'
// write-back): the parallel path of the kernels library, where
// tensor::Tensor::CopyFrom (the tensor library has no thread pool) copies
// row by row on one thread.
#ifndef TC_KERNELS_COPY_H_
#define TC_KERNELS_COPY_H_

#include "absl/status/status.h"

#include "tc/tensor/tensor.h"

namespace tc::kernels {

// dst[i] = cast(src[i]) for tensors of equal sizes: Tensor::CopyFrom's
// results and errors, but split over the pool above a size threshold, one
// memcpy per chunk when both are laid out alike (a contiguous float32
// [4096, 1024] copies at memcpy speed on every thread). Tensors sharing
// storage copy as CopyFrom does (its order decides what overlapping
// elements end up holding).
absl::Status CopyInto(const tensor::Tensor& dst, const tensor::Tensor& src);

}  // namespace tc::kernels

#endif  // TC_KERNELS_COPY_H_
