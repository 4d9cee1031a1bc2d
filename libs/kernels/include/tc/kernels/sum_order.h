// The order of eager's float sum (sum_cascade.h, ATen's CPU sum kernel):
// the dims as TensorIterator leaves them for a reduction. A code generator
// that must add in eager's order (codegen-cpu's fused sums) asks here, so
// the one copy of the rules serves both.
#ifndef TC_KERNELS_SUM_ORDER_H_
#define TC_KERNELS_SUM_ORDER_H_

#include <cstdint>
#include <vector>

#include "tc/tensor/shape.h"

namespace tc::kernels {

// One iteration dim: `size` elements, `in` / `out` apart (in any unit, the
// same for every dim; out is 0 along reduced dims), covering input dims
// `dims` (fastest first; empty for a size-1 dim that stands alone).
struct SumIterDim {
  std::vector<int> dims;
  int64_t size = 1, in = 0, out = 0;
};

// The iteration dims of summing a tensor of `sizes` and `in_strides` over
// the dims marked in `reduced` into an output whose stride for input dim d
// is out_strides[d] (read for kept dims only): sorted fastest first with
// reduced dims before kept ones (TensorIterator's reorder_dimensions,
// ambiguous pairs kept in place), size-1 dims dropped, neighbours merged
// where both tensors allow it. Fewer than two dims when the tensor has them.
std::vector<SumIterDim> SumIterationDims(tensor::IntSpan sizes, tensor::IntSpan in_strides,
                                         const std::vector<bool>& reduced,
                                         tensor::IntSpan out_strides);

}  // namespace tc::kernels

#endif  // TC_KERNELS_SUM_ORDER_H_
