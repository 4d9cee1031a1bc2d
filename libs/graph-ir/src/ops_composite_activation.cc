// Composite activations: elu, selu, celu, leaky_relu, rrelu (eval), prelu,
// hardtanh, relu6, hardsigmoid, hardswish, softplus, softsign, mish,
// tanhshrink, glu, logsigmoid, softmin, and gelu_backward (gelu's
// derivative, the node its gradient emits). Each decomposes into core pointwise
// ops in the order ATen's CPU kernel evaluates its formula, so the ones
// without a transcendental function give ATen's bits.
#include <cmath>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;
constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kS = ArgType::kScalar;

Refs Out(EmitRef r) { return std::vector<EmitRef>{r}; }

absl::Status FloatingOnly(Emitter& e, EmitRef x, std::string_view kernel) {
  DType d = e.Meta(x).dtype;
  if (!IsFloatingPoint(d)) return NotImplemented(kernel, d);
  return absl::OkStatus();
}

// A coefficient as ATen's kernels hold it: in float for every dtype but
// double (opmath), so a product of two is rounded as theirs is.
double Coef(DType d, double v) { return d == DType::kFloat64 ? v : static_cast<float>(v); }

// x <= 0 ? expm1(x * input_scale) * (alpha * scale) : x * scale.
RefOr EmitElu(Emitter& e, EmitRef x, double alpha, double scale, double input_scale) {
  TC_RETURN_IF_ERROR(FloatingOnly(e, x, "elu_cpu"));
  DType d = e.Meta(x).dtype;
  double negcoef = Coef(d, Coef(d, alpha) * Coef(d, scale));
  EmitRef neg = x, pos = x;
  if (input_scale != 1) {
    TC_ASSIGN_OR_RETURN(neg, Emit1(e, "mul", {x, CNum(input_scale)}));
  }
  TC_ASSIGN_OR_RETURN(neg, Emit1(e, "expm1", {neg}));
  TC_ASSIGN_OR_RETURN(neg, Emit1(e, "mul", {neg, CNum(negcoef)}));
  if (scale != 1) {
    TC_ASSIGN_OR_RETURN(pos, Emit1(e, "mul", {x, CNum(scale)}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef le, Emit1(e, "le", {x, CInt(0)}));
  return Emit1(e, "where", {le, neg, pos});
}

Refs Elu(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef r, EmitElu(e, Ref(a, 0), Float(a, 1), Float(a, 2), Float(a, 3)));
  return Out(r);
}

Refs Selu(Emitter& e, EArgs a) {
  constexpr double kAlpha = 1.6732632423543772848170429916717;
  constexpr double kScale = 1.0507009873554804934193349852946;
  TC_ASSIGN_OR_RETURN(EmitRef r, EmitElu(e, Ref(a, 0), kAlpha, kScale, 1.0));
  return Out(r);
}

Refs Celu(Emitter& e, EArgs a) {
  double alpha = Float(a, 1);
  if (alpha == 0) return Invalid("ZeroDivisionError: alpha cannot be 0 for CELU");
  TC_ASSIGN_OR_RETURN(EmitRef r, EmitElu(e, Ref(a, 0), alpha, 1.0, 1.0 / alpha));
  return Out(r);
}

// x > 0 ? x : x * slope.
RefOr EmitLeakyRelu(Emitter& e, EmitRef x, Scalar slope) {
  TC_RETURN_IF_ERROR(FloatingOnly(e, x, "leaky_relu_cpu"));
  TC_ASSIGN_OR_RETURN(EmitRef gt, Emit1(e, "gt", {x, CInt(0)}));
  TC_ASSIGN_OR_RETURN(EmitRef neg, Emit1(e, "mul", {x, CNum(slope)}));
  return Emit1(e, "where", {gt, x, neg});
}

Refs LeakyRelu(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef r, EmitLeakyRelu(e, Ref(a, 0), ScalarArg(a, 1)));
  return Out(r);
}

// Evaluation mode only: the slope is fixed at (lower + upper) / 2.
Refs Rrelu(Emitter& e, EArgs a) {
  if (Bool(a, 3)) {
    return absl::NotFoundError(
        "torch.nn.functional.rrelu with training=True is not supported by tc");
  }
  TC_ASSIGN_OR_RETURN(EmitRef r,
                      EmitLeakyRelu(e, Ref(a, 0), Scalar((Float(a, 1) + Float(a, 2)) / 2)));
  return Out(r);
}

// x > 0 ? x : weight * x, the weight along dim 1 (one value for all).
Refs Prelu(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0), w = Ref(a, 1);
  const TensorMeta in = e.Meta(x), wm = e.Meta(w);
  if (in.dtype != wm.dtype) {
    return Invalid(absl::StrFormat("prelu: Type promoting not supported. Got %s and %s",
                                   ScalarTypeName(in.dtype), ScalarTypeName(wm.dtype)));
  }
  if (wm.numel() != 1) {
    if (in.dim() == 0) return Invalid("Not allow zero-dim input tensor.");
    int64_t channels = in.dim() > 1 ? in.sizes[1] : 1;
    if (channels != wm.numel()) {
      return Invalid(absl::StrFormat(
          "Mismatch of parameter numbers and input channel size. Found parameter numbers = %d and "
          "channel size = %d.",
          wm.numel(), channels));
    }
  }
  if (wm.dim() > 1) {
    return Invalid(absl::StrFormat(
        "prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = %d", wm.dim()));
  }
  TC_RETURN_IF_ERROR(FloatingOnly(e, x, "prelu_cpu"));
  EmitRef wv = w;
  if (in.dim() >= 2) {
    Shape sizes(in.dim(), 1);
    sizes[1] = wm.numel();
    TC_ASSIGN_OR_RETURN(wv, Emit1(e, "reshape", {w, CList(sizes)}));
  } else if (wm.dim() == 1 && in.dim() == 0) {
    TC_ASSIGN_OR_RETURN(wv, Emit1(e, "reshape", {w, CList(Shape{})}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef gt, Emit1(e, "gt", {x, CInt(0)}));
  TC_ASSIGN_OR_RETURN(EmitRef neg, Emit1(e, "mul", {wv, x}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "where", {gt, x, neg}));
  return Out(out);
}

// hardtanh is clamp(min_val, max_val) (integers too, bools not).
RefOr EmitHardtanh(Emitter& e, EmitRef x, Scalar lo, Scalar hi) {
  if (e.Meta(x).dtype == DType::kBool) {
    return absl::NotFoundError("Bool inputs not supported for hardtanh");
  }
  return Emit1(e, "clamp", {x, CNum(lo), CNum(hi)});
}

Refs Hardtanh(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef r, EmitHardtanh(e, Ref(a, 0), ScalarArg(a, 1), ScalarArg(a, 2)));
  return Out(r);
}

Refs Relu6(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef r,
                      EmitHardtanh(e, Ref(a, 0), Scalar(int64_t{0}), Scalar(int64_t{6})));
  return Out(r);
}

// min(max(x + 3, 0), 6), the part hardsigmoid and hardswish share.
RefOr EmitRelu6Shift(Emitter& e, EmitRef x) {
  TC_ASSIGN_OR_RETURN(EmitRef s, Emit1(e, "add", {x, CInt(3)}));
  return Emit1(e, "clamp", {s, CInt(0), CInt(6)});
}

Refs Hardsigmoid(Emitter& e, EArgs a) {
  TC_RETURN_IF_ERROR(FloatingOnly(e, Ref(a, 0), "hardsigmoid_cpu"));
  TC_ASSIGN_OR_RETURN(EmitRef r, EmitRelu6Shift(e, Ref(a, 0)));
  TC_ASSIGN_OR_RETURN(r, Emit1(e, "div", {r, CInt(6)}));
  return Out(r);
}

Refs Hardswish(Emitter& e, EArgs a) {
  TC_RETURN_IF_ERROR(FloatingOnly(e, Ref(a, 0), "hardswish_cpu"));
  TC_ASSIGN_OR_RETURN(EmitRef r, EmitRelu6Shift(e, Ref(a, 0)));
  TC_ASSIGN_OR_RETURN(r, Emit1(e, "mul", {Ref(a, 0), r}));
  TC_ASSIGN_OR_RETURN(r, Emit1(e, "div", {r, CInt(6)}));
  return Out(r);
}

// (x * beta) > threshold ? x : log1p(exp(x * beta)) / beta.
Refs Softplus(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  TC_RETURN_IF_ERROR(FloatingOnly(e, x, "softplus_cpu"));
  TC_ASSIGN_OR_RETURN(EmitRef xb, Emit1(e, "mul", {x, a[1]}));
  TC_ASSIGN_OR_RETURN(EmitRef big, Emit1(e, "gt", {xb, a[2]}));
  TC_ASSIGN_OR_RETURN(EmitRef soft, Emit1(e, "exp", {xb}));
  TC_ASSIGN_OR_RETURN(soft, Emit1(e, "log1p", {soft}));
  TC_ASSIGN_OR_RETURN(soft, Emit1(e, "div", {soft, a[1]}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "where", {big, x, soft}));
  return Out(out);
}

// torch.nn.functional's own formula: input / (input.abs() + 1).
Refs Softsign(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef d, Emit1(e, "abs", {a[0]}));
  TC_ASSIGN_OR_RETURN(d, Emit1(e, "add", {d, CInt(1)}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "div", {a[0], d}));
  return Out(out);
}

// x * tanh(log1p(exp(x))).
Refs Mish(Emitter& e, EArgs a) {
  TC_RETURN_IF_ERROR(FloatingOnly(e, Ref(a, 0), "mish_cpu"));
  TC_ASSIGN_OR_RETURN(EmitRef r, Emit1(e, "exp", {a[0]}));
  TC_ASSIGN_OR_RETURN(r, Emit1(e, "log1p", {r}));
  TC_ASSIGN_OR_RETURN(r, Emit1(e, "tanh", {r}));
  TC_ASSIGN_OR_RETURN(r, Emit1(e, "mul", {a[0], r}));
  return Out(r);
}

// gelu_backward(grad_output, self, approximate): grad_output * gelu'(self)
// as ATen's GeluBackward kernel writes it: exact, cdf + x * pdf with
// cdf = 0.5 (1 + erf(x / sqrt 2)), pdf = exp(-x^2 / 2) / sqrt(2 pi); tanh,
// the derivative of 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))).
Refs GeluBackward(Emitter& e, EArgs a) {
  EmitRef grad = Ref(a, 0), x = Ref(a, 1);
  TC_RETURN_IF_ERROR(FloatingOnly(e, x, "GeluBackwardKernelImpl"));
  const std::string& mode = Str(a, 2);
  if (mode != "none" && mode != "tanh") {
    return Invalid("approximate argument must be either none or tanh.");
  }
  auto mul = [&](EmitArg p, EmitArg q) { return Emit1(e, "mul", {std::move(p), std::move(q)}); };
  auto add = [&](EmitArg p, EmitArg q) { return Emit1(e, "add", {std::move(p), std::move(q)}); };
  auto num = [](double v) { return CNum(Scalar(v)); };
  EmitRef d;
  if (mode == "tanh") {
    const double kBeta = M_SQRT2 * M_2_SQRTPI * 0.5, kKappa = 0.044715;
    TC_ASSIGN_OR_RETURN(EmitRef x_sq, mul(x, x));
    TC_ASSIGN_OR_RETURN(EmitRef x_cube, mul(x_sq, x));
    TC_ASSIGN_OR_RETURN(EmitRef k_cube, mul(x_cube, num(kKappa)));
    TC_ASSIGN_OR_RETURN(EmitRef sum, add(x, k_cube));
    TC_ASSIGN_OR_RETURN(EmitRef inner, mul(sum, num(kBeta)));
    TC_ASSIGN_OR_RETURN(EmitRef t, Emit1(e, "tanh", {inner}));
    TC_ASSIGN_OR_RETURN(EmitRef left, mul(x, num(0.5)));
    TC_ASSIGN_OR_RETURN(EmitRef right, add(t, num(1.0)));
    TC_ASSIGN_OR_RETURN(EmitRef left_d, mul(right, num(0.5)));
    TC_ASSIGN_OR_RETURN(EmitRef t_sq, mul(t, t));
    TC_ASSIGN_OR_RETURN(EmitRef neg, Emit1(e, "neg", {t_sq}));
    TC_ASSIGN_OR_RETURN(EmitRef tanh_d, add(neg, num(1.0)));
    TC_ASSIGN_OR_RETURN(EmitRef k_sq, mul(x_sq, num(3 * kKappa)));
    TC_ASSIGN_OR_RETURN(EmitRef k_sq1, add(k_sq, num(1.0)));
    TC_ASSIGN_OR_RETURN(EmitRef inner_d, mul(k_sq1, num(kBeta)));
    TC_ASSIGN_OR_RETURN(EmitRef lt, mul(left, tanh_d));
    TC_ASSIGN_OR_RETURN(EmitRef right_d, mul(lt, inner_d));
    TC_ASSIGN_OR_RETURN(d, add(left_d, right_d));
  } else {
    TC_ASSIGN_OR_RETURN(EmitRef scaled, mul(x, num(M_SQRT1_2)));
    TC_ASSIGN_OR_RETURN(EmitRef erf, Emit1(e, "erf", {scaled}));
    TC_ASSIGN_OR_RETURN(EmitRef erf1, add(erf, num(1.0)));
    TC_ASSIGN_OR_RETURN(EmitRef cdf, mul(erf1, num(0.5)));
    TC_ASSIGN_OR_RETURN(EmitRef x_sq, mul(x, x));
    TC_ASSIGN_OR_RETURN(EmitRef half_sq, mul(x_sq, num(-0.5)));
    TC_ASSIGN_OR_RETURN(EmitRef ex, Emit1(e, "exp", {half_sq}));
    TC_ASSIGN_OR_RETURN(EmitRef pdf, mul(ex, num(M_2_SQRTPI * M_SQRT1_2 * 0.5)));
    TC_ASSIGN_OR_RETURN(EmitRef xp, mul(x, pdf));
    TC_ASSIGN_OR_RETURN(d, add(cdf, xp));
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, mul(grad, d));
  return Out(out);
}

// torch.nn.functional's own formula: input - input.tanh().
Refs Tanhshrink(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef t, Emit1(e, "tanh", {a[0]}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "sub", {a[0], t}));
  return Out(out);
}

// The first half of `dim` times the sigmoid of the second.
Refs Glu(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  if (in.dim() == 0)
    return Invalid("glu does not support scalars because halving size must be even");
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), in.dim()));
  if (in.sizes[dim] % 2 != 0) {
    return Invalid(absl::StrFormat("Halving dimension must be even, but dimension %d is size %d",
                                   dim, in.sizes[dim]));
  }
  TC_RETURN_IF_ERROR(FloatingOnly(e, x, "glu_cpu"));
  int64_t half = in.sizes[dim] / 2;
  TC_ASSIGN_OR_RETURN(EmitRef first,
                      Emit1(e, "slice", {x, CInt(dim), CInt(0), CInt(half), CInt(1)}));
  TC_ASSIGN_OR_RETURN(EmitRef second,
                      Emit1(e, "slice", {x, CInt(dim), CInt(half), CInt(2 * half), CInt(1)}));
  TC_ASSIGN_OR_RETURN(second, Emit1(e, "sigmoid", {second}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "mul", {first, second}));
  return Out(out);
}

// min(x, 0) - log1p(exp(-|x|)).
Refs Logsigmoid(Emitter& e, EArgs a) {
  TC_RETURN_IF_ERROR(FloatingOnly(e, Ref(a, 0), "log_sigmoid_cpu"));
  TC_ASSIGN_OR_RETURN(EmitRef lo, Emit1(e, "clamp", {a[0], CNone(), CInt(0)}));
  TC_ASSIGN_OR_RETURN(EmitRef z, Emit1(e, "abs", {a[0]}));
  TC_ASSIGN_OR_RETURN(z, Emit1(e, "neg", {z}));
  TC_ASSIGN_OR_RETURN(z, Emit1(e, "exp", {z}));
  TC_ASSIGN_OR_RETURN(z, Emit1(e, "log1p", {z}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "sub", {lo, z}));
  return Out(out);
}

// softmax(-x); dim None is softmax's implicit choice (0 for 0-, 1- and
// 3-dim inputs, else 1).
Refs Softmin(Emitter& e, EArgs a) {
  int64_t nd = e.Meta(Ref(a, 0)).dim();
  int64_t dim = IsNone(a, 1) ? ((nd == 0 || nd == 1 || nd == 3) ? 0 : 1) : Int(a, 1);
  TC_ASSIGN_OR_RETURN(EmitRef n, Emit1(e, "neg", {a[0]}));
  // softmax is itself a composite: its decomposition is inlined.
  const EmitArg args[] = {n, CInt(dim), a[2]};
  return FindOp("softmax")->decompose(e, EArgs(args));
}

// ATen computes these activations in float for float16 and bfloat16
// inputs and rounds once: the tensor arguments of that dtype go up to
// float32 and the result comes back down.
template <DecomposeFn F>
Refs InOpmath(Emitter& e, EArgs a) {
  DType d = e.Meta(Ref(a, 0)).dtype;
  if (d != DType::kFloat16 && d != DType::kBFloat16) return F(e, a);
  std::vector<EmitArg> args(a.begin(), a.end());
  for (EmitArg& arg : args) {
    if (const EmitRef* r = std::get_if<EmitRef>(&arg); r != nullptr && e.Meta(*r).dtype == d) {
      TC_ASSIGN_OR_RETURN(arg, ToDType(e, *r, DType::kFloat32));
    }
  }
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> out, F(e, args));
  TC_ASSIGN_OR_RETURN(out[0], ToDType(e, out[0], d));
  return out;
}

}  // namespace

void AddCompositeActivationOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&InOpmath<&Elu>>(
      "elu", {Req("input", kT), Def("alpha", kS, Scalar(1.0)), Def("scale", kS, Scalar(1.0)),
              Def("input_scale", kS, Scalar(1.0))}));
  ops.push_back(Composite<&InOpmath<&Selu>>("selu", {Req("input", kT)}));
  ops.push_back(Composite<&InOpmath<&GeluBackward>>(
      "gelu_backward", {Req("grad_output", kT), Req("self", kT),
                        Def("approximate", ArgType::kString, std::string("none"))}));
  ops.push_back(
      Composite<&InOpmath<&Celu>>("celu", {Req("input", kT), Def("alpha", kS, Scalar(1.0))}));
  ops.push_back(Composite<&InOpmath<&LeakyRelu>>(
      "leaky_relu", {Req("input", kT), Def("negative_slope", kS, Scalar(0.01))}));
  ops.push_back(Composite<&InOpmath<&Rrelu>>(
      "rrelu",
      {Req("input", kT), Def("lower", kS, Scalar(1.0 / 8)), Def("upper", kS, Scalar(1.0 / 3)),
       Def("training", ArgType::kBool, Scalar(false))}));
  ops.push_back(Composite<&InOpmath<&Prelu>>("prelu", {Req("input", kT), Req("weight", kT)}));
  ops.push_back(Composite<&Hardtanh>(
      "hardtanh",
      {Req("input", kT), Def("min_val", kS, Scalar(-1.0)), Def("max_val", kS, Scalar(1.0))}));
  ops.push_back(Composite<&Relu6>("relu6", {Req("input", kT)}));
  ops.push_back(Composite<&InOpmath<&Hardsigmoid>>("hardsigmoid", {Req("input", kT)}));
  ops.push_back(Composite<&InOpmath<&Hardswish>>("hardswish", {Req("input", kT)}));
  ops.push_back(Composite<&InOpmath<&Softplus>>(
      "softplus",
      {Req("input", kT), Def("beta", kS, Scalar(1.0)), Def("threshold", kS, Scalar(20.0))}));
  ops.push_back(Composite<&Softsign>("softsign", {Req("input", kT)}));
  ops.push_back(Composite<&InOpmath<&Mish>>("mish", {Req("input", kT)}));
  ops.push_back(Composite<&Tanhshrink>("tanhshrink", {Req("input", kT)}));
  ops.push_back(
      Composite<&InOpmath<&Glu>>("glu", {Req("input", kT), Def("dim", ArgType::kInt, Scalar(-1))}));
  ops.push_back(Composite<&InOpmath<&Logsigmoid>>("logsigmoid", {Req("input", kT)}));
  ops.push_back(Composite<&Softmin>(
      "softmin", {Req("input", kT), Opt("dim", ArgType::kInt), Opt("dtype", ArgType::kDType)}));
}

}  // namespace tc::graph_ir::internal
