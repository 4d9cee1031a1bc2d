// The resampling ops' backward ops (category extern): upsample_nearest_,
// upsample_linear_ and upsample_bicubic2d_backward, ATen's
// upsample_*{1,2,3}d_backward folded by family as the forward ops are
// (ops_upsample.cc). Each takes grad_output, the forward's output_size and
// input_size and its remaining arguments, and returns the input's gradient
// [N, C, *input_size], contiguous.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kIL = ArgType::kIntList;
constexpr ArgType kS = ArgType::kScalar;

// (grad_output, output_size, input_size, <the forward's arguments from
// its third on>): the forward's checks on an input of input_size, then
// grad_output against the forward's output (ATen's words).
Metas UpsampleBackward(Args a, const char* forward) {
  const TensorMeta& grad = Tensor(a, 0);
  const Shape& input_size = IntList(a, 2);
  TC_RETURN_IF_ERROR(CheckStorageSize(input_size, grad.dtype));
  const TensorMeta in = TensorMeta::Contiguous(grad.dtype, input_size, grad.device);
  std::vector<MetaArg> fwd = {in, a[1]};
  for (size_t i = 3; i < a.size(); ++i) fwd.push_back(a[i]);
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> out, FindOp(forward)->meta(fwd));
  if (grad.dim() != out[0].dim()) {
    return Invalid(
        absl::StrFormat("Expected grad_output to be a tensor of dimension %d but got: "
                        "dimension %d",
                        out[0].dim(), grad.dim()));
  }
  for (int64_t d = 0; d < grad.dim(); ++d) {
    if (grad.sizes[d] != out[0].sizes[d]) {
      return Invalid(absl::StrFormat(
          "Expected grad_output to have the same shape as output; output.size(%d) = %d but got "
          "grad_output.size(%d) = %d",
          d, out[0].sizes[d], d, grad.sizes[d]));
    }
  }
  if (!tensor::IsFloatingPoint(grad.dtype)) {
    return NotImplemented(absl::StrCat(forward, "_backward"), grad.dtype);
  }
  return One(in);
}

Metas UpsampleNearestBackward(Args a) { return UpsampleBackward(a, "upsample_nearest"); }
Metas UpsampleLinearBackward(Args a) { return UpsampleBackward(a, "upsample_linear"); }
Metas UpsampleBicubic2dBackward(Args a) { return UpsampleBackward(a, "upsample_bicubic2d"); }

// grad_output, output_size, input_size, then `rest`.
std::vector<ArgSpec> BackwardArgs(std::vector<ArgSpec> rest) {
  std::vector<ArgSpec> r = {Req("grad_output", kT), Req("output_size", kIL),
                            Req("input_size", kIL)};
  for (ArgSpec& s : rest) r.push_back(std::move(s));
  return r;
}

}  // namespace

void AddUpsampleBackwardOps(std::vector<OpDef>& ops) {
  ops.push_back(OpDef{"upsample_nearest_backward",
                      BackwardArgs({Def("exact", ArgType::kBool, Scalar(false)),
                                    Opt("scales_d", kS), Opt("scales_h", kS), Opt("scales_w", kS)}),
                      OpCategory::kExtern, 1, &UpsampleNearestBackward});
  ops.push_back(OpDef{"upsample_linear_backward",
                      BackwardArgs({Req("align_corners", ArgType::kBool), Opt("scales_d", kS),
                                    Opt("scales_h", kS), Opt("scales_w", kS)}),
                      OpCategory::kExtern, 1, &UpsampleLinearBackward});
  ops.push_back(OpDef{"upsample_bicubic2d_backward",
                      BackwardArgs({Req("align_corners", ArgType::kBool), Opt("scales_h", kS),
                                    Opt("scales_w", kS)}),
                      OpCategory::kExtern, 1, &UpsampleBicubic2dBackward});
}

}  // namespace tc::graph_ir::internal
