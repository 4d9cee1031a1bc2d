// Per-family kernel lookups, combined by registry.cc.
#ifndef TC_KERNELS_SRC_FAMILIES_H_
#define TC_KERNELS_SRC_FAMILIES_H_

#include <string_view>

#include "src/kernel.h"

namespace tc::kernels {

KernelFn FindAttentionKernel(std::string_view name);         // attention.cc
KernelFn FindUnaryKernel(std::string_view name);             // pointwise_unary.cc
KernelFn FindBinaryKernel(std::string_view name);            // pointwise_binary.cc
KernelFn FindOtherPointwiseKernel(std::string_view name);    // pointwise_other.cc
KernelFn FindExtraPointwiseKernel(std::string_view name);    // pointwise_extra.cc
KernelFn FindReduceKernel(std::string_view name);            // reduce.cc
KernelFn FindViewKernel(std::string_view name);              // view.cc
KernelFn FindIndexKernel(std::string_view name);             // index.cc
KernelFn FindIndexWriteKernel(std::string_view name);        // index_write.cc
KernelFn FindMatmulKernel(std::string_view name);            // matmul.cc
KernelFn FindCreationKernel(std::string_view name);          // creation.cc
KernelFn FindRandomKernel(std::string_view name);            // random.cc
KernelFn FindScanKernel(std::string_view name);              // scan.cc
KernelFn FindConvKernel(std::string_view name);              // conv.cc
KernelFn FindConvBackwardKernel(std::string_view name);      // conv_backward.cc
KernelFn FindNormBackwardKernel(std::string_view name);      // norms_batch_backward.cc
KernelFn FindPoolKernel(std::string_view name);              // pool.cc
KernelFn FindPoolBackwardKernel(std::string_view name);      // pool_backward.cc
KernelFn FindShapeExtraKernel(std::string_view name);        // shape_extra.cc
KernelFn FindSelectKernel(std::string_view name);            // select.cc
KernelFn FindSortKernel(std::string_view name);              // sort.cc
KernelFn FindBucketizeKernel(std::string_view name);         // bucketize.cc
KernelFn FindUpsampleKernel(std::string_view name);          // upsample.cc
KernelFn FindUpsampleBackwardKernel(std::string_view name);  // upsample_backward.cc
KernelFn FindFoldKernel(std::string_view name);              // fold.cc
KernelFn FindVectorNormKernel(std::string_view name);        // vector_norm.cc

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_FAMILIES_H_
