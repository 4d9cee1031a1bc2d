// View kernels: the output shares the input's storage with new sizes,
// strides and offset. reshape copies only when no view can express it.
#include <algorithm>
#include <optional>
#include <vector>

#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

// PyTorch's computeStride: strides viewing `old` (sizes/strides) as `shape`,
// or nullopt when a new dimension would span non-contiguous old ones.
std::optional<Shape> ComputeViewStrides(IntSpan old_sizes, IntSpan old_strides, IntSpan shape) {
  if (old_sizes.empty()) return Shape(shape.size(), 1);
  if (tensor::Numel(old_sizes) == 0) return tensor::ContiguousStrides(shape);
  Shape strides(shape.size(), 0);
  int64_t view_d = static_cast<int64_t>(shape.size()) - 1;
  int64_t chunk_base_stride = old_strides.back();
  int64_t tensor_numel = 1;
  int64_t view_numel = 1;
  for (int64_t tensor_d = static_cast<int64_t>(old_sizes.size()) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= old_sizes[tensor_d];
    if (tensor_d == 0 || (old_sizes[tensor_d - 1] != 1 &&
                          old_strides[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || shape[view_d] == 1)) {
        strides[view_d] = view_numel * chunk_base_stride;
        view_numel *= shape[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (tensor_d > 0) {
        chunk_base_stride = old_strides[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return strides;
}

absl::Status ViewKernel(std::span<const KernelArg> args, std::span<const TensorMeta> metas,
                        std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  const Shape& sizes = metas[0].sizes;  // -1 already inferred by meta
  auto strides = ComputeViewStrides(in.sizes(), in.strides(), sizes);
  if (!strides) {
    return absl::InvalidArgumentError(
        "view size is not compatible with input tensor's size and stride (at least one dimension "
        "spans across two contiguous subspaces). Use .reshape(...) instead.");
  }
  outs[0] = in.AsStrided(sizes, *strides, in.storage_offset());
  return absl::OkStatus();
}

absl::Status ReshapeKernel(std::span<const KernelArg> args, std::span<const TensorMeta> metas,
                           std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  const Shape& sizes = metas[0].sizes;
  if (auto strides = ComputeViewStrides(in.sizes(), in.strides(), sizes)) {
    outs[0] = in.AsStrided(sizes, *strides, in.storage_offset());
    return absl::OkStatus();
  }
  Tensor c = Tensor::Empty(in.sizes(), in.dtype());
  CopyCast(in, c);
  outs[0] = c.AsStrided(sizes, tensor::ContiguousStrides(sizes), 0);
  return absl::OkStatus();
}

absl::Status PermuteKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                           std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  Shape dims = IntListArg(args, 1);
  Shape sizes, strides;
  for (int64_t d : dims) {
    auto w = tensor::WrapDim(d, in.dim());
    if (!w.ok()) return w.status();
    sizes.push_back(in.size(*w));
    strides.push_back(in.stride(*w));
  }
  outs[0] = in.AsStrided(sizes, strides, in.storage_offset());
  return absl::OkStatus();
}

absl::Status ExpandKernel(std::span<const KernelArg> args, std::span<const TensorMeta> metas,
                          std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  const Shape& sizes = metas[0].sizes;  // -1 resolved by meta
  const int64_t lead = static_cast<int64_t>(sizes.size()) - in.dim();
  Shape strides(sizes.size(), 0);
  for (int64_t d = 0; d < in.dim(); ++d) {
    strides[lead + d] = in.size(d) == sizes[lead + d] ? in.stride(d) : 0;
  }
  outs[0] = in.AsStrided(sizes, strides, in.storage_offset());
  return absl::OkStatus();
}

absl::Status SqueezeKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                           std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  auto dims = args.size() > 1 ? OptIntListArg(args, 1) : std::nullopt;
  std::vector<bool> drop(in.dim(), !dims.has_value());
  if (dims) {
    for (int64_t d : *dims) {
      auto w = tensor::WrapDim(d, in.dim());
      if (!w.ok()) return w.status();
      if (in.dim() > 0) drop[*w] = true;
    }
  }
  Shape sizes, strides;
  for (int64_t d = 0; d < in.dim(); ++d) {
    if (drop[d] && in.size(d) == 1) continue;
    sizes.push_back(in.size(d));
    strides.push_back(in.stride(d));
  }
  outs[0] = in.AsStrided(sizes, strides, in.storage_offset());
  return absl::OkStatus();
}

absl::Status UnsqueezeKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  auto w = tensor::WrapDim(IntArg(args, 1), in.dim() + 1);
  if (!w.ok()) return w.status();
  const int64_t dim = *w;
  Shape sizes(in.sizes().begin(), in.sizes().end());
  Shape strides(in.strides().begin(), in.strides().end());
  const int64_t stride = dim >= in.dim() ? 1 : in.size(dim) * in.stride(dim);
  sizes.insert(sizes.begin() + dim, 1);
  strides.insert(strides.begin() + dim, stride);
  outs[0] = in.AsStrided(sizes, strides, in.storage_offset());
  return absl::OkStatus();
}

absl::Status SliceKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                         std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  auto w = tensor::WrapDim(args.size() > 1 ? IntArg(args, 1) : 0, in.dim());
  if (!w.ok()) return w.status();
  const int64_t dim = *w;
  const int64_t size = in.size(dim);
  auto start_opt = args.size() > 2 ? OptIntArg(args, 2) : std::nullopt;
  auto end_opt = args.size() > 3 ? OptIntArg(args, 3) : std::nullopt;
  const int64_t step = args.size() > 4 ? IntArg(args, 4) : 1;
  if (step <= 0) return absl::InvalidArgumentError("slice step must be positive");
  int64_t start = start_opt.value_or(0);
  int64_t end = end_opt.value_or(size);
  if (start < 0) start += size;
  if (end < 0) end += size;
  start = std::clamp<int64_t>(start, 0, size);
  end = std::clamp<int64_t>(end, start, size);
  Shape sizes(in.sizes().begin(), in.sizes().end());
  Shape strides(in.strides().begin(), in.strides().end());
  sizes[dim] = (end - start + step - 1) / step;
  strides[dim] *= step;
  outs[0] = in.AsStrided(sizes, strides, in.storage_offset() + start * in.stride(dim));
  return absl::OkStatus();
}

}  // namespace

KernelFn FindViewKernel(std::string_view name) {
  if (name == "view") return ViewKernel;
  if (name == "reshape") return ReshapeKernel;
  if (name == "permute") return PermuteKernel;
  if (name == "expand") return ExpandKernel;
  if (name == "squeeze") return SqueezeKernel;
  if (name == "unsqueeze") return UnsqueezeKernel;
  if (name == "slice") return SliceKernel;
  return nullptr;
}

}  // namespace tc::kernels
