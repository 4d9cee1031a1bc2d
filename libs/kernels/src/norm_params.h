// Per-channel parameters of the fused batch_norm and group_norm kernels
// (norms_batch.cc, norms_group.cc): which tensors they take as plain
// arrays, and those arrays.
#ifndef TC_KERNELS_SRC_NORM_PARAMS_H_
#define TC_KERNELS_SRC_NORM_PARAMS_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "src/kernel.h"

namespace tc::kernels {

// Argument i is None, or a contiguous 1-d CPU tensor of `channels`
// elements of `dtype`: usable as a plain array.
inline bool FastChannelParam(std::span<const KernelArg> args, size_t i, DType dtype,
                             int64_t channels) {
  if (IsNone(args, i)) return true;
  if (!IsTensor(args, i)) return false;
  const Tensor& p = TensorArg(args, i);
  return p.device().is_cpu() && !p.is_meta() && p.dtype() == dtype && p.is_contiguous() &&
         p.dim() == 1 && p.numel() == channels;
}

// Argument i's elements, or nullptr for None.
template <typename T>
const T* ChannelData(std::span<const KernelArg> args, size_t i) {
  return IsNone(args, i) ? nullptr : TensorArg(args, i).data<T>();
}

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_NORM_PARAMS_H_
