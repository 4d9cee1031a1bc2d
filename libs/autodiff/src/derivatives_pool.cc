// Derivatives of the pools and the resampling ops, PyTorch's: each
// backward is one node of its backward op (max_pool2d_with_indices_backward,
// avg_pool2d_backward, _adaptive_avg_pool2d_backward,
// adaptive_max_pool2d_backward, upsample_*_backward), and those are
// differentiable again as derivatives.yaml has them: the max pools'
// backward by gathering at the indices, the others (linear in grad_output)
// by their forward op.
#include "absl/strings/str_cat.h"

#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;
using G = GradBuilder;

// Forward argument `first` on, as emitted arguments.
std::vector<EmitArg> ArgsFrom(const GradBuilder& g, const BackwardArgs& b, size_t first) {
  std::vector<EmitArg> r;
  for (size_t i = first; i < b.args.size(); ++i) {
    r.push_back(g.IsTensor(i) ? EmitArg(g.In(i)) : EmitArg(g.Const(i)));
  }
  return r;
}

// The gradient of argument 0 (the input) as `op`(grad, <forward args>).
R Via(const BackwardArgs& b, const char* op, std::vector<EmitArg> rest) {
  GradBuilder g(b);
  if (!g.Needs(0)) return g.Done();
  std::vector<EmitArg> a = {g.GradOrZeros(0)};
  a.insert(a.end(), rest.begin(), rest.end());
  g.Set(0, g.Op(op, std::move(a)));
  return g.Done();
}

// max_pool2d_with_indices(self, kernel_size, stride, padding, dilation,
// ceil_mode) -> (values, indices).
R MaxPool2dGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  return Via(b, "max_pool2d_with_indices_backward",
             {g.In(0), g.Const(1), g.Const(2), g.Const(3), g.Const(4), g.Const(5), g.Out(1)});
}
// avg_pool2d(self, kernel_size, stride, padding, ceil_mode,
// count_include_pad, divisor_override).
R AvgPool2dGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  return Via(b, "avg_pool2d_backward", ArgsFrom(g, b, 0));
}
// _adaptive_avg_pool2d(self, output_size).
R AdaptiveAvgPool2dGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  return Via(b, "_adaptive_avg_pool2d_backward", {g.In(0)});
}
// adaptive_max_pool2d(self, output_size) -> (values, indices).
R AdaptiveMaxPool2dGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  return Via(b, "adaptive_max_pool2d_backward", {g.In(0), g.Out(1)});
}

// The resampling ops (self, output_size, <rest>):
// upsample_*_backward(grad, output_size, input_size, <rest>).
R UpsampleGrad(const BackwardArgs& b, const char* op) {
  GradBuilder g(b);
  std::vector<EmitArg> rest = {g.Const(1), G::L(g.Meta(g.In(0)).sizes)};
  for (size_t i = 2; i < b.args.size(); ++i) rest.push_back(g.Const(i));
  return Via(b, op, std::move(rest));
}
R UpsampleNearestGrad(const BackwardArgs& b) {
  return UpsampleGrad(b, "upsample_nearest_backward");
}
R UpsampleLinearGrad(const BackwardArgs& b) { return UpsampleGrad(b, "upsample_linear_backward"); }
R UpsampleBicubicGrad(const BackwardArgs& b) {
  return UpsampleGrad(b, "upsample_bicubic2d_backward");
}

// --- The backward ops' own derivatives (of grad_output, argument 0). ---

// The max pools' backward added grad_output at `indices`: its gradient
// reads the incoming one there (gather over each flattened plane).
R GatherAtIndices(const BackwardArgs& b, size_t indices) {
  GradBuilder g(b);
  if (!g.Needs(0)) return g.Done();
  EmitRef gg = g.GradOrZeros(0);
  const TensorMeta mo = g.Meta(g.In(0));
  const TensorMeta mi = g.Meta(gg);
  Shape flat_in(mi.sizes.begin(), mi.sizes.end() - 2), flat_out = flat_in;
  flat_in.push_back(-1);
  flat_out.push_back(-1);
  EmitRef picked =
      g.Op("gather", {g.Reshape(gg, flat_in), G::I(-1), g.Reshape(g.In(indices), flat_out)});
  g.Set(0, g.Reshape(picked, mo.sizes));
  return g.Done();
}
R MaxPool2dBackwardGrad(const BackwardArgs& b) { return GatherAtIndices(b, 7); }
R AdaptiveMaxPool2dBackwardGrad(const BackwardArgs& b) { return GatherAtIndices(b, 2); }

// avg_pool2d_backward(grad_output, self, <the forward's arguments>).
R AvgPool2dBackwardGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  return Via(b, "avg_pool2d", ArgsFrom(g, b, 2));
}
// _adaptive_avg_pool2d_backward(grad_output, self).
R AdaptiveAvgPool2dBackwardGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const Shape& s = g.Meta(g.In(0)).sizes;
  return Via(b, "_adaptive_avg_pool2d", {G::L({s[s.size() - 2], s.back()})});
}
// upsample_*_backward(grad_output, output_size, input_size, <rest>): the
// forward op on the incoming gradient.
R UpsampleBackwardGrad(const BackwardArgs& b, const char* op) {
  GradBuilder g(b);
  std::vector<EmitArg> rest = {g.Const(1)};
  for (size_t i = 3; i < b.args.size(); ++i) rest.push_back(g.Const(i));
  return Via(b, op, std::move(rest));
}
R UpsampleNearestBackwardGrad(const BackwardArgs& b) {
  return UpsampleBackwardGrad(b, "upsample_nearest");
}
R UpsampleLinearBackwardGrad(const BackwardArgs& b) {
  return UpsampleBackwardGrad(b, "upsample_linear");
}
R UpsampleBicubicBackwardGrad(const BackwardArgs& b) {
  return UpsampleBackwardGrad(b, "upsample_bicubic2d");
}

// --- Node names. ---

// The rank of the resampled tensor (the first argument).
int64_t Rank(std::span<const kernels::KernelArg> args) {
  return std::get<tensor::Tensor>(args[0]).dim();
}
bool Flag(std::span<const kernels::KernelArg> args, size_t i) {
  return std::get<Scalar>(std::get<graph_ir::Constant>(args[i])).to_bool();
}
// "UpsampleNearest2D" / "UpsampleNearestExact1D" / "UpsampleBilinear2D".
std::string NearestName(std::span<const kernels::KernelArg> args, size_t exact) {
  return absl::StrCat("UpsampleNearest", Flag(args, exact) ? "Exact" : "", Rank(args) - 2, "D");
}
std::string LinearName(std::span<const kernels::KernelArg> args) {
  static constexpr const char* kNames[] = {"Linear1D", "Bilinear2D", "Trilinear3D"};
  const int64_t k = Rank(args) - 2;
  return absl::StrCat("Upsample", kNames[k >= 1 && k <= 3 ? k - 1 : 0]);
}
std::string UpsampleNearestName(std::span<const kernels::KernelArg> args) {
  return NearestName(args, 2) + "Backward0";
}
std::string UpsampleLinearName(std::span<const kernels::KernelArg> args) {
  return LinearName(args) + "Backward0";
}
std::string UpsampleNearestBackwardName(std::span<const kernels::KernelArg> args) {
  return NearestName(args, 3) + "BackwardBackward0";
}
std::string UpsampleLinearBackwardName(std::span<const kernels::KernelArg> args) {
  return LinearName(args) + "BackwardBackward0";
}

// The max pools save their input and their indices, not their values
// (which an in-place op may then change freely, as in PyTorch).
SaveMask SaveInputAndIndices(std::span<const kernels::KernelArg>, uint32_t) {
  return SaveMask{Arg(0), 1u << 1};
}

const DerivativeDef kDefs[] = {
    {.op = "max_pool2d_with_indices",
     .name = "MaxPool2DWithIndicesBackward0",
     .fn = MaxPool2dGrad,
     .save_for = SaveInputAndIndices},
    {.op = "avg_pool2d", .name = "AvgPool2DBackward0", .fn = AvgPool2dGrad, .save_args = Arg(0)},
    {.op = "_adaptive_avg_pool2d",
     .name = "AdaptiveAvgPool2DBackward0",
     .fn = AdaptiveAvgPool2dGrad,
     .save_args = Arg(0)},
    {.op = "adaptive_max_pool2d",
     .name = "AdaptiveMaxPool2DBackward0",
     .fn = AdaptiveMaxPool2dGrad,
     .save_for = SaveInputAndIndices},
    {.op = "upsample_nearest", .name_fn = UpsampleNearestName, .fn = UpsampleNearestGrad},
    {.op = "upsample_linear", .name_fn = UpsampleLinearName, .fn = UpsampleLinearGrad},
    {.op = "upsample_bicubic2d", .name = "UpsampleBicubic2DBackward0", .fn = UpsampleBicubicGrad},
    {.op = "max_pool2d_with_indices_backward",
     .name = "MaxPool2DWithIndicesBackwardBackward0",
     .fn = MaxPool2dBackwardGrad,
     .save_args = Arg(7)},
    {.op = "avg_pool2d_backward",
     .name = "AvgPool2DBackwardBackward0",
     .fn = AvgPool2dBackwardGrad},
    {.op = "_adaptive_avg_pool2d_backward",
     .name = "AdaptiveAvgPool2DBackwardBackward0",
     .fn = AdaptiveAvgPool2dBackwardGrad},
    {.op = "adaptive_max_pool2d_backward",
     .name = "AdaptiveMaxPool2DBackwardBackward0",
     .fn = AdaptiveMaxPool2dBackwardGrad,
     .save_args = Arg(2)},
    {.op = "upsample_nearest_backward",
     .name_fn = UpsampleNearestBackwardName,
     .fn = UpsampleNearestBackwardGrad},
    {.op = "upsample_linear_backward",
     .name_fn = UpsampleLinearBackwardName,
     .fn = UpsampleLinearBackwardGrad},
    {.op = "upsample_bicubic2d_backward",
     .name = "UpsampleBicubic2DBackwardBackward0",
     .fn = UpsampleBicubicBackwardGrad},
};

}  // namespace

std::span<const DerivativeDef> PoolDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
