// The order in which PyTorch's in-place random ops (uniform_, normal_,
// bernoulli_, ...) visit the elements of a tensor: ATen's TensorIterator
// sorts dimensions by stride, so a transposed or permuted tensor is filled
// in memory order, not in logical order (research/rng.md §1.12). The random
// ops themselves fill fresh contiguous outputs; a caller fills a tensor `t`
// as PyTorch would by drawing a contiguous tensor of sizes
// t.sizes()[perm[0]], t.sizes()[perm[1]], ... and permuting it back.
#ifndef TC_KERNELS_RANDOM_ORDER_H_
#define TC_KERNELS_RANDOM_ORDER_H_

#include <cstdint>
#include <vector>

#include "tc/tensor/shape.h"

namespace tc::kernels {

// `perm`, outermost dimension first (the identity for a contiguous tensor).
std::vector<int64_t> FillOrder(tensor::IntSpan sizes, tensor::IntSpan strides);

}  // namespace tc::kernels

#endif  // TC_KERNELS_RANDOM_ORDER_H_
