// Derivatives of views, shape ops and indexing: the gradient put back in
// the input's shape (reshape, permute inverted, expand summed), or
// scattered into zeros where the forward read (slice, cat, index_select,
// gather).
#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;

R ReshapeGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.Reshape(g.GradOrZeros(0), g.Meta(g.In(0)).sizes));
  return g.Done();
}
R PermuteGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const Shape& dims = g.Ints(1);
  const int64_t rank = static_cast<int64_t>(dims.size());
  Shape inverse(dims.size());
  for (int64_t i = 0; i < rank; ++i) inverse[WrapDim(dims[i], rank)] = i;
  g.Set(0, g.Permute(g.GradOrZeros(0), inverse));
  return g.Done();
}
R ExpandGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.SumTo(g.GradOrZeros(0), g.Meta(g.In(0)).sizes));
  return g.Done();
}
// Python slice bounds of one dim, clamped as the forward clamped them.
struct Bounds {
  int64_t start, end, step;
};
Bounds SliceBounds(const GradBuilder& g, int64_t n) {
  auto clamp = [n](int64_t v) { return v < 0 ? std::max<int64_t>(v + n, 0) : std::min(v, n); };
  const int64_t start = g.IsNone(2) ? 0 : clamp(g.Int(2));
  const int64_t end = g.IsNone(3) ? n : clamp(g.Int(3));
  return {start, std::max(start, end), g.Int(4)};
}
R SliceGrad(const BackwardArgs& b) {
  // zeros(self) with the slice's places holding the gradient
  GradBuilder g(b);
  const TensorMeta m = g.Meta(g.In(0));
  const int64_t dim = WrapDim(g.Int(1), m.dim());
  const Bounds s = SliceBounds(g, m.sizes[dim]);
  EmitRef grad = g.GradOrZeros(0);
  if (s.start == 0 && s.end == m.sizes[dim] && s.step == 1) {
    g.Set(0, grad);
    return g.Done();
  }
  EmitRef index = g.Op("arange", {GradBuilder::I(s.start), GradBuilder::I(s.end),
                                  GradBuilder::I(s.step), Constant(tensor::DType::kInt64)});
  g.Set(0, g.Op("index_copy", {g.Full(m, 0.0), GradBuilder::I(dim), index, grad}));
  return g.Done();
}
R SqueezeGrad(const BackwardArgs& b) { return ReshapeGrad(b); }
R CatGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  const std::vector<EmitRef>& ins = g.InList(0);
  const int64_t rank = g.Meta(grad).dim();
  const int64_t dim = WrapDim(g.Int(1), rank);
  int64_t offset = 0;
  for (size_t i = 0; i < ins.size(); ++i) {
    const TensorMeta m = g.Meta(ins[i]);
    if (m.dim() == 1 && m.sizes[0] == 0 && rank != 1) {  // skipped by the forward
      g.SetItem(0, i, g.Full(m, 0.0));
      continue;
    }
    const int64_t len = m.sizes[dim];
    g.SetItem(0, i,
              g.Op("slice", {grad, GradBuilder::I(dim), GradBuilder::I(offset),
                             GradBuilder::I(offset + len), GradBuilder::I(1)}));
    offset += len;
  }
  return g.Done();
}
R IndexSelectGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const TensorMeta m = g.Meta(g.In(0));
  g.Set(0, g.Op("index_add", {g.Full(m, 0.0), g.Const(1), g.In(2), g.GradOrZeros(0)}));
  return g.Done();
}
R GatherGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const TensorMeta m = g.Meta(g.In(0));
  g.Set(0, g.Op("scatter_add", {g.Full(m, 0.0), g.Const(1), g.In(2), g.GradOrZeros(0)}));
  return g.Done();
}
R FlipGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.Op("flip", {g.GradOrZeros(0), g.Const(1)}));
  return g.Done();
}
R TrilGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.Op("tril", {g.GradOrZeros(0), g.Const(1)}));
  return g.Done();
}
R TriuGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.Op("triu", {g.GradOrZeros(0), g.Const(1)}));
  return g.Done();
}

// reshape is a view when the strides allow one (ViewBackward0), else a
// copy viewed (UnsafeViewBackward0), as ATen's reshape decides.
std::string ReshapeName(std::span<const kernels::KernelArg> args) {
  const auto& t = std::get<tensor::Tensor>(args[0]);
  Shape sizes = std::get<Shape>(std::get<graph_ir::Constant>(args[1]));
  // Infer a -1 from the element count.
  int64_t known = 1, hole = -1;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      hole = static_cast<int64_t>(i);
    } else {
      known *= sizes[i];
    }
  }
  if (hole >= 0 && known != 0) sizes[hole] = t.numel() / known;
  return tensor::ComputeViewStrides(t.sizes(), t.strides(), sizes).has_value()
             ? "ViewBackward0"
             : "UnsafeViewBackward0";
}

std::string SqueezeName(std::span<const kernels::KernelArg> args) {
  const auto* c = args.size() > 1 ? std::get_if<graph_ir::Constant>(&args[1]) : nullptr;
  if (c == nullptr || std::holds_alternative<graph_ir::None>(*c)) return "SqueezeBackward0";
  const auto* dims = std::get_if<tensor::Shape>(c);
  return dims != nullptr && dims->size() > 1 ? "SqueezeBackward2" : "SqueezeBackward1";
}

const DerivativeDef kDefs[] = {
    {"view", "ViewBackward0", nullptr, ReshapeGrad, 0, false},
    {"reshape", nullptr, ReshapeName, ReshapeGrad, 0, false},
    {"permute", "PermuteBackward0", nullptr, PermuteGrad, 0, false},
    {"expand", "ExpandBackward0", nullptr, ExpandGrad, 0, false},
    {"squeeze", nullptr, SqueezeName, SqueezeGrad, 0, false},
    {"unsqueeze", "UnsqueezeBackward0", nullptr, ReshapeGrad, 0, false},
    {"slice", "SliceBackward0", nullptr, SliceGrad, 0, false},
    {"cat", "CatBackward0", nullptr, CatGrad, 0, false},
    {"index_select", "IndexSelectBackward0", nullptr, IndexSelectGrad, Arg(2), false},
    {"gather", "GatherBackward0", nullptr, GatherGrad, Arg(2), false},
    {"flip", "FlipBackward0", nullptr, FlipGrad, 0, false},
    {"tril", "TrilBackward0", nullptr, TrilGrad, 0, false},
    {"triu", "TriuBackward0", nullptr, TriuGrad, 0, false},
};

}  // namespace

std::span<const DerivativeDef> ViewDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
