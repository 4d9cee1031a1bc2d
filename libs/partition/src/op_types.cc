#include "tc/partition/op_types.h"

#include <string_view>

#include "absl/container/flat_hash_set.h"

namespace tc::partition {
namespace {

using Names = absl::flat_hash_set<std::string_view>;

// graph-ir ops whose ATen counterpart is in PyTorch's recomputable list or
// carries ATen's `pointwise` tag (checked against torch 2.15: floor_divide
// is neither; prod, amin, argmin, cumsum, index_select are not listed).
const Names& RecomputableNames() {
  static const Names* names = new Names{
      // pointwise
      "abs", "neg", "exp", "log", "log1p", "expm1", "sqrt", "rsqrt", "sin", "cos", "tan", "tanh",
      "sigmoid", "erf", "relu", "silu", "gelu", "floor", "ceil", "round", "sign", "logical_not",
      "bitwise_not", "add", "sub", "mul", "div", "remainder", "pow", "maximum", "minimum", "eq",
      "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor", "bitwise_and",
      "bitwise_or", "bitwise_xor", "where", "clamp", "clone", "to_dtype", "lerp", "addcmul",
      "addcdiv", "hypot", "atan2", "logit", "nan_to_num", "isnan", "isinf", "isfinite",
      // reductions
      "sum", "mean", "amax", "argmax", "var", "std", "any",
      // views and shape
      "view", "reshape", "permute", "expand", "squeeze", "unsqueeze", "slice", "t",
      // creation and indexing
      "full", "arange", "gather", "triu", "masked_fill",
      // pointwise composites ATen tags pointwise
      "elu", "selu", "celu", "leaky_relu", "rrelu", "hardtanh", "relu6", "hardsigmoid", "softplus",
      "mish"};
  return *names;
}

const Names& ViewNames() {
  static const Names* names =
      new Names{"view", "permute", "expand", "squeeze", "unsqueeze", "slice", "t"};
  return *names;
}

// PyTorch lists mm, bmm, addmm, convolution, the flash/efficient attention
// kernels and upsample_bilinear2d; tc's graphs also keep matmul, linear and
// the conv and batched-product composites whole.
const Names& ComputeIntensiveNames() {
  static const Names* names = new Names{"mm",
                                        "bmm",
                                        "matmul",
                                        "addmm",
                                        "baddbmm",
                                        "addbmm",
                                        "addmv",
                                        "linear",
                                        "convolution",
                                        "conv1d",
                                        "conv2d",
                                        "conv3d",
                                        "conv_transpose1d",
                                        "conv_transpose2d",
                                        "scaled_dot_product_attention",
                                        "upsample_linear"};
  return *names;
}

// Composites that draw (PyTorch's native_dropout is a random op; tc's
// rrelu runs in eval mode only, so it does not draw).
const Names& RandomCompositeNames() {
  static const Names* names =
      new Names{"dropout", "alpha_dropout", "feature_dropout", "feature_alpha_dropout"};
  return *names;
}

}  // namespace

bool IsRecomputable(const graph_ir::OpDef& op) { return RecomputableNames().contains(op.name); }

bool IsView(const graph_ir::OpDef& op) { return ViewNames().contains(op.name); }

bool IsRandom(const graph_ir::OpDef& op) {
  return op.category == graph_ir::OpCategory::kRandom || RandomCompositeNames().contains(op.name);
}

bool IsComputeIntensive(const graph_ir::OpDef& op) {
  return ComputeIntensiveNames().contains(op.name);
}

bool IsFusible(const graph_ir::OpDef& op) { return IsRecomputable(op) || IsRandom(op); }

}  // namespace tc::partition
