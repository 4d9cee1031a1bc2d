// Derivatives of the scans (cumsum, cumprod, cummax / cummin,
// logcumsumexp), of sorting and selection (sort, topk, kthvalue, median,
// nanmedian, mode), of prod and of linalg_vector_norm, with ATen's formulas
// (FunctionsManual.cpp): the selections scatter the gradient back to the
// indices they picked; cumprod and prod handle zeros in the input without
// dividing by them; the norms take PyTorch's subgradient 0 at 0.
#include <algorithm>
#include <cmath>
#include <limits>

#include "src/derivative_tables.h"
#include "src/eager_values.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;
using B = GradBuilder;

EmitRef Flip(GradBuilder& g, EmitRef r, int64_t dim) { return g.Op("flip", {r, B::L({dim})}); }
// sum_{j >= i} w_j along `dim` (ATen's reversed_cumsum).
EmitRef ReversedCumsum(GradBuilder& g, EmitRef w, int64_t dim) {
  return Flip(g, g.Op("cumsum", {Flip(g, w, dim), B::I(dim), B::NoneArg()}), dim);
}
int64_t SizeAt(const TensorMeta& m, int64_t dim) { return m.dim() == 0 ? 1 : m.sizes[dim]; }

R CumsumGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  const TensorMeta m = g.Meta(g.In(0));
  EmitRef grad = g.ToDtype(g.GradOrZeros(0), m.dtype);
  const int64_t dim = WrapDim(g.Int(1), m.dim());
  if (m.numel() <= 1 || SizeAt(m, dim) == 1) {
    g.Set(0, grad);
  } else {
    g.Set(0, ReversedCumsum(g, grad, dim));
  }
  return g.Done();
}

// cumprod: sum_{j >= k} grad_j * y_j / x_k where no zero comes before k;
// at the first zero z of a slice, sum_{j >= z} grad_j * prod_{i <= j, i != z}
// x_i (the cumprod with x_z read as 1); after it, nothing.
R CumprodGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef x = g.In(0);
  const TensorMeta m = g.Meta(x);
  EmitRef grad = g.GradOrZeros(0);
  const int64_t dim = WrapDim(g.Int(1), m.dim());
  if (m.numel() <= 1 || SizeAt(m, dim) == 1) {
    g.Set(0, grad);
    return g.Done();
  }
  x = g.ToDtype(x, g.Meta(grad).dtype);
  EmitRef before_zero = ReversedCumsum(g, g.Mul(g.Out(), grad), dim);
  if (KnownZeroCount(b, g.In(0)) == std::optional<int64_t>(0)) {
    g.Set(0, g.Div(before_zero, x));
    return g.Done();
  }
  EmitRef is_zero = g.Op("eq", {x, B::S(0)});
  EmitRef zeros_so_far = g.Op("cumsum", {is_zero, B::I(dim), B::NoneArg()});
  EmitRef before = g.Op("eq", {zeros_so_far, B::I(0)});
  EmitRef first = g.Op("logical_and", {is_zero, g.Op("eq", {zeros_so_far, B::I(1)})});
  EmitRef a = g.Div(before_zero, g.Op("where", {before, x, B::S(1)}));
  EmitRef omitted = g.Op("cumprod", {g.Op("where", {first, B::S(1), x}), B::I(dim), B::NoneArg()});
  EmitRef at_zero = ReversedCumsum(g, g.Mul(grad, omitted), dim);
  g.Set(0, g.Op("where", {before, a, g.Op("where", {first, at_zero, B::S(0)})}));
  return g.Done();
}

// The selections: zeros with the gradient put (cummax / cummin: added) at
// the indices the forward picked (output 1), along forward argument
// `dim_arg`; when forward argument `keepdim_arg` is false the reduced dim
// comes back first (ATen's value_selecting_reduction_backward).
R SelectedGrad(const BackwardArgs& b, bool accumulate, size_t dim_arg, int keepdim_arg) {
  GradBuilder g(b);
  const TensorMeta m = g.Meta(g.In(0));
  EmitRef grad = g.GradOrZeros(0);
  if (m.dim() == 0) {
    g.Set(0, grad);
    return g.Done();
  }
  if (m.numel() == 0) {
    g.Set(0, g.Full(m, 0));
    return g.Done();
  }
  const int64_t dim = WrapDim(g.Int(dim_arg), m.dim());
  EmitRef idx = g.Out(1);
  if (keepdim_arg >= 0 && !g.Bool(keepdim_arg)) {
    grad = g.Op("unsqueeze", {grad, B::I(dim)});
    idx = g.Op("unsqueeze", {idx, B::I(dim)});
  }
  g.Set(0, g.Op(accumulate ? "scatter_add" : "scatter", {g.Full(m, 0), B::I(dim), idx, grad}));
  return g.Done();
}
R CummaxminGrad(const BackwardArgs& b) { return SelectedGrad(b, true, 1, -1); }
R SortGrad(const BackwardArgs& b) { return SelectedGrad(b, false, 1, -1); }
R TopkGrad(const BackwardArgs& b) { return SelectedGrad(b, false, 2, -1); }
R KthvalueGrad(const BackwardArgs& b) { return SelectedGrad(b, false, 2, 3); }
R MedianDimGrad(const BackwardArgs& b) { return SelectedGrad(b, false, 1, 2); }

R LogcumsumexpGrad(const BackwardArgs& b) {
  // exp(self + reversed logcumsumexp(log|grad| - result)), positive and
  // negative gradients apart (ATen's logcumsumexp_backward).
  GradBuilder g(b);
  const TensorMeta m = g.Meta(g.In(0));
  EmitRef grad = g.GradOrZeros(0);
  if (m.dim() == 0 || m.numel() == 0) {
    g.Set(0, grad);
    return g.Done();
  }
  const int64_t dim = WrapDim(g.Int(1), m.dim());
  const double lowest = m.dtype == tensor::DType::kFloat64
                            ? std::numeric_limits<double>::lowest()
                            : static_cast<double>(std::numeric_limits<float>::lowest());
  EmitRef log_abs = g.Op("log", {g.Op("abs", {grad})});
  auto part = [&](const char* cmp) {
    EmitRef l = g.Op("where", {g.Op(cmp, {grad, B::S(0)}), log_abs, B::S(lowest)});
    EmitRef r = Flip(g, g.Op("logcumsumexp", {Flip(g, g.Sub(l, g.Out()), dim), B::I(dim)}), dim);
    return g.Op("exp", {g.Add(r, g.In(0))});
  };
  EmitRef pos = part("gt");
  g.Set(0, g.Sub(pos, part("lt")));
  return g.Done();
}

R MedianGrad(const BackwardArgs& b) {
  // The gradient shared evenly among the elements equal to the result (a
  // NaN result: among the NaNs).
  GradBuilder g(b);
  EmitRef x = g.In(0), value = g.Out();
  EmitRef both_nan = g.Op("logical_and", {g.Op("isnan", {x}), g.Op("isnan", {value})});
  EmitRef mask = g.Op("logical_or", {g.Op("eq", {x, value}), both_nan});
  EmitRef count = g.Op("sum", {mask, B::NoneArg(), B::B(false), B::NoneArg()});
  g.Set(0, g.Mul(mask, g.Div(g.GradOrZeros(0), count)));
  return g.Done();
}

// prod's gradient where zeros may be: the product of the elements before
// and after each one along `dim` (exclusive cumprods both ways).
EmitRef ProdSafeZeros(GradBuilder& g, EmitRef grad, EmitRef x, int64_t dim) {
  const TensorMeta m = g.Meta(x);
  const int64_t n = m.sizes[dim];
  if (m.numel() == 0 || n == 1) return g.Expand(grad, m.sizes);
  TensorMeta ones_meta = m;
  ones_meta.sizes[dim] = 1;
  EmitRef ones = g.Full(ones_meta, 1);
  auto narrow = [&](int64_t start) {
    return g.Op("slice", {x, B::I(dim), B::I(start), B::I(start + n - 1), B::I(1)});
  };
  EmitRef normal = g.Op("cumprod", {g.Op("cat", {std::vector<EmitRef>{ones, narrow(0)}, B::I(dim)}),
                                    B::I(dim), B::NoneArg()});
  EmitRef rev_in = g.Op("cat", {std::vector<EmitRef>{ones, Flip(g, narrow(1), dim)}, B::I(dim)});
  EmitRef reverse = Flip(g, g.Op("cumprod", {rev_in, B::I(dim), B::NoneArg()}), dim);
  return g.Mul(grad, g.Mul(normal, reverse));
}

R ProdGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  EmitRef x = g.ToDtype(g.In(0), g.Meta(grad).dtype);
  const TensorMeta m = g.Meta(x);
  if (m.dim() == 0) {
    g.Set(0, grad);
    return g.Done();
  }
  EmitRef result = g.Out();
  const bool all = g.IsNone(1);
  const int64_t dim = all ? 0 : WrapDim(g.Int(1), m.dim());
  if (!all && !g.Bool(2)) {
    grad = g.Op("unsqueeze", {grad, B::I(dim)});
    result = g.Op("unsqueeze", {result, B::I(dim)});
  }
  const std::optional<int64_t> zero = KnownZeroCount(b, g.In(0));
  if (zero == std::optional<int64_t>(0)) {
    g.Set(0, g.Mul(grad, g.Div(result, x)));
    return g.Done();
  }
  if (all && zero.has_value() && *zero > 1) {  // every product has a zero
    g.Set(0, g.Full(m, 0));
    return g.Done();
  }
  EmitRef flat = all ? g.Reshape(x, {-1}) : x;
  EmitRef safe = ProdSafeZeros(g, grad, flat, dim);
  if (all) safe = g.Reshape(safe, m.sizes);
  if (zero.has_value()) {
    g.Set(0, safe);
    return g.Done();
  }
  // In a graph: per slice, the division where it has no zero.
  EmitRef zeros = g.Op("sum", {g.Op("eq", {x, B::S(0)}), all ? B::NoneArg() : B::L({dim}),
                               B::B(true), B::NoneArg()});
  EmitRef none = g.Op("eq", {zeros, B::I(0)});
  g.Set(0, g.Op("where", {none, g.Mul(grad, g.Div(result, x)), safe}));
  return g.Done();
}

// linalg_vector_norm (ATen's norm_backward): per ord, sign(x) * grad for
// 1, x / norm for 2, the gradient shared among the extremes for +-inf,
// sign(x) |x|^(p-1) / norm^(p-1) otherwise; 0 where the norm is 0.
R VectorNormGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  EmitRef x = g.ToDtype(g.In(0), g.Meta(grad).dtype);
  const TensorMeta m = g.Meta(x);
  const double p = g.Double(1);
  Shape dims;
  if (!g.IsNone(2)) {
    for (int64_t d : g.Ints(2)) dims.push_back(WrapDim(d, m.dim()));
  }
  if (dims.empty()) {
    for (int64_t d = 0; d < m.dim(); ++d) dims.push_back(d);
  }
  std::sort(dims.begin(), dims.end());
  EmitRef norm = g.Out();
  if (!g.Bool(3) && m.dim() != 0) {
    for (int64_t d : dims) {
      grad = g.Op("unsqueeze", {grad, B::I(d)});
      norm = g.Op("unsqueeze", {norm, B::I(d)});
    }
  }
  auto zero_where = [&](EmitRef cond, EmitRef v) { return g.Op("where", {cond, B::S(0), v}); };
  EmitRef norm_zero = g.Op("eq", {norm, B::S(0)});
  EmitRef sgn = g.Op("sign", {x});
  if (p == 0) {
    g.Set(0, g.Full(m, 0));
  } else if (p == 1) {
    g.Set(0, g.Mul(sgn, grad));
  } else if (p == 2) {
    g.Set(0, g.Mul(grad, zero_where(norm_zero, g.Div(x, norm))));
  } else if (std::isinf(p)) {
    EmitRef ax = g.Op("abs", {x});
    EmitRef mask = g.Op("logical_or", {g.Op("eq", {ax, norm}), g.Op("isnan", {ax})});
    EmitRef count = g.Op("sum", {mask, B::L(dims), B::B(true), B::NoneArg()});
    g.Set(0, g.Mul(sgn, g.Mul(g.Div(grad, count), mask)));
  } else if (p < 1) {
    EmitRef pw = g.Op("pow", {g.Op("abs", {x}), B::S(p - 1)});
    EmitRef scaled = g.Mul(sgn, zero_where(g.Op("eq", {x, B::S(0)}), pw));
    g.Set(0, g.Mul(g.Mul(scaled, grad), g.Op("pow", {norm, B::S(1 - p)})));
  } else {
    EmitRef scaled = p < 2 ? g.Mul(sgn, g.Op("pow", {g.Op("abs", {x}), B::S(p - 1)}))
                           : g.Mul(x, g.Op("pow", {g.Op("abs", {x}), B::S(p - 2)}));
    EmitRef scale = zero_where(norm_zero, g.Div(grad, g.Op("pow", {norm, B::S(p - 1)})));
    g.Set(0, g.Mul(scaled, scale));
  }
  return g.Done();
}

std::string ProdName(std::span<const kernels::KernelArg> args) {
  const auto* c = args.size() > 1 ? std::get_if<graph_ir::Constant>(&args[1]) : nullptr;
  const bool all = c == nullptr || std::holds_alternative<graph_ir::None>(*c);
  return all ? "ProdBackward0" : "ProdBackward1";
}

const DerivativeDef kDefs[] = {
    {"cumsum", "CumsumBackward0", nullptr, CumsumGrad, 0, false},
    {"cumprod", "CumprodBackward0", nullptr, CumprodGrad, Arg(0), true},
    {"cummax", "CummaxBackward0", nullptr, CummaxminGrad, 0, true},
    {"cummin", "CumminBackward0", nullptr, CummaxminGrad, 0, true},
    {"logcumsumexp", "LogcumsumexpBackward0", nullptr, LogcumsumexpGrad, Arg(0), true},
    {"sort", "SortBackward0", nullptr, SortGrad, 0, true},
    {"topk", "TopkBackward0", nullptr, TopkGrad, 0, true},
    {"kthvalue", "KthvalueBackward0", nullptr, KthvalueGrad, 0, true},
    {"median", "MedianBackward0", nullptr, MedianGrad, Arg(0), true},
    {"nanmedian", "NanmedianBackward0", nullptr, MedianGrad, Arg(0), true},
    {"median_dim", "MedianBackward1", nullptr, MedianDimGrad, 0, true},
    {"nanmedian_dim", "NanmedianBackward1", nullptr, MedianDimGrad, 0, true},
    {"mode", "ModeBackward0", nullptr, MedianDimGrad, 0, true},
    {"prod", nullptr, ProdName, ProdGrad, Arg(0), true},
    {"linalg_vector_norm", "LinalgVectorNormBackward0", nullptr, VectorNormGrad, Arg(0), true},
};

}  // namespace

std::span<const DerivativeDef> ScanSortDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
