// Derivatives of the composite nn ops that run a fused eager kernel
// (softmax, log_softmax, layer_norm, embedding, nll_loss, cross_entropy):
// they keep that kernel for the forward, whose values are PyTorch's, and
// differentiate with PyTorch's backward formulas.
#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;

EmitRef SumKeep(GradBuilder& g, EmitRef r, const Shape& dims) {
  return g.Op("sum", {r, GradBuilder::L(dims), GradBuilder::B(true), GradBuilder::NoneArg()});
}
R SoftmaxGrad(const BackwardArgs& b) {
  // out * (grad - sum(grad * out, dim))
  GradBuilder g(b);
  EmitRef out = g.Out();
  EmitRef grad = g.GradOrZeros(0);
  const Shape dim = {WrapDim(g.Int(1), g.Meta(out).dim())};
  g.Set(0, g.Mul(out, g.Sub(grad, SumKeep(g, g.Mul(grad, out), dim))));
  return g.Done();
}
R LogSoftmaxGrad(const BackwardArgs& b) {
  // grad - exp(out) * sum(grad, dim)
  GradBuilder g(b);
  EmitRef out = g.Out();
  EmitRef grad = g.GradOrZeros(0);
  const Shape dim = {WrapDim(g.Int(1), g.Meta(out).dim())};
  g.Set(0, g.Sub(grad, g.Mul(g.Op("exp", {out}), SumKeep(g, grad, dim))));
  return g.Done();
}
R LayerNormGrad(const BackwardArgs& b) {
  // One layer_norm_backward node (graph-ir's composite: its decomposition
  // recomputes the statistics, x_hat = (x - mean) * rstd, and gives
  // dx = rstd * (dy_hat - mean(dy_hat) - x_hat * mean(dy_hat * x_hat)),
  // dy_hat = dy * weight, dweight = sum(dy * x_hat), dbias = sum(dy));
  // eager runs its fused row kernel.
  GradBuilder g(b);
  const bool dw = g.IsTensor(2) && g.Needs(2), db = g.IsTensor(3) && g.Needs(3);
  std::vector<EmitRef> r = g.OpN(
      "layer_norm_backward", {g.GradOrZeros(0), g.In(0), GradBuilder::L(g.Ints(1)),
                              g.IsTensor(2) ? EmitArg(g.In(2)) : GradBuilder::NoneArg(),
                              g.IsTensor(3) ? EmitArg(g.In(3)) : GradBuilder::NoneArg(), g.Const(4),
                              GradBuilder::L({g.Needs(0) ? 1 : 0, dw ? 1 : 0, db ? 1 : 0})});
  if (g.Needs(0)) g.Set(0, r[0]);
  if (dw) g.Set(2, r[1]);
  if (db) g.Set(3, r[2]);
  return g.Done();
}
R EmbeddingGrad(const BackwardArgs& b) {
  // Rows of the gradient added into zeros at their indices, in order; the
  // padding index gets nothing (ATen's embedding_dense_backward).
  GradBuilder g(b);
  const TensorMeta mw = g.Meta(g.In(0));
  EmitRef idx = g.In(1);
  EmitRef grad = g.GradOrZeros(0);
  const int64_t d = mw.sizes.back();
  if (!g.IsNone(2)) {
    const int64_t pad = g.Int(2) < 0 ? g.Int(2) + mw.sizes[0] : g.Int(2);
    EmitRef is_pad =
        g.Op("unsqueeze", {g.Op("eq", {idx, GradBuilder::I(pad)}), GradBuilder::I(-1)});
    grad = g.Op("where", {is_pad, GradBuilder::S(0), grad});
  }
  EmitRef flat_idx = g.Reshape(idx, {-1});
  EmitRef rows = g.Reshape(grad, {-1, d});
  if (g.Bool(3)) {
    // scale_grad_by_freq: each row times 1 / (its index's count).
    TensorMeta ones = g.Meta(flat_idx);
    ones.dtype = mw.dtype;
    TensorMeta table = ones;
    table.sizes = {mw.sizes[0]};
    EmitRef one = g.Full(ones, 1);
    EmitRef counts = g.Op("index_add", {g.Full(table, 0), GradBuilder::I(0), flat_idx, one});
    EmitRef inv = g.Div(one, g.Op("index_select", {counts, GradBuilder::I(0), flat_idx}));
    rows = g.Mul(rows, g.Op("unsqueeze", {inv, GradBuilder::I(1)}));
  }
  g.Set(0, g.Op("index_add", {g.Full(mw, 0.0), GradBuilder::I(0), flat_idx, rows}));
  return g.Done();
}

// The gradient of nll_loss(input, target, weight, reduction, ignore_index)
// with respect to `input` (log-probabilities, classes along `cdim`).
EmitRef NllInputGrad(GradBuilder& g, EmitRef input, EmitRef target, std::optional<EmitRef> weight,
                     const std::string& reduction, int64_t ignore, EmitRef grad) {
  const TensorMeta mi = g.Meta(input);
  const int64_t cdim = mi.dim() == 1 ? 0 : 1;
  EmitRef keep = g.Op("ne", {target, GradBuilder::I(ignore)});
  EmitRef safe_t = g.Op("where", {keep, target, GradBuilder::I(0)});
  EmitRef w = g.ToDtype(keep, mi.dtype);
  if (weight.has_value()) {
    EmitRef wt =
        g.Reshape(g.Op("index_select", {*weight, GradBuilder::I(0), g.Reshape(safe_t, {-1})}),
                  g.Meta(target).sizes);
    w = g.Mul(wt, w);
  }
  EmitRef coef = g.Neg(w);
  if (reduction == "mean")
    coef = g.Div(coef, g.Op("sum", {w, GradBuilder::NoneArg(), GradBuilder::B(false),
                                    GradBuilder::NoneArg()}));
  EmitRef per = g.Mul(coef, grad);  // grad is 0-dim unless reduction is none
  EmitRef zeros = g.Full(mi, 0.0);
  EmitRef src = g.Op("unsqueeze", {per, GradBuilder::I(cdim)});
  EmitRef index = g.Op("unsqueeze", {safe_t, GradBuilder::I(cdim)});
  return g.Op("scatter", {zeros, GradBuilder::I(cdim), index, src});
}
R NllLossGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  std::optional<EmitRef> weight;
  if (g.IsTensor(2)) weight = g.In(2);
  g.Set(0, NllInputGrad(g, g.In(0), g.In(1), weight, std::get<std::string>(g.Const(3)), g.Int(4),
                        g.GradOrZeros(0)));
  return g.Done();
}
R CrossEntropyGrad(const BackwardArgs& b) {
  // log_softmax, then nll_loss: through both backward formulas.
  GradBuilder g(b);
  EmitRef x = g.In(0);
  const int64_t cdim = g.Meta(x).dim() == 1 ? 0 : 1;
  EmitRef lsm = g.Op("log_softmax", {x, GradBuilder::I(cdim), GradBuilder::NoneArg()});
  std::optional<EmitRef> weight;
  if (g.IsTensor(2)) weight = g.In(2);
  EmitRef g_lsm = NllInputGrad(g, lsm, g.In(1), weight, std::get<std::string>(g.Const(3)), g.Int(4),
                               g.GradOrZeros(0));
  const Shape dim = {cdim};
  g.Set(0, g.Sub(g_lsm, g.Mul(g.Op("exp", {lsm}), SumKeep(g, g_lsm, dim))));
  return g.Done();
}
// cross_entropy's own formula covers class-index targets without label
// smoothing; the rest goes through its decomposition.
bool CrossEntropyApplies(std::span<const kernels::KernelArg> args) {
  const auto* t = std::get_if<tensor::Tensor>(&args[1]);
  if (t == nullptr || tensor::IsFloatingPoint(t->dtype())) return false;
  const auto* ls = args.size() > 5 ? std::get_if<graph_ir::Constant>(&args[5]) : nullptr;
  const auto* s = ls != nullptr ? std::get_if<tensor::Scalar>(ls) : nullptr;
  return s == nullptr || s->to_double() == 0;
}

const DerivativeDef kDefs[] = {
    {"softmax", "SoftmaxBackward0", nullptr, SoftmaxGrad, 0, true},
    {"log_softmax", "LogSoftmaxBackward0", nullptr, LogSoftmaxGrad, 0, true},
    {"layer_norm", "NativeLayerNormBackward0", nullptr, LayerNormGrad, Arg(0) | Arg(2) | Arg(3),
     false},
    {"embedding", "EmbeddingBackward0", nullptr, EmbeddingGrad, Arg(1), false},
    {"nll_loss", "NllLossBackward0", nullptr, NllLossGrad, Arg(1) | Arg(2), false},
    {"cross_entropy", "NllLossBackward0", nullptr, CrossEntropyGrad, Arg(0) | Arg(1) | Arg(2),
     false, nullptr, CrossEntropyApplies},
};

}  // namespace

std::span<const DerivativeDef> NnDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
