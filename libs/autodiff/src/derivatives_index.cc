// Derivatives of the index writes (index_add, index_copy, index_fill,
// index_put, masked_scatter, scatter, scatter_add, scatter_reduce): the
// written places of self get no gradient from self (or all of it when the
// write accumulates), and the written values read the gradient back from
// the places they went to, as PyTorch's derivatives.yaml defines them.
#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;
using B = GradBuilder;

// `g` (the gradient read back for a written tensor) in the shape of forward
// argument `arg` when both hold as many elements (a 0-dim source read as [1]).
EmitRef AsArg(GradBuilder& g, EmitRef r, size_t arg) {
  const TensorMeta m = g.Meta(g.In(arg));
  if (g.Meta(r).numel() == m.numel()) return g.Reshape(r, m.sizes);
  return r;
}

R IndexAddGrad(const BackwardArgs& b) {
  // self: grad; source: grad.index_select(dim, index) * alpha
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, grad);
  if (g.Needs(3)) {
    EmitRef s = AsArg(g, g.Op("index_select", {grad, g.Const(1), g.In(2)}), 3);
    const Scalar alpha = std::get<Scalar>(g.Const(4));
    if (alpha.to_double() != 1) s = g.Mul(s, Constant(alpha));
    g.Set(3, s);
  }
  return g.Done();
}
R IndexCopyGrad(const BackwardArgs& b) {
  // self: grad.index_fill(dim, index, 0); source: grad.index_select(dim, index)
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, g.Op("index_fill", {grad, g.Const(1), g.In(2), B::S(0)}));
  if (g.Needs(3)) g.Set(3, AsArg(g, g.Op("index_select", {grad, g.Const(1), g.In(2)}), 3));
  return g.Done();
}
R IndexFillGrad(const BackwardArgs& b) {
  // self: grad.index_fill(dim, index, 0); a tensor value: the sum of the
  // gradient over the filled places (each counted once, as ATen's unique).
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  EmitRef rest = g.Op("index_fill", {grad, g.Const(1), g.In(2), B::S(0)});
  if (g.Needs(0)) g.Set(0, rest);
  if (g.Needs(3)) {
    g.Set(3, g.Op("sum", {g.Sub(grad, rest), B::NoneArg(), B::B(false), B::NoneArg()}));
  }
  return g.Done();
}
R ScatterGrad(const BackwardArgs& b) {
  // self: grad.scatter(dim, index, 0); src: grad.gather(dim, index)
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, g.Op("scatter", {grad, g.Const(1), g.In(2), B::S(0)}));
  if (g.Needs(3)) g.Set(3, g.Op("gather", {grad, g.Const(1), g.In(2)}));
  return g.Done();
}
R ScatterAddGrad(const BackwardArgs& b) {
  // self: grad; src: grad.gather(dim, index)
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, grad);
  if (g.Needs(3)) g.Set(3, g.Op("gather", {grad, g.Const(1), g.In(2)}));
  return g.Done();
}

// scatter_reduce's prod: each place's gradient is the product of the
// others, computed without dividing by a zero (ATen's
// scatter_reduce_backward).
void ScatterProdGrad(GradBuilder& g, EmitRef grad, bool include_self, EmitRef* gself,
                     EmitRef* gsrc) {
  EmitRef self = g.In(0), index = g.In(2), src = g.In(3);
  const Constant dim = g.Const(1);
  const TensorMeta ms = g.Meta(self);
  const Constant prod = Constant(std::string("prod"));
  EmitRef self_zero = g.Op("eq", {self, B::S(0)});
  EmitRef masked_self = g.Op("where", {self_zero, B::S(1), self});
  EmitRef masked_self_result =
      g.Op("scatter_reduce", {masked_self, dim, index, src, prod, B::B(include_self)});
  *gself = g.Div(g.Mul(grad, masked_self_result), masked_self);
  EmitRef src_zero = g.Op("eq", {src, B::S(0)});
  EmitRef zeros_in =
      g.Op("scatter_add", {g.Full(ms, 0), dim, index, g.ToDtype(src_zero, ms.dtype)});
  EmitRef num_zeros = g.Op("gather", {zeros_in, dim, index});
  EmitRef single = g.Op("logical_and", {src_zero, g.Op("eq", {num_zeros, B::S(1)})});
  EmitRef masked_src = g.Op("where", {single, B::S(1), src});
  EmitRef masked_src_result =
      g.Op("scatter_reduce", {self, dim, index, masked_src, prod, B::B(include_self)});
  EmitRef one_zero = g.Op("gather", {g.Mul(grad, masked_src_result), dim, index});
  EmitRef general = g.Div(g.Op("gather", {g.Mul(grad, g.Out()), dim, index}),
                          g.Op("where", {src_zero, B::S(1), src}));
  *gsrc = g.Op("where", {single, one_zero, general});
}

R ScatterReduceGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  EmitRef self = g.In(0), index = g.In(2), src = g.In(3);
  const Constant dim = g.Const(1);
  const std::string& reduce = std::get<std::string>(g.Const(4));
  const bool include_self = g.Bool(5);
  const TensorMeta ms = g.Meta(self);
  EmitRef gself = grad, gsrc = grad;
  if (reduce == "sum") {
    gsrc = g.Op("gather", {grad, dim, index});
  } else if (reduce == "prod") {
    ScatterProdGrad(g, grad, include_self, &gself, &gsrc);
  } else if (reduce == "mean") {
    EmitRef n = g.Full(ms, include_self ? 1 : 0);
    TensorMeta ones = g.Meta(index);
    ones.dtype = ms.dtype;
    n = g.Op("scatter_add", {n, dim, index, g.Full(ones, 1)});
    n = g.Op("where", {g.Op("eq", {n, B::S(0)}), B::S(1), n});
    gself = g.Div(grad, n);
    gsrc = g.Div(g.Op("gather", {grad, dim, index}), g.Op("gather", {n, dim, index}));
  } else {
    // amax / amin: shared evenly among the places equal to the result.
    EmitRef result = g.Out();
    EmitRef value = g.Op("gather", {result, dim, index});
    EmitRef self_is = g.Op("eq", {self, result});
    EmitRef src_is = g.Op("eq", {src, value});
    EmitRef count = g.Op("scatter_add",
                         {g.ToDtype(self_is, ms.dtype), dim, index, g.ToDtype(src_is, ms.dtype)});
    EmitRef shared = g.Div(grad, count);
    gself = g.Mul(self_is, shared);
    gsrc = g.Mul(src_is, g.Op("gather", {shared, dim, index}));
  }
  if (!include_self) gself = g.Op("scatter", {gself, dim, index, B::S(0)});
  if (g.Needs(0)) g.Set(0, gself);
  if (g.Needs(3)) g.Set(3, gsrc);
  return g.Done();
}
R MaskedScatterGrad(const BackwardArgs& b) {
  // self: grad.masked_fill(mask, 0); source: the gradient at the masked
  // places in order (masked_select), zero-padded to source's size. The
  // k-th masked place took source[k], k counted by a cumsum of the mask,
  // so no data-dependent shape is needed.
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  EmitRef mask = g.In(1);
  const TensorMeta mg = g.Meta(grad);
  if (g.Needs(0)) g.Set(0, g.Op("where", {mask, B::S(0), grad}));
  if (g.Needs(2)) {
    const TensorMeta msrc = g.Meta(g.In(2));
    if (msrc.numel() == 0) {
      g.Set(2, g.Full(msrc, 0));
      return g.Done();
    }
    EmitRef flat_mask = g.Reshape(g.Expand(mask, mg.sizes), {-1});
    EmitRef pos = g.Sub(g.Op("cumsum", {flat_mask, B::I(0), B::NoneArg()}), B::I(1));
    pos = g.Op("where", {flat_mask, pos, B::I(0)});
    EmitRef vals = g.Op("where", {flat_mask, g.Reshape(grad, {-1}), B::S(0)});
    TensorMeta flat = msrc;
    flat.sizes = {msrc.numel()};
    EmitRef out = g.Op("index_put", {g.Full(flat, 0), std::vector<EmitRef>{pos}, vals, B::B(true)});
    g.Set(2, g.Reshape(out, msrc.sizes));
  }
  return g.Done();
}

// index_put(self, indices, values, accumulate): self loses the gradient of
// the written places unless the write accumulated; values read the
// gradient at those places (grad[indices], as one index_select over the
// indexed dims flattened).
R IndexPutGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  const std::vector<EmitRef>& indices = g.InList(1);
  const bool accumulate = g.Bool(3);
  const TensorMeta mv = g.Meta(g.In(2));
  if (g.Needs(0)) {
    if (accumulate) {
      g.Set(0, grad);
    } else {
      g.Set(0, g.Op("index_put", {grad, indices, g.Full(mv, 0), B::B(false)}));
    }
  }
  if (!g.Needs(2)) return g.Done();
  const Shape sizes = g.Meta(grad).sizes;
  const size_t k = indices.size();
  if (k == 0) {
    g.Set(2, grad);
    return g.Done();
  }
  // The flat place of each index tuple over the first k dims (negative
  // indices wrapped).
  std::optional<EmitRef> linear;
  int64_t stride = 1;
  for (size_t i = k; i-- > 0;) {
    EmitRef idx = g.ToDtype(indices[i], tensor::DType::kInt64);
    idx = g.Op("where", {g.Op("lt", {idx, B::I(0)}), g.Add(idx, B::I(sizes[i])), idx});
    EmitRef term = stride == 1 ? idx : g.Mul(idx, B::I(stride));
    linear = linear.has_value() ? g.Add(term, *linear) : term;
    stride *= sizes[i];
  }
  const Shape bshape = g.Meta(*linear).sizes;
  Shape flat = {stride};
  Shape result = bshape;
  for (size_t d = k; d < sizes.size(); ++d) {
    flat.push_back(sizes[d]);
    result.push_back(sizes[d]);
  }
  EmitRef picked = g.Op("index_select", {g.Reshape(grad, flat), B::I(0), g.Reshape(*linear, {-1})});
  g.Set(2, g.Reshape(picked, result));
  return g.Done();
}

std::string ScatterName(std::span<const kernels::KernelArg> args) {
  return args.size() > 3 && std::holds_alternative<tensor::Tensor>(args[3]) ? "ScatterBackward0"
                                                                            : "ScatterBackward1";
}
std::string IndexFillName(std::span<const kernels::KernelArg> args) {
  return args.size() > 3 && std::holds_alternative<tensor::Tensor>(args[3]) ? "IndexFillBackward1"
                                                                            : "IndexFillBackward0";
}

const DerivativeDef kDefs[] = {
    {"index_add", "IndexAddBackward0", nullptr, IndexAddGrad, Arg(2), false},
    {"index_copy", "IndexCopyBackward0", nullptr, IndexCopyGrad, Arg(2), false},
    {"index_fill", nullptr, IndexFillName, IndexFillGrad, Arg(2), false},
    {"index_put", "IndexPutBackward0", nullptr, IndexPutGrad, Arg(1), false},
    {"masked_scatter", "MaskedScatterBackward0", nullptr, MaskedScatterGrad, Arg(1), false},
    {"scatter", nullptr, ScatterName, ScatterGrad, Arg(2), false},
    {"scatter_add", "ScatterAddBackward0", nullptr, ScatterAddGrad, Arg(2), false},
    {"scatter_reduce", "ScatterReduceBackward0", nullptr, ScatterReduceGrad,
     Arg(0) | Arg(2) | Arg(3), true},
};

}  // namespace

std::span<const DerivativeDef> IndexDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
