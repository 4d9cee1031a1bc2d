// The derivative of scaled_dot_product_attention: one
// scaled_dot_product_attention_backward node (graph-ir's composite), with
// the node name PyTorch's CPU dispatch gives (its flash kernel for 4-D
// inputs of one batch, the math path's last op otherwise).

#include "tc/autodiff/autograd_meta.h"

#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;
using B = GradBuilder;

R SdpaGrad(const BackwardArgs& b) {
  // One scaled_dot_product_attention_backward node (graph-ir's composite:
  // its decomposition is the math backward; eager runs its fused per-head
  // kernel). Its fourth output is the mask's gradient before it is summed
  // to the mask's shape (the engine sums it).
  GradBuilder g(b);
  const bool dmask = g.IsTensor(3) && g.Needs(3);
  std::vector<EmitRef> r =
      g.OpN("scaled_dot_product_attention_backward",
            {g.GradOrZeros(0), g.In(0), g.In(1), g.In(2),
             g.IsTensor(3) ? EmitArg(g.In(3)) : B::NoneArg(), g.Const(4), g.Const(5), g.Const(6),
             B::L({g.Needs(0) ? 1 : 0, g.Needs(1) ? 1 : 0, g.Needs(2) ? 1 : 0, dmask ? 1 : 0})});
  for (size_t i = 0; i < 3; ++i) {
    if (g.Needs(i)) g.Set(i, r[i]);
  }
  if (dmask) g.Set(3, r[3]);
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
