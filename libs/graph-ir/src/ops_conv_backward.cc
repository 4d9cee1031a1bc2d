// convolution_backward: ATen's one backward op of every convolution (1-3
// spatial dims, strided, padded, dilated, grouped, transposed), so a joint
// graph holds one node per convolution's backward, as Inductor's do. It
// takes the forward's arguments and an output mask; an output the mask
// leaves out (ATen's undefined tensor) is an empty [0] tensor here.
#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kIL = ArgType::kIntList;

// convolution_backward(grad_output, input, weight, bias_sizes?, stride,
// padding, dilation, transposed, output_padding, groups, output_mask) ->
// (grad_input, grad_weight, grad_bias).
Metas ConvolutionBackward(Args a) {
  const TensorMeta& grad = Tensor(a, 0);
  const TensorMeta& in = Tensor(a, 1);
  const TensorMeta& w = Tensor(a, 2);
  TC_ASSIGN_OR_RETURN(std::vector<bool> mask, OutputMask(IntList(a, 10)));
  // The forward's checks and output, for the bias the sizes say.
  std::vector<MetaArg> fwd = {in, w, Constant(None{})};
  if (!IsNone(a, 3)) fwd[2] = TensorMeta::Contiguous(in.dtype, IntList(a, 3), in.device);
  for (size_t i = 4; i <= 9; ++i) fwd.push_back(a[i]);
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> out, FindOp("convolution")->meta(fwd));
  if (grad.sizes != out[0].sizes) {
    return Invalid(absl::StrFormat(
        "Expected grad_output of size %s (the convolution's output), but got grad_output of size "
        "%s",
        tensor::ShapeToString(out[0].sizes), tensor::ShapeToString(grad.sizes)));
  }
  if (grad.dtype != in.dtype) {
    return Invalid(absl::StrFormat("expected scalar type %s but found %s", ScalarTypeName(in.dtype),
                                   ScalarTypeName(grad.dtype)));
  }
  if (!tensor::IsFloatingPoint(in.dtype)) {
    return NotImplemented(
        Bool(a, 7) ? "slow_conv_transpose2d_backward_out_cpu" : "slow_conv2d_cpu_grad_input",
        in.dtype);
  }
  const TensorMeta none = TensorMeta::Contiguous(in.dtype, Shape{0}, in.device);
  // As the forward lays out its output: a channels_last input makes the
  // weight's gradient channels_last too (PyTorch's).
  const TensorMeta& like =
      tensor::SuggestMemoryFormat(in.sizes, in.strides) == tensor::MemoryFormat::kContiguous ? w
                                                                                             : in;
  return std::vector<TensorMeta>{
      mask[0] ? SuggestedLayoutOut(in.dtype, in.sizes, in.device, in) : none,
      mask[1] ? SuggestedLayoutOut(in.dtype, w.sizes, in.device, like) : none,
      mask[2] ? TensorMeta::Contiguous(in.dtype, Shape{out[0].sizes[1]}, in.device) : none};
}

}  // namespace

void AddConvBackwardOps(std::vector<OpDef>& ops) {
  ops.push_back(
      OpDef{"convolution_backward",
            {Req("grad_output", kT), Req("input", kT), Req("weight", kT), Opt("bias_sizes", kIL),
             Req("stride", kIL), Req("padding", kIL), Req("dilation", kIL),
             Req("transposed", ArgType::kBool), Req("output_padding", kIL),
             Req("groups", ArgType::kInt), Req("output_mask", kIL)},
            OpCategory::kExtern,
            3,
            &ConvolutionBackward});
}

}  // namespace tc::graph_ir::internal
