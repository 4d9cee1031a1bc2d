// The dropouts as ATen's _dropout_impl builds them: dropout
// (input * (bernoulli(1 - p) / (1 - p))), feature_dropout (one draw per [N, C] plane,
// broadcast over the rest), alpha_dropout and feature_alpha_dropout (the
// dropped values become the SELU saturation, then an affine correction
// keeps mean and variance). The noise is bernoulli(1 - p) in the input's
// dtype, drawn as ATen draws it, so a seeded run drops what PyTorch drops.
#include <cmath>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;

template <bool kFeature, bool kAlpha>
Refs DropoutVariant(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  const double p = Float(a, 1);
  if (!(p >= 0 && p <= 1)) {
    return Invalid(absl::StrFormat("dropout probability has to be between 0 and 1, but got %s",
                                   ScalarArg(a, 1).ToString()));
  }
  if (!Bool(a, 2) || p == 0 || in.numel() == 0) return std::vector<EmitRef>{x};
  if (kFeature && in.dim() < 2) {
    return Invalid("Feature dropout requires at least 2 dimensions in the input");
  }
  if (p == 1) {
    TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "mul", {x, CBool(false)}));
    return std::vector<EmitRef>{out};
  }
  if (!IsFloatingPoint(in.dtype)) {
    return Invalid(absl::StrFormat("result type Float can't be cast to the desired output type %s",
                                   ScalarTypeName(in.dtype)));
  }
  // ATen's make_feature_noise: [N, C, 1, ...].
  Shape noise_sizes = in.sizes;
  if (kFeature) {
    for (size_t d = 2; d < noise_sizes.size(); ++d) noise_sizes[d] = 1;
  }
  TC_ASSIGN_OR_RETURN(EmitRef noise,
                      Emit1(e, "bernoulli", {CList(noise_sizes), CNum(1 - p), CDType(in.dtype)}));
  if (!kAlpha) {
    TC_ASSIGN_OR_RETURN(EmitRef scaled, Emit1(e, "div", {noise, CNum(1 - p)}));
    TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "mul", {x, scaled}));
    return std::vector<EmitRef>{out};
  }
  // b = (noise - 1) * (alpha * a) + alpha * a * p; noise *= a;
  // out = x * noise + b, each step in the input's dtype as ATen's in-place ops.
  constexpr double kAlphaSelu = 1.7580993408473766;
  const double scale = 1. / std::sqrt((kAlphaSelu * kAlphaSelu * p + 1) * (1 - p));
  TC_ASSIGN_OR_RETURN(EmitRef b, Emit1(e, "add", {noise, CNum(Scalar(int64_t{-1}))}));
  TC_ASSIGN_OR_RETURN(b, Emit1(e, "mul", {b, CNum(kAlphaSelu * scale)}));
  TC_ASSIGN_OR_RETURN(b, Emit1(e, "add", {b, CNum(kAlphaSelu * scale * p)}));
  TC_ASSIGN_OR_RETURN(EmitRef kept, Emit1(e, "mul", {noise, CNum(scale)}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "mul", {x, kept}));
  TC_ASSIGN_OR_RETURN(out, Emit1(e, "add", {out, b}));
  return std::vector<EmitRef>{out};
}

std::vector<ArgSpec> DropoutArgs() {
  return {Req("input", kT), Req("p", ArgType::kScalar), Req("train", ArgType::kBool)};
}

}  // namespace

void AddCompositeDropoutOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&DropoutVariant<false, false>>(
      "dropout", {Req("input", kT), Def("p", ArgType::kScalar, Scalar(0.5)),
                  Def("train", ArgType::kBool, Scalar(true))}));
  ops.push_back(Composite<&DropoutVariant<false, true>>("alpha_dropout", DropoutArgs()));
  ops.push_back(Composite<&DropoutVariant<true, false>>("feature_dropout", DropoutArgs()));
  ops.push_back(Composite<&DropoutVariant<true, true>>("feature_alpha_dropout", DropoutArgs()));
}

}  // namespace tc::graph_ir::internal
