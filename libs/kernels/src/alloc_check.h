// CheckAllocation: whether a new CPU tensor can be allocated at all, so that
// requests no machine can meet (sizes from user input, a huge expand fed to a
// pointwise op) are an error status instead of an allocator abort.
#ifndef TC_KERNELS_SRC_ALLOC_CHECK_H_
#define TC_KERNELS_SRC_ALLOC_CHECK_H_

#include "absl/status/status.h"

#include "tc/tensor/dtype.h"
#include "tc/tensor/shape.h"

namespace tc::kernels {

// OK when a contiguous `dtype` tensor of `sizes` fits in this machine's
// physical memory. Otherwise ResourceExhausted in PyTorch's words
// ("DefaultCPUAllocator: can't allocate memory: you tried to allocate N
// bytes."), or InvalidArgument for negative sizes and byte counts that
// overflow int64.
absl::Status CheckAllocation(tensor::IntSpan sizes, tensor::DType dtype);

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_ALLOC_CHECK_H_
