#include "meta_util.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/layout.h"

namespace tc::graph_ir::internal {

ArgSpec Req(std::string name, ArgType type) { return ArgSpec{std::move(name), type, false, {}}; }

ArgSpec Def(std::string name, ArgType type, Constant value) {
  return ArgSpec{std::move(name), type, false, std::move(value)};
}

ArgSpec Opt(std::string name, ArgType type) {
  return ArgSpec{std::move(name), type, true, Constant(None{})};
}

tensor::TypeOperand Operand(const MetaArg& arg) {
  if (const auto* t = std::get_if<TensorMeta>(&arg)) {
    return {t->dtype, t->dim() == 0 ? tensor::OperandKind::kZeroDim : tensor::OperandKind::kTensor};
  }
  return {std::get<Scalar>(std::get<Constant>(arg)).dtype(), tensor::OperandKind::kScalar};
}

DType Promote(Args a, std::initializer_list<size_t> indices) {
  tensor::TypeOperand ops[4];
  size_t n = 0;
  for (size_t i : indices) {
    if (IsNone(a, i)) continue;
    ops[n++] = Operand(a[i]);
  }
  return tensor::ResultType(std::span<const tensor::TypeOperand>(ops, n));
}

absl::StatusOr<Shape> Broadcast(Args a, std::initializer_list<size_t> indices) {
  // The first shape is taken as is and equal shapes skip the general
  // routine: the common eager case (same-shape operands) then only copies.
  Shape out;
  bool first = true;
  for (size_t i : indices) {
    if (!IsTensor(a, i)) continue;
    const Shape& s = Tensor(a, i).sizes;
    if (first) {
      out = s;
      first = false;
    } else if (out != s) {
      TC_ASSIGN_OR_RETURN(out, tensor::BroadcastShapes(out, s));
    }
  }
  return out;
}

tensor::Device DeviceOf(Args a) {
  for (const MetaArg& arg : a) {
    if (const auto* t = std::get_if<TensorMeta>(&arg)) return t->device;
    if (const auto* l = std::get_if<std::vector<TensorMeta>>(&arg); l && !l->empty()) {
      return l->front().device;
    }
  }
  return tensor::Device::CPU();
}

absl::Status NotImplemented(std::string_view kernel, DType dtype) {
  return absl::InvalidArgumentError(
      absl::StrFormat("\"%s\" not implemented for '%s'", kernel, ScalarTypeName(dtype)));
}

absl::Status Invalid(std::string message) { return absl::InvalidArgumentError(std::move(message)); }

absl::StatusOr<std::vector<bool>> OutputMask(const Shape& mask) {
  if (mask.size() != 3) {
    return Invalid(absl::StrFormat("output_mask must have 3 elements, but got %d", mask.size()));
  }
  return std::vector<bool>{mask[0] != 0, mask[1] != 0, mask[2] != 0};
}

TensorMeta Contig(DType dtype, const Shape& sizes, tensor::Device device) {
  return TensorMeta::Contiguous(dtype, sizes, device);
}

TensorMeta SuggestedLayoutOut(DType dtype, const Shape& sizes, tensor::Device device,
                              const TensorMeta& like) {
  const tensor::MemoryFormat f = tensor::SuggestMemoryFormat(like.sizes, like.strides);
  absl::StatusOr<Shape> strides = tensor::FormatStrides(sizes, f, {});
  if (f == tensor::MemoryFormat::kContiguous || !strides.ok()) return Contig(dtype, sizes, device);
  return TensorMeta{dtype, sizes, *std::move(strides), device};
}

TensorMeta PointwiseOut(DType dtype, const Shape& sizes, tensor::Device device, Args a,
                        std::initializer_list<size_t> indices) {
  absl::InlinedVector<tensor::LayoutOperand, 4> ops;
  for (size_t i : indices) {
    if (i < a.size() && IsTensor(a, i)) ops.push_back({Tensor(a, i).sizes, Tensor(a, i).strides});
  }
  return TensorMeta{dtype, sizes, tensor::PointwiseStrides(sizes, ops), device};
}

absl::StatusOr<std::vector<bool>> ReduceMask(int64_t rank, tensor::IntSpan dims) {
  std::vector<bool> mask(rank, dims.empty());
  for (int64_t d : dims) {
    TC_ASSIGN_OR_RETURN(int64_t w, tensor::WrapDim(d, rank));
    if (rank == 0) continue;
    if (mask[w]) {
      return Invalid(absl::StrFormat("dim %d appears multiple times in the list of dims", w));
    }
    mask[w] = true;
  }
  return mask;
}

Shape ReducedSizes(tensor::IntSpan sizes, const std::vector<bool>& mask, bool keepdim) {
  Shape out;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (!mask[i]) {
      out.push_back(sizes[i]);
    } else if (keepdim) {
      out.push_back(1);
    }
  }
  return out;
}

namespace {

absl::Status CheckNonNegative(tensor::IntSpan sizes) {
  for (int64_t s : sizes) {
    if (s < 0) {
      return Invalid(absl::StrFormat("Trying to create tensor with negative dimension %d: %s", s,
                                     tensor::ShapeToString(sizes)));
    }
  }
  return absl::OkStatus();
}

// sizes' product times `factor`, or false when it does not fit in int64.
bool CheckedProduct(tensor::IntSpan sizes, int64_t factor, int64_t* out) {
  for (int64_t s : sizes) {
    if (__builtin_mul_overflow(factor, s, &factor)) return false;
  }
  *out = factor;
  return true;
}

}  // namespace

absl::Status CheckNewSizes(tensor::IntSpan sizes) {
  TC_RETURN_IF_ERROR(CheckNonNegative(sizes));
  int64_t numel;
  if (!CheckedProduct(sizes, 1, &numel)) return Invalid("numel: integer multiplication overflow");
  return absl::OkStatus();
}

absl::Status CheckStorageSize(tensor::IntSpan sizes, DType dtype) {
  TC_RETURN_IF_ERROR(CheckNonNegative(sizes));
  int64_t bytes;
  if (!CheckedProduct(sizes, static_cast<int64_t>(tensor::ItemSize(dtype)), &bytes)) {
    return Invalid(absl::StrFormat("Storage size calculation overflowed with sizes=%s",
                                   tensor::ShapeToString(sizes)));
  }
  // Row-major strides skip size-0 dims (as max(size, 1)), so a tensor with
  // no elements can still have strides beyond int64.
  int64_t stride = 1;
  for (size_t i = sizes.size(); i-- > 1;) {
    if (__builtin_mul_overflow(stride, std::max<int64_t>(sizes[i], 1), &stride)) {
      return Invalid("Stride calculation overflowed");
    }
  }
  return absl::OkStatus();
}

}  // namespace tc::graph_ir::internal
