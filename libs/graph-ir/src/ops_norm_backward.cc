// native_batch_norm_backward: batch_norm's backward op, ATen's (one
// joint-graph node per batch_norm's backward). In training it normalizes
// with the batch statistics: save_mean / save_invstd when given, else it
// computes them from the input (tc's batch_norm op returns the new running
// statistics, not the batch's); in evaluation with the running statistics.
// An output the mask leaves out is an empty [0] tensor.
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;

// native_batch_norm_backward(grad_out, input, weight?, running_mean?,
// running_var?, save_mean?, save_invstd?, train, eps, output_mask) ->
// (grad_input, grad_weight, grad_bias).
Metas NativeBatchNormBackward(Args a) {
  const TensorMeta& grad = Tensor(a, 0);
  const TensorMeta& in = Tensor(a, 1);
  TC_ASSIGN_OR_RETURN(std::vector<bool> mask, OutputMask(IntList(a, 9)));
  if (in.dim() < 2) {
    return Invalid(
        absl::StrFormat("Expected input of at least 2 dimensions, but got %d", in.dim()));
  }
  if (grad.sizes != in.sizes) {
    return Invalid(absl::StrFormat("Expected grad_out of size %s (the input's), but got %s",
                                   tensor::ShapeToString(in.sizes),
                                   tensor::ShapeToString(grad.sizes)));
  }
  const int64_t channels = in.sizes[1];
  static constexpr const char* kNames[] = {"weight", "running_mean", "running_var", "save_mean",
                                           "save_invstd"};
  for (size_t i = 2; i <= 6; ++i) {
    if (IsNone(a, i)) continue;
    const TensorMeta& p = Tensor(a, i);
    if (p.numel() != channels) {
      return Invalid(absl::StrFormat("%s should contain %d elements not %d", kNames[i - 2],
                                     channels, p.numel()));
    }
    if (p.dtype != in.dtype) {
      return Invalid("mixed dtype (CPU): all inputs must share same datatype.");
    }
  }
  if (grad.dtype != in.dtype) {
    return Invalid(absl::StrFormat("expected scalar type %s but found %s", ScalarTypeName(in.dtype),
                                   ScalarTypeName(grad.dtype)));
  }
  if (!Bool(a, 7) && (IsNone(a, 3) || IsNone(a, 4))) {
    return Invalid("running_mean and running_var must be defined in evaluation mode");
  }
  if (!tensor::IsFloatingPoint(in.dtype)) {
    return NotImplemented("batch_norm_backward_cpu", in.dtype);
  }
  const TensorMeta none = TensorMeta::Contiguous(in.dtype, Shape{0}, in.device);
  const TensorMeta per_channel = TensorMeta::Contiguous(in.dtype, Shape{channels}, in.device);
  return std::vector<TensorMeta>{
      mask[0] ? SuggestedLayoutOut(in.dtype, in.sizes, in.device, in) : none,
      mask[1] ? per_channel : none, mask[2] ? per_channel : none};
}

}  // namespace

void AddNormBackwardOps(std::vector<OpDef>& ops) {
  ops.push_back(OpDef{"native_batch_norm_backward",
                      {Req("grad_out", kT), Req("input", kT), Opt("weight", kT),
                       Opt("running_mean", kT), Opt("running_var", kT), Opt("save_mean", kT),
                       Opt("save_invstd", kT), Req("train", ArgType::kBool),
                       Req("eps", ArgType::kScalar), Req("output_mask", ArgType::kIntList)},
                      OpCategory::kExtern,
                      3,
                      &NativeBatchNormBackward});
}

}  // namespace tc::graph_ir::internal
