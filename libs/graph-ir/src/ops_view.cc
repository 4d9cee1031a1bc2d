// View ops: each output's strides describe a view of the input's storage,
// computed as ATen does (computeStride in tc/tensor/shape.h,
// inferExpandGeometry, ...).
#include <optional>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::ShapeToString;
constexpr ArgType kT = ArgType::kTensor;

TensorMeta ViewMeta(const TensorMeta& in, Shape sizes, Shape strides) {
  return TensorMeta{in.dtype, std::move(sizes), std::move(strides), in.device};
}

// ATen's infer_size: resolves one -1 against the element count.
absl::StatusOr<Shape> InferSize(tensor::IntSpan shape, int64_t numel) {
  Shape out(shape.begin(), shape.end());
  int64_t newsize = 1;
  std::optional<size_t> infer_dim;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (infer_dim) return Invalid("only one dimension can be inferred");
      infer_dim = i;
    } else if (shape[i] >= 0) {
      newsize *= shape[i];
    } else {
      return Invalid(absl::StrFormat("invalid shape dimension %d at index %d of shape %s", shape[i],
                                     i, ShapeToString(shape)));
    }
  }
  if (numel == newsize || (infer_dim && newsize > 0 && numel % newsize == 0)) {
    if (infer_dim) {
      if (newsize == 0) {
        return Invalid(absl::StrFormat(
            "cannot reshape tensor of 0 elements into shape %s because the unspecified dimension "
            "size -1 can be any value and is ambiguous",
            ShapeToString(shape)));
      }
      out[*infer_dim] = numel / newsize;
    }
    return out;
  }
  return Invalid(
      absl::StrFormat("shape '%s' is invalid for input of size %d", ShapeToString(shape), numel));
}

Metas View(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(Shape sizes, InferSize(IntList(a, 1), in.numel()));
  std::optional<Shape> strides = tensor::ComputeViewStrides(in.sizes, in.strides, sizes);
  if (!strides) {
    return Invalid(
        "view size is not compatible with input tensor's size and stride (at least one dimension "
        "spans across two contiguous subspaces). Use .reshape(...) instead.");
  }
  return One(ViewMeta(in, std::move(sizes), std::move(*strides)));
}

Metas Reshape(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(Shape sizes, InferSize(IntList(a, 1), in.numel()));
  std::optional<Shape> strides = tensor::ComputeViewStrides(in.sizes, in.strides, sizes);
  if (!strides) return One(Contig(in.dtype, sizes, in.device));  // a copy
  return One(ViewMeta(in, std::move(sizes), std::move(*strides)));
}

Metas Permute(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  const Shape& dims = IntList(a, 1);
  if (static_cast<int64_t>(dims.size()) != in.dim()) {
    return Invalid(absl::StrFormat(
        "permute(sparse_coo): number of dimensions in the tensor input does not match the length "
        "of the desired ordering of dimensions i.e. input.dim() = %d is not equal to len(dims) = "
        "%d",
        in.dim(), dims.size()));
  }
  Shape sizes(dims.size()), strides(dims.size());
  std::vector<bool> seen(dims.size(), false);
  for (size_t i = 0; i < dims.size(); ++i) {
    TC_ASSIGN_OR_RETURN(int64_t d, tensor::WrapDim(dims[i], in.dim()));
    if (seen[d]) return Invalid("permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sizes[i] = in.sizes[d];
    strides[i] = in.strides[d];
  }
  return One(ViewMeta(in, std::move(sizes), std::move(strides)));
}

// ATen's inferExpandGeometry.
Metas Expand(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  const Shape& target = IntList(a, 1);
  int64_t ndim = static_cast<int64_t>(target.size());
  int64_t tensor_dim = in.dim();
  if (ndim < tensor_dim) {
    return Invalid(absl::StrFormat(
        "expand(torch.%sTensor{%s}, size=%s): the number of sizes provided (%d) must be greater or "
        "equal to the number of dimensions in the tensor (%d)",
        ScalarTypeName(in.dtype), ShapeToString(in.sizes), ShapeToString(target), ndim,
        tensor_dim));
  }
  Shape sizes(ndim), strides(ndim);
  for (int64_t i = ndim - 1; i >= 0; --i) {
    int64_t offset = ndim - 1 - i;
    int64_t dim = tensor_dim - 1 - offset;
    int64_t size = dim >= 0 ? in.sizes[dim] : 1;
    int64_t stride =
        dim >= 0 ? in.strides[dim] : (i + 1 < ndim ? sizes[i + 1] * strides[i + 1] : 1);
    int64_t want = target[i];
    if (want == -1) {
      if (dim < 0) {
        return Invalid(absl::StrFormat(
            "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing "
            "dimension %d",
            i));
      }
      want = size;
    }
    if (size != want) {
      if (size != 1) {
        return Invalid(absl::StrFormat(
            "The expanded size of the tensor (%d) must match the existing size (%d) at "
            "non-singleton dimension %d.  Target sizes: %s.  Tensor sizes: %s",
            want, size, i, ShapeToString(target), ShapeToString(in.sizes)));
      }
      size = want;
      stride = 0;
    }
    sizes[i] = size;
    strides[i] = stride;
  }
  TC_RETURN_IF_ERROR(CheckNewSizes(sizes));
  return One(ViewMeta(in, std::move(sizes), std::move(strides)));
}

Metas Squeeze(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  std::vector<bool> chosen(in.dim(), IsNone(a, 1));
  if (!IsNone(a, 1)) {
    std::vector<bool> seen(std::max<int64_t>(in.dim(), 1), false);
    for (int64_t d : IntList(a, 1)) {
      TC_ASSIGN_OR_RETURN(int64_t w, tensor::WrapDim(d, in.dim()));
      if (seen[w]) {
        return Invalid(absl::StrFormat("dim %d appears multiple times in the list of dims", w));
      }
      seen[w] = true;
      if (in.dim() > 0) chosen[w] = true;
    }
  }
  Shape sizes, strides;
  for (int64_t i = 0; i < in.dim(); ++i) {
    if (chosen[i] && in.sizes[i] == 1) continue;
    sizes.push_back(in.sizes[i]);
    strides.push_back(in.strides[i]);
  }
  return One(ViewMeta(in, std::move(sizes), std::move(strides)));
}

Metas Unsqueeze(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), in.dim() + 1));
  Shape sizes = in.sizes, strides = in.strides;
  int64_t stride = dim >= in.dim() ? 1 : in.sizes[dim] * in.strides[dim];
  sizes.insert(sizes.begin() + dim, 1);
  strides.insert(strides.begin() + dim, stride);
  return One(ViewMeta(in, std::move(sizes), std::move(strides)));
}

Metas Slice(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  if (in.dim() == 0) return Invalid("slice() cannot be applied to a 0-dim tensor.");
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), in.dim()));
  int64_t step = Int(a, 4);
  if (step <= 0) return Invalid("slice step must be positive");
  int64_t size = in.sizes[dim];
  // Python slice clamping.
  auto clamp = [size](int64_t v) {
    if (v < 0) v += size;
    return std::clamp<int64_t>(v, 0, size);
  };
  int64_t start = IsNone(a, 2) ? 0 : clamp(Int(a, 2));
  int64_t end = IsNone(a, 3) ? size : clamp(Int(a, 3));
  if (end < start) end = start;
  Shape sizes = in.sizes, strides = in.strides;
  // (end - start + step - 1) / step would overflow for a huge step.
  sizes[dim] = end > start ? (end - start - 1) / step + 1 : 0;
  strides[dim] = in.strides[dim] * step;
  return One(ViewMeta(in, std::move(sizes), std::move(strides)));
}

OpDef ViewOp(std::string name, std::vector<ArgSpec> args, MetaFn meta) {
  return OpDef{std::move(name), std::move(args), OpCategory::kView, 1, meta};
}

}  // namespace

void AddViewOps(std::vector<OpDef>& ops) {
  constexpr ArgType kIL = ArgType::kIntList;
  ops.push_back(ViewOp("view", {Req("self", kT), Req("size", kIL)}, &View));
  ops.push_back(ViewOp("reshape", {Req("self", kT), Req("shape", kIL)}, &Reshape));
  ops.push_back(ViewOp("permute", {Req("self", kT), Req("dims", kIL)}, &Permute));
  ops.push_back(ViewOp("expand", {Req("self", kT), Req("size", kIL)}, &Expand));
  ops.push_back(ViewOp("squeeze", {Req("self", kT), Opt("dim", kIL)}, &Squeeze));
  ops.push_back(ViewOp("unsqueeze", {Req("self", kT), Req("dim", ArgType::kInt)}, &Unsqueeze));
  ops.push_back(
      ViewOp("slice",
             {Req("self", kT), Def("dim", ArgType::kInt, Scalar(0)), Opt("start", ArgType::kInt),
              Opt("end", ArgType::kInt), Def("step", ArgType::kInt, Scalar(1))},
             &Slice));
}

}  // namespace tc::graph_ir::internal
