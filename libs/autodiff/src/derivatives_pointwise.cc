// Derivatives of pointwise ops (derivatives.yaml's formulas; broadcasting
// is undone by the engine, which sums each gradient to its input's shape).
#include <cmath>

#include "src/derivative_tables.h"
#include "src/grad_builder.h"

namespace tc::autodiff::internal {
namespace {

using R = absl::StatusOr<Grads>;

// grad * f(...) for a unary op whose derivative is `d`.
R Unary(const BackwardArgs& b, EmitRef (*d)(GradBuilder&)) {
  GradBuilder g(b);
  if (g.Needs(0)) g.Set(0, g.Mul(g.GradOrZeros(0), d(g)));
  return g.Done();
}

R Neg(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.Neg(g.GradOrZeros(0)));
  return g.Done();
}
R Exp(const BackwardArgs& b) {
  return Unary(b, [](GradBuilder& g) { return g.Out(); });
}
R Log(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.Div(g.GradOrZeros(0), g.In(0)));
  return g.Done();
}
R Log1p(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.Div(g.GradOrZeros(0), g.Add(g.In(0), GradBuilder::S(1))));
  return g.Done();
}
R Expm1(const BackwardArgs& b) {
  return Unary(b, [](GradBuilder& g) { return g.Add(g.Out(), GradBuilder::S(1)); });
}
R Sqrt(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.Div(g.GradOrZeros(0), g.Mul(GradBuilder::S(2), g.Out())));
  return g.Done();
}
R Rsqrt(const BackwardArgs& b) {
  // -0.5 * grad * result^3
  GradBuilder g(b);
  EmitRef cube = g.Op("pow", {g.Out(), GradBuilder::S(3)});
  g.Set(0, g.Mul(g.Mul(GradBuilder::S(-0.5), g.GradOrZeros(0)), cube));
  return g.Done();
}
R Sin(const BackwardArgs& b) {
  return Unary(b, [](GradBuilder& g) { return g.Op("cos", {g.In(0)}); });
}
R Cos(const BackwardArgs& b) {
  return Unary(b, [](GradBuilder& g) { return g.Neg(g.Op("sin", {g.In(0)})); });
}
R Tan(const BackwardArgs& b) {
  return Unary(b, [](GradBuilder& g) {
    return g.Add(g.Op("pow", {g.Out(), GradBuilder::S(2)}), GradBuilder::S(1));
  });
}
R Tanh(const BackwardArgs& b) {
  // tanh_backward: grad * (1 - y * y)
  return Unary(b, [](GradBuilder& g) { return g.OneMinus(g.Mul(g.Out(), g.Out())); });
}
R Sigmoid(const BackwardArgs& b) {
  // sigmoid_backward: grad * (1 - y) * y
  GradBuilder g(b);
  EmitRef one_minus = g.OneMinus(g.Out());
  g.Set(0, g.Mul(g.Mul(g.GradOrZeros(0), one_minus), g.Out()));
  return g.Done();
}
R Relu(const BackwardArgs& b) {
  // threshold_backward(grad, result, 0): zero where result <= 0.
  GradBuilder g(b);
  EmitRef mask = g.Op("le", {g.Out(), GradBuilder::S(0)});
  g.Set(0, g.Op("where", {mask, GradBuilder::S(0), g.GradOrZeros(0)}));
  return g.Done();
}
R Silu(const BackwardArgs& b) {
  // grad * s * (1 + x * (1 - s)), s = sigmoid(x)
  GradBuilder g(b);
  EmitRef x = g.In(0);
  EmitRef s = g.Op("sigmoid", {x});
  EmitRef inner = g.Add(g.Mul(x, g.OneMinus(s)), GradBuilder::S(1));
  g.Set(0, g.Mul(g.Mul(g.GradOrZeros(0), s), inner));
  return g.Done();
}
R Gelu(const BackwardArgs& b) {
  // One gelu_backward node, as ATen's (graph-ir's composite: its
  // decomposition is the formula; eager float32 runs its fused kernel).
  GradBuilder g(b);
  g.Set(0, g.Op("gelu_backward", {g.GradOrZeros(0), g.In(0), g.Const(1)}));
  return g.Done();
}
R Erf(const BackwardArgs& b) {
  return Unary(b, [](GradBuilder& g) {
    EmitRef e = g.Op("exp", {g.Neg(g.Op("pow", {g.In(0), GradBuilder::S(2)}))});
    return g.Mul(GradBuilder::S(2.0 / std::sqrt(M_PI)), e);
  });
}
R Abs(const BackwardArgs& b) {
  return Unary(b, [](GradBuilder& g) { return g.Op("sign", {g.In(0)}); });
}
// floor, ceil, round, sign, trunc: zero almost everywhere.
R Zero(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.ZerosLike(g.GradOrZeros(0)));
  return g.Done();
}

// Binary ops: `other` may be a Scalar constant (no gradient).
R AddGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, grad);
  if (g.Needs(1)) {
    const double alpha = g.Double(2);
    g.Set(1, alpha == 1 ? grad : g.Mul(grad, g.Const(2)));
  }
  return g.Done();
}
R SubGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, grad);
  if (g.Needs(1)) {
    const double alpha = g.Double(2);
    EmitRef n = g.Neg(grad);
    g.Set(1, alpha == 1 ? n : g.Mul(n, g.Const(2)));
  }
  return g.Done();
}
EmitArg Operand(GradBuilder& g, size_t i) {
  return g.IsTensor(i) ? EmitArg(g.In(i)) : EmitArg(g.Const(i));
}
R MulGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, g.Mul(grad, Operand(g, 1)));
  if (g.Needs(1)) g.Set(1, g.Mul(grad, g.In(0)));
  return g.Done();
}
R DivGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (!g.IsNone(2)) {  // rounding_mode: piecewise constant
    if (g.Needs(0)) g.Set(0, g.ZerosLike(grad));
    if (g.Needs(1)) g.Set(1, g.ZerosLike(grad));
    return g.Done();
  }
  if (g.Needs(0)) g.Set(0, g.Div(grad, Operand(g, 1)));
  if (g.Needs(1)) {
    // -grad * ((self / other) / other)
    EmitRef q = g.Div(g.Div(g.In(0), g.In(1)), g.In(1));
    g.Set(1, g.Mul(g.Neg(grad), q));
  }
  return g.Done();
}
R PowGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (!g.IsTensor(1)) {
    const double e = g.Double(1);
    if (g.Needs(0)) {
      if (e == 0) {
        g.Set(0, g.ZerosLike(g.In(0)));
      } else {
        // grad * (exponent * self^(exponent - 1))
        EmitRef p = g.Op("pow", {g.In(0), GradBuilder::S(e - 1)});
        g.Set(0, g.Mul(grad, g.Mul(p, g.Const(1))));
      }
    }
    return g.Done();
  }
  EmitRef self = g.In(0);
  EmitRef ex = g.In(1);
  if (g.Needs(0)) {
    // where(exponent == 0, 0, grad * (exponent * self^(exponent - 1)))
    EmitRef p = g.Op("pow", {self, g.Sub(ex, GradBuilder::S(1))});
    EmitRef v = g.Mul(grad, g.Mul(ex, p));
    g.Set(0, g.Op("where", {g.Op("eq", {ex, GradBuilder::S(0)}), GradBuilder::S(0), v}));
  }
  if (g.Needs(1)) {
    // grad * where(self == 0 and exponent >= 0, 0, result * log(self))
    EmitRef cond = g.Op("logical_and", {g.Op("eq", {self, GradBuilder::S(0)}),
                                        g.Op("ge", {ex, GradBuilder::S(0)})});
    EmitRef v = g.Mul(g.Out(), g.Op("log", {self}));
    g.Set(1, g.Mul(grad, g.Op("where", {cond, GradBuilder::S(0), v})));
  }
  return g.Done();
}
// maximum / minimum: the gradient goes to the chosen side, halved on ties.
R MaxMinGrad(const BackwardArgs& b, const char* loses_self) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  EmitRef self = g.In(0);
  EmitRef other = g.In(1);
  EmitRef tie = g.Op("where", {g.Op("eq", {self, other}), g.Div(grad, GradBuilder::S(2)), grad});
  const char* loses_other = std::string_view(loses_self) == "lt" ? "gt" : "lt";
  if (g.Needs(0)) {
    g.Set(0, g.Op("where", {g.Op(loses_self, {self, other}), GradBuilder::S(0), tie}));
  }
  if (g.Needs(1)) {
    g.Set(1, g.Op("where", {g.Op(loses_other, {self, other}), GradBuilder::S(0), tie}));
  }
  return g.Done();
}
R MaximumGrad(const BackwardArgs& b) { return MaxMinGrad(b, "lt"); }
R MinimumGrad(const BackwardArgs& b) { return MaxMinGrad(b, "gt"); }
R WhereGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  EmitRef cond = g.In(0);
  if (g.Needs(1)) g.Set(1, g.Op("where", {cond, grad, GradBuilder::S(0)}));
  if (g.Needs(2)) g.Set(2, g.Op("where", {cond, GradBuilder::S(0), grad}));
  return g.Done();
}
R ClampGrad(const BackwardArgs& b) {
  // grad where min <= self <= max (bounds given), else 0.
  GradBuilder g(b);
  EmitRef self = g.In(0);
  std::optional<EmitRef> keep;
  if (!g.IsNone(1)) keep = g.Op("ge", {self, g.Const(1)});
  if (!g.IsNone(2)) {
    EmitRef le = g.Op("le", {self, g.Const(2)});
    keep = keep ? g.Op("logical_and", {*keep, le}) : le;
  }
  g.Set(0, g.Op("where", {*keep, g.GradOrZeros(0), GradBuilder::S(0)}));
  return g.Done();
}
R Identity(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.GradOrZeros(0));
  return g.Done();
}
R LerpGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  EmitArg w = Operand(g, 2);
  if (g.Needs(0)) {
    EmitRef one_minus = g.IsTensor(2) ? g.OneMinus(g.In(2)) : g.Full(g.Meta(grad), 1 - g.Double(2));
    g.Set(0, g.Mul(grad, one_minus));
  }
  if (g.Needs(1)) g.Set(1, g.Mul(grad, w));
  if (g.Needs(2)) g.Set(2, g.Mul(grad, g.Sub(g.In(1), g.In(0))));
  return g.Done();
}
R AddcmulGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, grad);
  if (g.Needs(1)) g.Set(1, g.Mul(g.Mul(grad, g.In(2)), g.Const(3)));
  if (g.Needs(2)) g.Set(2, g.Mul(g.Mul(grad, g.In(1)), g.Const(3)));
  return g.Done();
}
R AddcdivGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  EmitRef grad = g.GradOrZeros(0);
  if (g.Needs(0)) g.Set(0, grad);
  if (g.Needs(1)) g.Set(1, g.Div(g.Mul(grad, g.Const(3)), g.In(2)));
  if (g.Needs(2)) {
    // -grad * value * t1 / t2^2
    EmitRef t2sq = g.Mul(g.In(2), g.In(2));
    g.Set(2, g.Div(g.Mul(g.Mul(g.Neg(grad), g.Const(3)), g.In(1)), t2sq));
  }
  return g.Done();
}
R ToDtypeGrad(const BackwardArgs& b) {
  GradBuilder g(b);
  g.Set(0, g.ToDtype(g.GradOrZeros(0), g.Meta(g.In(0)).dtype));
  return g.Done();
}

// round(decimals=) is another overload in PyTorch (RoundBackward1).
std::string RoundName(std::span<const kernels::KernelArg> args) {
  const auto* c = args.size() > 1 ? std::get_if<graph_ir::Constant>(&args[1]) : nullptr;
  const auto* d = c != nullptr ? std::get_if<tensor::Scalar>(c) : nullptr;
  return d != nullptr && d->to_int() != 0 ? "RoundBackward1" : "RoundBackward0";
}

// x * y saves y for x's gradient and x for y's.
uint32_t SaveOther(uint32_t needs) {
  return ((needs & Arg(0)) ? Arg(1) : 0) | ((needs & Arg(1)) ? Arg(0) : 0);
}
// x / y: y for x's gradient, both for y's.
uint32_t SaveDiv(uint32_t needs) {
  return ((needs & Arg(0)) ? Arg(1) : 0) | ((needs & Arg(1)) ? Arg(0) | Arg(1) : 0);
}

// PyTorch names x + y and x + 2 alike; pow differs by the exponent's kind.
std::string PowName(std::span<const kernels::KernelArg> args) {
  return args.size() > 1 && std::holds_alternative<tensor::Tensor>(args[1]) ? "PowBackward1"
                                                                            : "PowBackward0";
}

const DerivativeDef kDefs[] = {
    {"neg", "NegBackward0", nullptr, Neg, 0, false},
    {"exp", "ExpBackward0", nullptr, Exp, 0, true},
    {"log", "LogBackward0", nullptr, Log, Arg(0), false},
    {"log1p", "Log1PBackward0", nullptr, Log1p, Arg(0), false},
    {"expm1", "Expm1Backward0", nullptr, Expm1, 0, true},
    {"sqrt", "SqrtBackward0", nullptr, Sqrt, 0, true},
    {"rsqrt", "RsqrtBackward0", nullptr, Rsqrt, 0, true},
    {"sin", "SinBackward0", nullptr, Sin, Arg(0), false},
    {"cos", "CosBackward0", nullptr, Cos, Arg(0), false},
    {"tan", "TanBackward0", nullptr, Tan, 0, true},
    {"tanh", "TanhBackward0", nullptr, Tanh, 0, true},
    {"sigmoid", "SigmoidBackward0", nullptr, Sigmoid, 0, true},
    {"relu", "ReluBackward0", nullptr, Relu, 0, true},
    {"silu", "SiluBackward0", nullptr, Silu, Arg(0), false},
    {"gelu", "GeluBackward0", nullptr, Gelu, Arg(0), false},
    {"erf", "ErfBackward0", nullptr, Erf, Arg(0), false},
    {"abs", "AbsBackward0", nullptr, Abs, Arg(0), false},
    {"floor", "FloorBackward0", nullptr, Zero, 0, false},
    {"ceil", "CeilBackward0", nullptr, Zero, 0, false},
    {"round", nullptr, RoundName, Zero, 0, false},
    {"sign", "SignBackward0", nullptr, Zero, 0, false},
    {"add", "AddBackward0", nullptr, AddGrad, 0, false},
    {"sub", "SubBackward0", nullptr, SubGrad, 0, false},
    {"mul", "MulBackward0", nullptr, MulGrad, 0, false, SaveOther},
    {"div", "DivBackward0", nullptr, DivGrad, 0, false, SaveDiv},
    {"pow", nullptr, PowName, PowGrad, Arg(0) | Arg(1), true},
    {"maximum", "MaximumBackward0", nullptr, MaximumGrad, Arg(0) | Arg(1), false},
    {"minimum", "MinimumBackward0", nullptr, MinimumGrad, Arg(0) | Arg(1), false},
    {"where", "WhereBackward0", nullptr, WhereGrad, Arg(0), false},
    {"clamp", "ClampBackward1", nullptr, ClampGrad, Arg(0), false},
    {"clone", "CloneBackward0", nullptr, Identity, 0, false},
    {"to_dtype", "ToCopyBackward0", nullptr, ToDtypeGrad, 0, false},
    {"lerp", "LerpBackward0", nullptr, LerpGrad, Arg(0) | Arg(1) | Arg(2), false},
    {"addcmul", "AddcmulBackward0", nullptr, AddcmulGrad, Arg(1) | Arg(2), false},
    {"addcdiv", "AddcdivBackward0", nullptr, AddcdivGrad, Arg(1) | Arg(2), false},
};

}  // namespace

std::span<const DerivativeDef> PointwiseDerivatives() { return kDefs; }

}  // namespace tc::autodiff::internal
