// The kernel registry: op name -> kernel, from the per-family tables.
#include "src/families.h"
#include "src/kernel.h"

namespace tc::kernels {

KernelFn FindKernel(std::string_view op_name) {
  using Finder = KernelFn (*)(std::string_view);
  static constexpr Finder kFamilies[] = {
      FindUnaryKernel, FindBinaryKernel, FindOtherPointwiseKernel, FindReduceKernel, FindViewKernel,
      FindIndexKernel, FindMatmulKernel, FindCreationKernel,       FindRandomKernel,
  };
  for (Finder f : kFamilies) {
    if (KernelFn fn = f(op_name)) return fn;
  }
  return nullptr;
}

}  // namespace tc::kernels
