// Element copies with dtype conversion over any strides, and the helpers
// kernels use to get contiguous or converted inputs.
#ifndef TC_KERNELS_SRC_COPY_H_
#define TC_KERNELS_SRC_COPY_H_

#include "tc/tensor/tensor.h"

namespace tc::kernels {

// dst[i] = cast(src[i]); src broadcasts to dst's sizes. Parallel when large.
void CopyCast(const tensor::Tensor& src, const tensor::Tensor& dst);
// `t` itself when contiguous, else a contiguous copy.
tensor::Tensor Contiguous(const tensor::Tensor& t);
// `t` itself when already `dtype`, else a converted contiguous copy.
tensor::Tensor ToDType(const tensor::Tensor& t, tensor::DType dtype);

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_COPY_H_
