// Float sums in the order of ATen's CPU sum kernel, bit for bit with
// PyTorch run on one thread (whatever tc's thread count): the dims are
// ordered and merged as TensorIterator does for a reduction, and each 2-D
// piece is summed by sum_cascade_simd.cc. float16/bfloat16 accumulate in
// float32 and round at each store, as ATen's do; where ATen would round
// between pieces (the two innermost dims both reduced) it sums a float32
// copy instead, and so does this. The pool splits outputs, column groups or
// a long row's top-level chunks, never the order of the additions.
#ifndef TC_KERNELS_SRC_SUM_CASCADE_H_
#define TC_KERNELS_SRC_SUM_CASCADE_H_

#include <vector>

#include "tc/tensor/tensor.h"

namespace tc::kernels {

// `t` in `dtype` as ATen's reductions convert their input (self.to(dtype)):
// the strides are kept when dense, since they decide the order of a sum.
tensor::Tensor ToDTypePreserving(const tensor::Tensor& t, tensor::DType dtype);

// Whether CascadeSum handles this dtype (the floating ones).
bool HasCascadeSum(tensor::DType dtype);

// out = the sum of `in` over the dims marked in `reduced` (one flag per dim
// of `in`); `out` has in's dtype and its kept dims, with or without the
// reduced ones as size 1 (keepdim).
void CascadeSum(const tensor::Tensor& in, const std::vector<bool>& reduced,
                const tensor::Tensor& out);

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_SUM_CASCADE_H_
