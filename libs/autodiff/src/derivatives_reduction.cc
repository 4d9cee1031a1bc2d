// Derivatives of reductions: the gradient spread back over the reduced
// dims (sum, mean), onto the extreme elements (amax, amin, max_dim), or
// through the moments (var, std, logsumexp).
#include <algorithm>

#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;

// The reduced dims of a call (argument `arg`: int[]? or int; None or []
// means every dim), wrapped and sorted.
Shape ReducedDims(const GradBuilder& g, size_t arg, int64_t rank) {
  Shape dims;
  if (!g.IsNone(arg)) {
    const Constant& c = g.Const(arg);
    if (const auto* l = std::get_if<Shape>(&c)) {
      for (int64_t d : *l) dims.push_back(WrapDim(d, rank));
    } else if (const auto* s = std::get_if<Scalar>(&c)) {
      dims.push_back(WrapDim(s->to_int(), rank));
    }
  }
  if (dims.empty()) {
    for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
  }
  std::sort(dims.begin(), dims.end());
  return dims;
}

// `r` (reduced over `dims` without keepdim) with those dims back as 1s.
EmitRef Restore(GradBuilder& g, EmitRef r, const Shape& dims, bool keepdim) {
  if (keepdim) return r;
  for (int64_t d : dims) r = g.Op("unsqueeze", {r, GradBuilder::I(d)});
  return r;
}

int64_t Count(const Shape& sizes, const Shape& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= sizes.empty() ? 1 : sizes[d];
  return n;
}

R SumGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const Shape sizes = g.Meta(g.In(0)).sizes;
  const Shape dims = ReducedDims(g, 1, static_cast<int64_t>(sizes.size()));
  EmitRef r = Restore(g, g.GradOrZeros(0), dims, g.Bool(2));
  g.Set(0, g.Expand(r, sizes));
  return g.Done();
}
R MeanGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const Shape sizes = g.Meta(g.In(0)).sizes;
  const Shape dims = ReducedDims(g, 1, static_cast<int64_t>(sizes.size()));
  EmitRef r = Restore(g, g.GradOrZeros(0), dims, g.Bool(2));
  g.Set(0, g.Div(g.Expand(r, sizes), GradBuilder::S(static_cast<double>(Count(sizes, dims)))));
  return g.Done();
}
// amax / amin: the gradient shared evenly among the elements equal to the
// result (ATen's scale_grad_by_count).
R AmaxAminGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const Shape sizes = g.Meta(g.In(0)).sizes;
  const Shape dims = ReducedDims(g, 1, static_cast<int64_t>(sizes.size()));
  const bool keepdim = g.Bool(2);
  EmitRef grad = Restore(g, g.GradOrZeros(0), dims, keepdim);
  EmitRef mask = g.Op("eq", {g.In(0), Restore(g, g.Out(), dims, keepdim)});
  EmitRef count =
      g.Op("sum", {mask, GradBuilder::L(dims), GradBuilder::B(true), GradBuilder::NoneArg()});
  g.Set(0, g.Mul(g.Div(grad, count), mask));
  return g.Done();
}
// max_dim / min_dim: the gradient goes to the index the forward picked.
R MaxMinDimGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const TensorMeta m = g.Meta(g.In(0));
  const int64_t dim = WrapDim(g.Int(1), m.dim());
  const bool keepdim = g.Bool(2);
  const Shape dims = {dim};
  EmitRef grad = Restore(g, g.GradOrZeros(0), m.dim() == 0 ? Shape{} : dims, keepdim);
  EmitRef idx = Restore(g, g.Out(1), m.dim() == 0 ? Shape{} : dims, keepdim);
  if (m.dim() == 0) {
    g.Set(0, grad);
    return g.Done();
  }
  g.Set(0, g.Op("scatter", {g.Full(m, 0.0), GradBuilder::I(dim), idx, grad}));
  return g.Done();
}
// var's gradient, (2 / (N - correction)) * grad * (self - mean(self)),
// for `grad` the gradient of var itself.
EmitRef VarBackward(GradBuilder& g, EmitRef grad_var) {
  const Shape sizes = g.Meta(g.In(0)).sizes;
  const Shape dims = ReducedDims(g, 1, static_cast<int64_t>(sizes.size()));
  const double correction = g.IsNone(2) ? 1.0 : g.Double(2);
  const double c = 2.0 / (static_cast<double>(Count(sizes, dims)) - correction);
  EmitRef grad = Restore(g, grad_var, dims, g.Bool(3));
  EmitRef mean =
      g.Op("mean", {g.In(0), GradBuilder::L(dims), GradBuilder::B(true), GradBuilder::NoneArg()});
  return g.Mul(g.Mul(GradBuilder::S(c), grad), g.Sub(g.In(0), mean));
}
R VarGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, VarBackward(g, g.GradOrZeros(0)));
  return g.Done();
}
R StdGrad(const BackwardArgs& b) {
  // std = sqrt(var): var's gradient of grad / (2 * result)
  GradBuilder g(b);
  g.Set(0, VarBackward(g, g.Div(g.GradOrZeros(0), g.Mul(GradBuilder::S(2), g.Out()))));
  return g.Done();
}
R LogsumexpGrad(const BackwardArgs& b) {
  // grad * exp(self - result)
  GradBuilder g(b);
  const Shape sizes = g.Meta(g.In(0)).sizes;
  const Shape dims = ReducedDims(g, 1, static_cast<int64_t>(sizes.size()));
  const bool keepdim = g.Bool(2);
  EmitRef grad = Restore(g, g.GradOrZeros(0), dims, keepdim);
  EmitRef res = Restore(g, g.Out(), dims, keepdim);
  g.Set(0, g.Mul(grad, g.Op("exp", {g.Sub(g.In(0), res)})));
  return g.Done();
}

std::string SumName(std::span<const kernels::KernelArg> args) {
  // sum() and sum(dtype=) are SumBackward0; a dim makes it SumBackward1.
  const auto* c = args.size() > 1 ? std::get_if<graph_ir::Constant>(&args[1]) : nullptr;
  const bool all = c == nullptr || std::holds_alternative<graph_ir::None>(*c);
  return all ? "SumBackward0" : "SumBackward1";
}
std::string MeanName(std::span<const kernels::KernelArg> args) {
  const auto* c = args.size() > 1 ? std::get_if<graph_ir::Constant>(&args[1]) : nullptr;
  const bool all = c == nullptr || std::holds_alternative<graph_ir::None>(*c);
  return all ? "MeanBackward0" : "MeanBackward1";
}

const DerivativeDef kDefs[] = {
    {"sum", nullptr, SumName, SumGrad, 0, false},
    {"mean", nullptr, MeanName, MeanGrad, 0, false},
    {"amax", "AmaxBackward0", nullptr, AmaxAminGrad, Arg(0), true},
    {"amin", "AminBackward0", nullptr, AmaxAminGrad, Arg(0), true},
    {"max_dim", "MaxBackward0", nullptr, MaxMinDimGrad, 0, true},
    {"min_dim", "MinBackward0", nullptr, MaxMinDimGrad, 0, true},
    {"var", "VarBackward0", nullptr, VarGrad, Arg(0), false},
    {"std", "StdBackward0", nullptr, StdGrad, Arg(0), true},
    {"logsumexp", "LogsumexpBackward0", nullptr, LogsumexpGrad, Arg(0), true},
};

}  // namespace

std::span<const DerivativeDef> ReductionDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
