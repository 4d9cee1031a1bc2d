// Type dispatch over subsets of dtypes, so kernels instantiate only the
// element types an op can see (keeps the build small).
#ifndef TC_KERNELS_SRC_DISPATCH_H_
#define TC_KERNELS_SRC_DISPATCH_H_

#include "tc/tensor/dispatch.h"

namespace tc::kernels {

// Floating dtypes only; others are treated as float32 (meta rejects them).
template <typename F>
decltype(auto) VisitFloating(tensor::DType dtype, F&& f) {
  using tensor::DType;
  using tensor::TypeTag;
  switch (dtype) {
    case DType::kFloat16:
      return f(TypeTag<tensor::Half>{});
    case DType::kBFloat16:
      return f(TypeTag<tensor::BFloat16>{});
    case DType::kFloat64:
      return f(TypeTag<double>{});
    default:
      return f(TypeTag<float>{});
  }
}

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_DISPATCH_H_
