// TensorMeta: what a TENSOR_MATCH guard compares, as a view of a tensor's
// metadata that is cheap to fill on every call of a compiled function.
#ifndef TC_GUARDS_TENSOR_META_H_
#define TC_GUARDS_TENSOR_META_H_

#include "tc/tensor/device.h"
#include "tc/tensor/dtype.h"
#include "tc/tensor/shape.h"
#include "tc/tensor/tensor.h"

namespace tc::guards {

// Sizes and strides point into the tensor (or the caller's arrays), so a
// TensorMeta lives no longer than what it views.
struct TensorMeta {
  tensor::DType dtype = tensor::DType::kFloat32;
  tensor::Device device;
  tensor::IntSpan sizes;
  tensor::IntSpan strides;
  bool requires_grad = false;
};

// The metadata of `t`. tensor::Tensor has no autograd state, so the caller
// says whether the value requires grad.
inline TensorMeta MetaOf(const tensor::Tensor& t, bool requires_grad = false) {
  return {t.dtype(), t.device(), t.sizes(), t.strides(), requires_grad};
}

}  // namespace tc::guards

#endif  // TC_GUARDS_TENSOR_META_H_
