// layer_norm_backward: layer_norm's gradients as one op (the node its
// derivative emits, eager and in joint graphs), so eager runs its fused
// row kernel (kernels' norms.cc) and backends lower this decomposition,
// the formula that recomputes the row statistics from the input:
//   x_hat = (x - mean) * rstd,  g = grad_out * weight,
//   grad_input = rstd * ((g - mean(g)) - x_hat * mean(g * x_hat)),
//   grad_weight = sum(grad_out * x_hat), grad_bias = sum(grad_out) over the
//   leading (unnormalized) dims.
// An output the mask leaves out, or whose parameter is None, is an empty
// [0] tensor. Half and bfloat16 compute in float32 and round once, as
// layer_norm's forward.
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;
constexpr ArgType kT = ArgType::kTensor;

RefOr MeanKeep(Emitter& e, EmitRef x, const Shape& dims) {
  return Emit1(e, "mean", {x, CList(dims), CBool(true)});
}

// (grad_out, input, normalized_shape, weight?, bias?, eps, output_mask)
Refs LayerNormBackward(Emitter& e, EArgs a) {
  EmitRef dy = Ref(a, 0), x = Ref(a, 1);
  const TensorMeta in = e.Meta(x);
  const Shape& shape = IntList(a, 2);
  const int64_t k = static_cast<int64_t>(shape.size());
  TC_RETURN_IF_ERROR(CheckNormalizedShape(e, a, in, shape, 3, 4, ", "));
  if (!IsFloatingPoint(in.dtype)) return NotImplemented("LayerNormBackwardKernelImpl", in.dtype);
  if (e.Meta(dy).sizes != in.sizes || e.Meta(dy).dtype != in.dtype) {
    return Invalid(absl::StrFormat("layer_norm_backward: grad_out of %s %s for an input of %s %s",
                                   ScalarTypeName(e.Meta(dy).dtype),
                                   tensor::ShapeToString(e.Meta(dy).sizes),
                                   ScalarTypeName(in.dtype), tensor::ShapeToString(in.sizes)));
  }
  const Shape& mask = IntList(a, 6);
  if (mask.size() != 3) return Invalid("layer_norm_backward: output_mask must have 3 entries");
  const bool reduced = in.dtype == DType::kFloat16 || in.dtype == DType::kBFloat16;
  std::optional<EmitRef> w;
  if (!IsNone(a, 3)) w = Ref(a, 3);
  if (reduced) {
    TC_ASSIGN_OR_RETURN(x, ToDType(e, x, DType::kFloat32));
    TC_ASSIGN_OR_RETURN(dy, ToDType(e, dy, DType::kFloat32));
    if (w.has_value()) {
      TC_ASSIGN_OR_RETURN(w, ToDType(e, *w, DType::kFloat32));
    }
  }
  Shape dims, lead;
  for (int64_t i = -k; i < 0; ++i) dims.push_back(i);
  for (int64_t i = 0; i < in.dim() - k; ++i) lead.push_back(i);
  TC_ASSIGN_OR_RETURN(EmitRef mean, MeanKeep(e, x, dims));
  TC_ASSIGN_OR_RETURN(EmitRef xc, Emit1(e, "sub", {x, mean}));
  TC_ASSIGN_OR_RETURN(EmitRef sq, Emit1(e, "mul", {xc, xc}));
  TC_ASSIGN_OR_RETURN(EmitRef var, MeanKeep(e, sq, dims));
  TC_ASSIGN_OR_RETURN(EmitRef var_eps, Emit1(e, "add", {var, a[5]}));
  TC_ASSIGN_OR_RETURN(EmitRef rstd, Emit1(e, "rsqrt", {var_eps}));
  TC_ASSIGN_OR_RETURN(EmitRef x_hat, Emit1(e, "mul", {xc, rstd}));
  auto finish = [&](EmitRef r) -> RefOr {
    if (!reduced) return r;
    return ToDType(e, r, in.dtype);
  };
  auto empty = [&]() {
    return Emit1(e, "full", {CList({0}), CNum(Scalar(0.0)), CDType(in.dtype)});
  };
  std::vector<EmitRef> outs;
  if (mask[0] != 0) {
    EmitRef g = dy;
    if (w.has_value()) {
      TC_ASSIGN_OR_RETURN(g, Emit1(e, "mul", {dy, *w}));
    }
    TC_ASSIGN_OR_RETURN(EmitRef mg, MeanKeep(e, g, dims));
    TC_ASSIGN_OR_RETURN(EmitRef centered, Emit1(e, "sub", {g, mg}));
    TC_ASSIGN_OR_RETURN(EmitRef gx, Emit1(e, "mul", {g, x_hat}));
    TC_ASSIGN_OR_RETURN(EmitRef mgx, MeanKeep(e, gx, dims));
    TC_ASSIGN_OR_RETURN(EmitRef proj, Emit1(e, "mul", {x_hat, mgx}));
    TC_ASSIGN_OR_RETURN(EmitRef diff, Emit1(e, "sub", {centered, proj}));
    TC_ASSIGN_OR_RETURN(EmitRef dx, Emit1(e, "mul", {rstd, diff}));
    TC_ASSIGN_OR_RETURN(dx, finish(dx));
    outs.push_back(dx);
  } else {
    TC_ASSIGN_OR_RETURN(EmitRef none, empty());
    outs.push_back(none);
  }
  // The parameters' gradients: per-element terms summed over the leading dims.
  auto column_sum = [&](EmitRef r) -> RefOr {
    if (lead.empty()) return finish(r);
    TC_ASSIGN_OR_RETURN(EmitRef s, Emit1(e, "sum", {r, CList(lead), CBool(false)}));
    return finish(s);
  };
  if (mask[1] != 0 && w.has_value()) {
    TC_ASSIGN_OR_RETURN(EmitRef t, Emit1(e, "mul", {dy, x_hat}));
    TC_ASSIGN_OR_RETURN(EmitRef dw, column_sum(t));
    outs.push_back(dw);
  } else {
    TC_ASSIGN_OR_RETURN(EmitRef none, empty());
    outs.push_back(none);
  }
  if (mask[2] != 0 && !IsNone(a, 4)) {
    TC_ASSIGN_OR_RETURN(EmitRef db, column_sum(dy));
    outs.push_back(db);
  } else {
    TC_ASSIGN_OR_RETURN(EmitRef none, empty());
    outs.push_back(none);
  }
  return outs;
}

}  // namespace

void AddCompositeNormBackwardOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&LayerNormBackward>(
      "layer_norm_backward",
      {Req("grad_out", kT), Req("input", kT), Req("normalized_shape", ArgType::kIntList),
       Opt("weight", kT), Opt("bias", kT), Def("eps", ArgType::kScalar, Scalar(1e-5)),
       Req("output_mask", ArgType::kIntList)},
      3));
}

}  // namespace tc::graph_ir::internal
