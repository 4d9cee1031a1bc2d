// Derivatives of matrix products: each operand's gradient is the output
// gradient multiplied by the other operand transposed (batch dims that
// broadcast are summed back by SumTo).
#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;

R MmGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, g.Op("mm", {grad, g.Transpose(g.In(1), 0, 1)}));
  if (g.Needs(1)) g.Set(1, g.Op("mm", {g.Transpose(g.In(0), 0, 1), grad}));
  return g.Done();
}
R BmmGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, g.Op("bmm", {grad, g.Transpose(g.In(1), 1, 2)}));
  if (g.Needs(1)) g.Set(1, g.Op("bmm", {g.Transpose(g.In(0), 1, 2), grad}));
  return g.Done();
}

// matmul with torch.matmul's rules: 1-D operands get a unit dim (removed
// from the output), batch dims broadcast.
void MatmulInto(GradBuilder& g, EmitRef a, EmitRef bm, EmitRef grad, size_t a_arg, size_t b_arg) {
  const TensorMeta ma = g.Meta(a);
  const TensorMeta mb = g.Meta(bm);
  if (ma.dim() == 1 && mb.dim() == 1) {
    if (g.Needs(a_arg)) g.Set(a_arg, g.Mul(grad, bm));
    if (g.Needs(b_arg)) g.Set(b_arg, g.Mul(grad, a));
    return;
  }
  EmitRef A = ma.dim() == 1 ? g.Op("unsqueeze", {a, GradBuilder::I(0)}) : a;
  EmitRef B = mb.dim() == 1 ? g.Op("unsqueeze", {bm, GradBuilder::I(-1)}) : bm;
  EmitRef G = grad;
  if (mb.dim() == 1) G = g.Op("unsqueeze", {G, GradBuilder::I(-1)});
  if (ma.dim() == 1) G = g.Op("unsqueeze", {G, GradBuilder::I(-2)});
  if (g.Needs(a_arg)) {
    EmitRef ga = g.Op("matmul", {G, g.Transpose(B, -1, -2)});
    g.Set(a_arg, g.Reshape(g.SumTo(ga, g.Meta(A).sizes), ma.sizes));
  }
  if (g.Needs(b_arg)) {
    EmitRef gb = g.Op("matmul", {g.Transpose(A, -1, -2), G});
    g.Set(b_arg, g.Reshape(g.SumTo(gb, g.Meta(B).sizes), mb.sizes));
  }
}
R MatmulGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  MatmulInto(g, g.In(0), g.In(1), g.GradOrZeros(0), 0, 1);
  return g.Done();
}
R AddmmGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  const double beta = g.Double(3);
  const double alpha = g.Double(4);
  if (g.Needs(0)) g.Set(0, beta == 1 ? grad : g.Mul(grad, g.Const(3)));
  if (g.Needs(1)) {
    EmitRef r = g.Op("mm", {grad, g.Transpose(g.In(2), 0, 1)});
    g.Set(1, alpha == 1 ? r : g.Mul(r, g.Const(4)));
  }
  if (g.Needs(2)) {
    EmitRef r = g.Op("mm", {g.Transpose(g.In(1), 0, 1), grad});
    g.Set(2, alpha == 1 ? r : g.Mul(r, g.Const(4)));
  }
  return g.Done();
}
R LinearGrad(const BackwardArgs& b) {
  // out = input @ weight^T + bias
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  EmitRef x = g.In(0);
  EmitRef w = g.In(1);
  const TensorMeta mw = g.Meta(w);
  if (g.Needs(0)) {
    const TensorMeta mx = g.Meta(x);
    EmitRef gx = mw.dim() == 1 ? g.Mul(g.Op("unsqueeze", {grad, GradBuilder::I(-1)}), w)
                               : g.Op("matmul", {grad, w});
    g.Set(0, g.Reshape(g.SumTo(gx, mx.sizes), mx.sizes));
  }
  if (g.Needs(1)) {
    const TensorMeta mx = g.Meta(x);
    const int64_t in = mx.dim() == 0 ? 1 : mx.sizes.back();
    const int64_t out = mw.dim() == 1 ? 1 : mw.sizes[0];
    EmitRef g2 = g.Reshape(grad, {-1, out});
    EmitRef x2 = g.Reshape(x, {-1, in});
    EmitRef gw = g.Op("mm", {g.Transpose(g2, 0, 1), x2});
    g.Set(1, g.Reshape(gw, mw.sizes));
  }
  if (g.Needs(2)) g.Set(2, grad);  // summed to the bias's shape by the engine
  return g.Done();
}

uint32_t SaveOther(uint32_t needs) {
  return ((needs & Arg(0)) ? Arg(1) : 0) | ((needs & Arg(1)) ? Arg(0) : 0);
}

std::string MatmulName(std::span<const kernels::KernelArg> args) {
  const auto& a = std::get<tensor::Tensor>(args[0]);
  const auto& b = std::get<tensor::Tensor>(args[1]);
  if (a.dim() == 2 && b.dim() == 2) return "MmBackward0";
  if (a.dim() == 1 && b.dim() == 1) return "DotBackward0";
  if (a.dim() == 2 && b.dim() == 1) return "MvBackward0";
  if (a.dim() == 3 && b.dim() == 3 && a.size(0) == b.size(0)) return "BmmBackward0";
  return "UnsafeViewBackward0";
}
std::string LinearName(std::span<const kernels::KernelArg> args) {
  const auto& x = std::get<tensor::Tensor>(args[0]);
  const bool bias = args.size() > 2 && std::holds_alternative<tensor::Tensor>(args[2]);
  if (x.dim() == 2) return bias ? "AddmmBackward0" : "MmBackward0";
  if (x.dim() == 1) return bias ? "AddBackward0" : "SqueezeBackward4";
  return bias ? "ViewBackward0" : "UnsafeViewBackward0";
}

const DerivativeDef kDefs[] = {
    {"mm", "MmBackward0", nullptr, MmGrad, 0, false, SaveOther},
    {"bmm", "BmmBackward0", nullptr, BmmGrad, 0, false, SaveOther},
    {"matmul", nullptr, MatmulName, MatmulGrad, 0, false, SaveOther},
    {"addmm", "AddmmBackward0", nullptr, AddmmGrad, Arg(1) | Arg(2), false},
    {"linear", nullptr, LinearName, LinearGrad, Arg(0) | Arg(1), false},
};

}  // namespace

std::span<const DerivativeDef> LinalgDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
