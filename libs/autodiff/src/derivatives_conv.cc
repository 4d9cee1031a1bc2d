// Derivatives of convolution and batch_norm, PyTorch's: each backward is
// one node of its backward op (convolution_backward,
// native_batch_norm_backward), as derivatives.yaml writes them, so a joint
// graph holds one node per backward. convolution_backward is itself
// differentiable (its gradients are convolutions again, being bilinear);
// native_batch_norm_backward is not (its node reports PyTorch's "not
// implemented").
#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;
using G = GradBuilder;

// An output mask [a, b, c] of which gradients a backward op computes.
Constant Mask(bool a, bool b, bool c) { return G::L({a ? 1 : 0, b ? 1 : 0, c ? 1 : 0}); }

// convolution(input, weight, bias?, stride, padding, dilation, transposed,
// output_padding, groups).
R ConvolutionGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const Constant bias_sizes = g.IsTensor(2) ? G::L(g.Meta(g.In(2)).sizes) : G::NoneArg();
  std::vector<EmitRef> r =
      g.OpN("convolution_backward",
            {g.GradOrZeros(0), g.In(0), g.In(1), bias_sizes, g.Const(3), g.Const(4), g.Const(5),
             g.Const(6), g.Const(7), g.Const(8), Mask(g.Needs(0), g.Needs(1), g.Needs(2))});
  if (r.size() < 3) return g.Done();  // the op failed: Done() reports it
  for (size_t i = 0; i < 3; ++i) {
    if (g.Needs(i)) g.Set(i, r[i]);
  }
  return g.Done();
}

// convolution_backward(grad_output, input, weight, bias_sizes, stride,
// padding, dilation, transposed, output_padding, groups, output_mask).
// The convolution is bilinear in (input, weight), so with gi, gw, gb its
// gradients and ggi, ggw, ggb theirs: d grad_output = conv(ggi, weight) +
// conv(input, ggw) + ggb per channel; d weight = the weight gradient of
// conv(ggi, .) at grad_output; d input = the input gradient of
// conv(., ggw) at grad_output.
R ConvolutionBackwardGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef go = g.In(0), x = g.In(1), w = g.In(2);
  std::vector<EmitArg> params;
  for (size_t i = 4; i <= 9; ++i) params.push_back(g.Const(i));
  auto conv = [&](EmitRef in, EmitRef weight) {
    std::vector<EmitArg> a = {in, weight, G::NoneArg()};
    a.insert(a.end(), params.begin(), params.end());
    return g.Op("convolution", std::move(a));
  };
  auto backward = [&](EmitRef in, EmitRef weight, bool input) {
    std::vector<EmitArg> a = {go, in, weight, G::NoneArg()};
    a.insert(a.end(), params.begin(), params.end());
    a.push_back(Mask(input, !input, false));
    std::vector<EmitRef> r = g.OpN("convolution_backward", std::move(a));
    return r[input ? 0 : 1];
  };
  const std::optional<EmitRef> ggi = g.GradOf(0), ggw = g.GradOf(1), ggb = g.GradOf(2);
  if (g.Needs(0)) {
    std::optional<EmitRef> d;
    auto add = [&](EmitRef t) { d = d.has_value() ? g.Add(*d, t) : t; };
    if (ggi.has_value()) add(conv(*ggi, w));
    if (ggw.has_value()) add(conv(x, *ggw));
    if (ggb.has_value()) {
      const TensorMeta mo = g.Meta(go);
      Shape per_channel(mo.sizes.size(), 1);
      per_channel[1] = -1;
      EmitRef c = g.Reshape(*ggb, per_channel);
      add(d.has_value() ? c : g.Expand(c, mo.sizes));
    }
    if (d.has_value()) g.Set(0, *d);
  }
  if (g.Needs(1) && ggw.has_value()) g.Set(1, backward(x, *ggw, true));
  if (g.Needs(2) && ggi.has_value()) g.Set(2, backward(*ggi, w, false));
  return g.Done();
}

// batch_norm(input, weight, bias, running_mean, running_var, training,
// momentum, eps) -> (output, new running_mean, new running_var): only the
// output has a gradient.
R BatchNormGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const bool training = g.Bool(5);
  auto opt = [&](size_t i) -> EmitArg {
    if (!g.IsTensor(i) || (training && i >= 3)) return G::NoneArg();
    return g.In(i);
  };
  std::vector<EmitRef> r =
      g.OpN("native_batch_norm_backward",
            {g.GradOrZeros(0), g.In(0), opt(1), opt(3), opt(4), G::NoneArg(), G::NoneArg(),
             g.Const(5), g.Const(7), Mask(g.Needs(0), g.Needs(1), g.Needs(2))});
  if (r.size() < 3) return g.Done();
  for (size_t i = 0; i < 3; ++i) {
    if (g.Needs(i)) g.Set(i, r[i]);
  }
  return g.Done();
}

// The input and weight always (the weight is read for the input's
// gradient); the running statistics in evaluation only: training writes
// the new ones into them after the call, and its backward reads the
// batch's statistics from the input.
SaveMask BatchNormSaves(std::span<const kernels::KernelArg> args, uint32_t) {
  const auto* c = std::get_if<graph_ir::Constant>(&args[5]);
  const auto* s = c != nullptr ? std::get_if<Scalar>(c) : nullptr;
  const bool training = s != nullptr && s->to_bool();
  return SaveMask{Arg(0) | Arg(1) | (training ? 0 : Arg(3) | Arg(4)), 0};
}

const DerivativeDef kDefs[] = {
    {.op = "convolution",
     .name = "ConvolutionBackward0",
     .fn = ConvolutionGrad,
     .save_args = Arg(0) | Arg(1)},
    {.op = "convolution_backward",
     .name = "ConvolutionBackwardBackward0",
     .fn = ConvolutionBackwardGrad,
     .save_args = Arg(0) | Arg(1) | Arg(2)},
    {.op = "batch_norm",
     .name = "NativeBatchNormBackward0",
     .fn = BatchNormGrad,
     .save_for = BatchNormSaves},
};

}  // namespace

std::span<const DerivativeDef> ConvDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
