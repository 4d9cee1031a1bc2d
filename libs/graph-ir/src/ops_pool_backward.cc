// The pools' backward ops, ATen's: max_pool2d_with_indices_backward,
// avg_pool2d_backward, _adaptive_avg_pool2d_backward and
// adaptive_max_pool2d_backward (category extern, one joint-graph node per
// pool's backward). Each takes the forward's input and arguments, checks
// them with the forward's meta function, and returns a gradient laid out
// as the input.
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kIL = ArgType::kIntList;

// ATen's check_dim_size on every dim of `t` against `sizes`.
absl::Status CheckSizes(const TensorMeta& t, const Shape& sizes) {
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (t.dim() != static_cast<int64_t>(sizes.size()) || t.sizes[d] != sizes[d]) {
      return Invalid(absl::StrFormat(
          "Expected a tensor of dimension %d and tensor.size[%d] == %d but got: dimension %d and "
          "tensor.size[%d] = %d",
          sizes.size(), d, sizes[d], t.dim(), d, d < t.sizes.size() ? t.sizes[d] : 0));
    }
  }
  return absl::OkStatus();
}

// The forward op's output metas for the backward's arguments [first, last].
absl::StatusOr<std::vector<TensorMeta>> Forward(const char* op, Args a, size_t first, size_t last) {
  std::vector<MetaArg> fwd(a.begin() + first, a.begin() + last + 1);
  return FindOp(op)->meta(fwd);
}

// grad_output (and indices, when given) shaped as the forward's output,
// grad_output in the input's floating dtype; the gradient, laid out as the
// input.
Metas PoolGrad(const TensorMeta& grad, const TensorMeta& in, const TensorMeta& out,
               const TensorMeta* indices) {
  TC_RETURN_IF_ERROR(CheckSizes(grad, out.sizes));
  if (indices != nullptr) {
    TC_RETURN_IF_ERROR(CheckSizes(*indices, out.sizes));
    if (indices->dtype != DType::kInt64) {
      return Invalid(absl::StrFormat("expected indices to have type Long but got %s",
                                     ScalarTypeName(indices->dtype)));
    }
  }
  if (grad.dtype != in.dtype) {
    return Invalid(absl::StrFormat("expected scalar type %s but found %s", ScalarTypeName(in.dtype),
                                   ScalarTypeName(grad.dtype)));
  }
  if (!tensor::IsFloatingPoint(in.dtype)) return NotImplemented("pooling backward", in.dtype);
  return One(SuggestedLayoutOut(in.dtype, in.sizes, in.device, in));
}

// max_pool2d_with_indices_backward(grad_output, self, kernel_size, stride,
// padding, dilation, ceil_mode, indices).
Metas MaxPool2dBackward(Args a) {
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> out, Forward("max_pool2d_with_indices", a, 1, 6));
  return PoolGrad(Tensor(a, 0), Tensor(a, 1), out[0], &Tensor(a, 7));
}

// avg_pool2d_backward(grad_output, self, kernel_size, stride, padding,
// ceil_mode, count_include_pad, divisor_override).
Metas AvgPool2dBackward(Args a) {
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> out, Forward("avg_pool2d", a, 1, 7));
  return PoolGrad(Tensor(a, 0), Tensor(a, 1), out[0], nullptr);
}

// The adaptive pools' output size: the last two sizes of grad_output,
// which must have the input's rank (ATen's words).
absl::StatusOr<Shape> AdaptiveOutputSize(const TensorMeta& grad, const TensorMeta& in,
                                         const char* op) {
  if (grad.dim() != in.dim() || grad.dim() < 3) {
    return Invalid(
        absl::StrFormat("%s: Expected dimensions %d for `grad_output` but got dimensions %d", op,
                        in.dim(), grad.dim()));
  }
  return Shape{grad.sizes[grad.dim() - 2], grad.sizes[grad.dim() - 1]};
}

// _adaptive_avg_pool2d_backward(grad_output, self).
Metas AdaptiveAvgPool2dBackward(Args a) {
  const TensorMeta& grad = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(
      Shape os,
      AdaptiveOutputSize(grad, Tensor(a, 1), "adaptive_avg_pool2d_backward_out_cpu_template"));
  std::vector<MetaArg> fwd = {a[1], Constant(os)};
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> out, FindOp("_adaptive_avg_pool2d")->meta(fwd));
  return PoolGrad(grad, Tensor(a, 1), out[0], nullptr);
}

// adaptive_max_pool2d_backward(grad_output, self, indices).
Metas AdaptiveMaxPool2dBackward(Args a) {
  const TensorMeta& grad = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(Shape os,
                      AdaptiveOutputSize(grad, Tensor(a, 1), "adaptive_max_pool2d_backward"));
  std::vector<MetaArg> fwd = {a[1], Constant(os)};
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> out, FindOp("adaptive_max_pool2d")->meta(fwd));
  return PoolGrad(grad, Tensor(a, 1), out[0], &Tensor(a, 2));
}

}  // namespace

void AddPoolBackwardOps(std::vector<OpDef>& ops) {
  ops.push_back(OpDef{"max_pool2d_with_indices_backward",
                      {Req("grad_output", kT), Req("self", kT), Req("kernel_size", kIL),
                       Req("stride", kIL), Req("padding", kIL), Req("dilation", kIL),
                       Req("ceil_mode", ArgType::kBool), Req("indices", kT)},
                      OpCategory::kExtern,
                      1,
                      &MaxPool2dBackward});
  ops.push_back(
      OpDef{"avg_pool2d_backward",
            {Req("grad_output", kT), Req("self", kT), Req("kernel_size", kIL), Req("stride", kIL),
             Req("padding", kIL), Req("ceil_mode", ArgType::kBool),
             Req("count_include_pad", ArgType::kBool), Opt("divisor_override", ArgType::kInt)},
            OpCategory::kExtern,
            1,
            &AvgPool2dBackward});
  ops.push_back(OpDef{"_adaptive_avg_pool2d_backward",
                      {Req("grad_output", kT), Req("self", kT)},
                      OpCategory::kExtern,
                      1,
                      &AdaptiveAvgPool2dBackward});
  ops.push_back(OpDef{"adaptive_max_pool2d_backward",
                      {Req("grad_output", kT), Req("self", kT), Req("indices", kT)},
                      OpCategory::kExtern,
                      1,
                      &AdaptiveMaxPool2dBackward});
}

}  // namespace tc::graph_ir::internal
