// View kernels: the output shares the input's storage. The op's meta
// function already computed the view's sizes and strides (metas[0]), so a
// kernel only places them over the input's storage; slice also moves the
// storage offset. reshape copies only when no view can express it.
#include <algorithm>

#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

// The view metas[0] describes, over `in`'s storage moved by `offset_delta`
// elements.
Tensor ViewOfMeta(const Tensor& in, const TensorMeta& meta, int64_t offset_delta = 0) {
  return in.AsStrided(meta.sizes, meta.strides, in.storage_offset() + offset_delta);
}

// view, permute, expand, squeeze and unsqueeze: sizes and strides are all
// there is to them.
absl::Status MetaViewKernel(std::span<const KernelArg> args, std::span<const TensorMeta> metas,
                            std::span<Tensor> outs) {
  outs[0] = ViewOfMeta(TensorArg(args, 0), metas[0]);
  return absl::OkStatus();
}

absl::Status ReshapeKernel(std::span<const KernelArg> args, std::span<const TensorMeta> metas,
                           std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  const Shape& sizes = metas[0].sizes;
  if (tensor::ComputeViewStrides(in.sizes(), in.strides(), sizes)) {
    outs[0] = ViewOfMeta(in, metas[0]);
    return absl::OkStatus();
  }
  if (in.is_meta()) {
    // A meta run (meta_call.cc): the copy has no data to move.
    outs[0] = Tensor::Empty(sizes, in.dtype(), tensor::Device::Meta());
    return absl::OkStatus();
  }
  TC_RETURN_IF_ERROR(CheckAllocation(in.sizes(), in.dtype()));
  Tensor c = Tensor::Empty(in.sizes(), in.dtype());
  CopyCast(in, c);
  outs[0] = c.AsStrided(sizes, metas[0].strides, 0);  // contiguous, as meta says
  return absl::OkStatus();
}

// slice(self, dim, start, end, step): meta has the sizes and strides; the
// start (clamped as Python does) moves the offset.
absl::Status SliceKernel(std::span<const KernelArg> args, std::span<const TensorMeta> metas,
                         std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  auto dim = tensor::WrapDim(IntArg(args, 1), in.dim());
  if (!dim.ok()) return dim.status();
  int64_t start = OptIntArg(args, 2).value_or(0);
  if (start < 0) start += in.size(*dim);
  start = std::clamp<int64_t>(start, 0, in.size(*dim));
  outs[0] = ViewOfMeta(in, metas[0], start * in.stride(*dim));
  return absl::OkStatus();
}

}  // namespace

KernelFn FindViewKernel(std::string_view name) {
  if (name == "view" || name == "permute" || name == "expand" || name == "squeeze" ||
      name == "unsqueeze") {
    return MetaViewKernel;
  }
  if (name == "reshape") return ReshapeKernel;
  if (name == "slice") return SliceKernel;
  return nullptr;
}

}  // namespace tc::kernels
