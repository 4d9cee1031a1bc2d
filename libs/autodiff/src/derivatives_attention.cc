// The derivative of scaled_dot_product_attention (PyTorch's math backward:
// the attention weights recomputed from query and key, then back through
// the two matmuls and the softmax), with the node name PyTorch's CPU
// dispatch gives (its flash kernel for 4-D inputs of one batch, the math
// path's last op otherwise).
#include <cmath>
#include <limits>

#include "tc/autodiff/autograd_meta.h"

#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;
using B = GradBuilder;

EmitRef SwapLast(GradBuilder& g, EmitRef r) { return g.Transpose(r, -2, -1); }

// Key / value heads repeated to the query's (enable_gqa), as
// repeat_interleave over dim -3.
EmitRef RepeatHeads(GradBuilder& g, EmitRef t, int64_t reps) {
  if (reps == 1) return t;
  Shape s = g.Meta(t).sizes;
  const int64_t r = static_cast<int64_t>(s.size());
  Shape expanded = s;
  expanded.insert(expanded.begin() + (r - 2), reps);
  Shape merged = s;
  merged[r - 3] *= reps;
  EmitRef u = g.Op("unsqueeze", {t, B::I(r - 2)});
  return g.Reshape(g.Expand(u, expanded), merged);
}
// The reverse: the repeated heads' gradients summed per key / value head.
EmitRef SumHeads(GradBuilder& g, EmitRef grad, const Shape& sizes, int64_t reps) {
  if (reps == 1) return grad;
  Shape split = g.Meta(grad).sizes;
  const int64_t r = static_cast<int64_t>(split.size());
  split[r - 3] /= reps;
  split.insert(split.begin() + (r - 2), reps);
  EmitRef s = g.Op("sum", {g.Reshape(grad, split), B::L({r - 2}), B::B(false), B::NoneArg()});
  return g.SumTo(s, sizes);
}

R SdpaGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef q = g.In(0), k = g.In(1), v = g.In(2);
  const TensorMeta mq = g.Meta(q), mk = g.Meta(k), mv = g.Meta(v);
  const int64_t L = mq.sizes[mq.dim() - 2], S = mk.sizes[mk.dim() - 2];
  const double scale =
      g.IsNone(5) ? 1.0 / std::sqrt(static_cast<double>(mq.sizes.back())) : g.Double(5);
  int64_t reps = 1;
  if (g.Bool(6) && mq.dim() >= 3 && mk.dim() >= 3) {
    reps = mq.sizes[mq.dim() - 3] / mk.sizes[mk.dim() - 3];
  }
  EmitRef kr = RepeatHeads(g, k, reps), vr = RepeatHeads(g, v, reps);
  EmitRef scores = g.Mul(g.Op("matmul", {q, SwapLast(g, kr)}), B::S(scale));
  const double inf = std::numeric_limits<double>::infinity();
  if (g.Bool(4)) {
    EmitRef rows = g.Op(
        "unsqueeze",
        {g.Op("arange", {B::I(0), B::I(L), B::I(1), Constant(tensor::DType::kInt64)}), B::I(1)});
    EmitRef cols = g.Op("arange", {B::I(0), B::I(S), B::I(1), Constant(tensor::DType::kInt64)});
    scores = g.Op("where", {g.Op("ge", {rows, cols}), scores, B::S(-inf)});
  } else if (g.IsTensor(3)) {
    EmitRef mask = g.In(3);
    scores = g.Meta(mask).dtype == tensor::DType::kBool ? g.Op("where", {mask, scores, B::S(-inf)})
                                                        : g.Add(scores, mask);
  }
  EmitRef attn = g.Op("softmax", {scores, B::I(-1), B::NoneArg()});
  if (g.IsTensor(3)) {
    // Rows masked entirely are zeros in the forward (not NaN).
    EmitRef hidden = g.Op("eq", {scores, B::S(-inf)});
    EmitRef dead = g.Op("all", {hidden, B::L({-1}), B::B(true)});
    attn = g.Op("where", {dead, B::S(0), attn});
  }
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(2)) g.Set(2, SumHeads(g, g.Op("matmul", {SwapLast(g, attn), grad}), mv.sizes, reps));
  if (!g.Needs(0) && !g.Needs(1) && !g.Needs(3)) return g.Done();
  EmitRef dattn = g.Op("matmul", {grad, SwapLast(g, vr)});
  EmitRef dot = g.Op("sum", {g.Mul(dattn, attn), B::L({-1}), B::B(true), B::NoneArg()});
  EmitRef dscores = g.Mul(attn, g.Sub(dattn, dot));
  if (g.Needs(3)) g.Set(3, dscores);
  if (g.Needs(0)) g.Set(0, g.Mul(g.Op("matmul", {dscores, kr}), B::S(scale)));
  if (g.Needs(1)) {
    EmitRef dk = g.Mul(g.Op("matmul", {SwapLast(g, dscores), q}), B::S(scale));
    g.Set(1, SumHeads(g, dk, mk.sizes, reps));
  }
  return g.Done();
}

// PyTorch's CPU dispatch: 3-D inputs run unsqueezed (a squeeze ends
// them); 4-D inputs of one batch size and head dim whose mask needs no
// gradient run its flash kernel; the rest the math path, ending in a
// matmul (mm for 2-D, a view of a bmm above).
std::string SdpaName(std::span<const kernels::KernelArg> args) {
  const auto& q = std::get<tensor::Tensor>(args[0]);
  const auto& k = std::get<tensor::Tensor>(args[1]);
  const auto& v = std::get<tensor::Tensor>(args[2]);
  const auto* mask = std::get_if<tensor::Tensor>(&args[3]);
  if (q.dim() == 3) return "SqueezeBackward1";
  if (q.dim() == 2) return "MmBackward0";
  bool flash = q.dim() == 4 && k.dim() == 4 && v.dim() == 4 && q.size(0) == k.size(0) &&
               q.size(0) == v.size(0) && q.size(3) == k.size(3) && q.size(3) == v.size(3) &&
               (mask == nullptr || !RequiresGrad(*mask));
  if (flash) {
    const auto* gqa = std::get_if<graph_ir::Constant>(&args[6]);
    const bool grouped = gqa != nullptr && std::get<tensor::Scalar>(*gqa).to_int() != 0;
    flash = (q.size(1) == k.size(1) && q.size(1) == v.size(1)) || grouped;
  }
  return flash ? "ScaledDotProductFlashAttentionForCpuBackward0" : "UnsafeViewBackward0";
}

const DerivativeDef kDefs[] = {
    {"scaled_dot_product_attention", nullptr, SdpaName, SdpaGrad, Arg(0) | Arg(1) | Arg(2) | Arg(3),
     false},
};

}  // namespace

std::span<const DerivativeDef> AttentionDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
