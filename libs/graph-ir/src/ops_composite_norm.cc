// Composite normalization ops: rms_norm, batch_norm, instance_norm,
// group_norm and local_response_norm (layer_norm lives with the other nn composites in
// ops_composite_nn.cc), and the normalized_shape checks layer_norm and
// rms_norm share.
#include <algorithm>
#include <limits>
#include <optional>
#include <utility>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;
constexpr ArgType kT = ArgType::kTensor;

absl::Status CheckParamShape(std::string_view what, const TensorMeta& p, const Shape& shape) {
  if (p.sizes == shape) return absl::OkStatus();
  return Invalid(absl::StrFormat(
      "Expected %s to be of same shape as normalized_shape, but got %s of shape %s and "
      "normalized_shape = %s",
      what, what, tensor::ShapeToString(p.sizes), tensor::ShapeToString(shape)));
}

// ATen's rms_norm: in the op-math type (float for half and bfloat16),
// x * rsqrt(mean(x^2, normalized dims) + eps) * weight, cast to the input's
// dtype (a float64 weight does not promote a float32 input). eps None: the
// op-math type's machine epsilon.
Refs RmsNorm(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  const Shape& shape = IntList(a, 1);
  // rms_norm's text reads "[*3]" where layer_norm's reads "[*, 3]".
  TC_RETURN_IF_ERROR(CheckNormalizedShape(e, a, in, shape, 2, -1, ""));
  if (!IsFloatingPoint(in.dtype)) return NotImplemented("rms_norm", in.dtype);
  const DType opmath =
      in.dtype == DType::kFloat16 || in.dtype == DType::kBFloat16 ? DType::kFloat32 : in.dtype;
  double eps = IsNone(a, 3) ? (opmath == DType::kFloat64 ? std::numeric_limits<double>::epsilon()
                                                         : std::numeric_limits<float>::epsilon())
                            : ScalarArg(a, 3).to_double();
  Shape dims;
  for (int64_t i = -static_cast<int64_t>(shape.size()); i < 0; ++i) dims.push_back(i);
  TC_ASSIGN_OR_RETURN(EmitRef up, ToDType(e, x, opmath));
  TC_ASSIGN_OR_RETURN(EmitRef sq, Emit1(e, "mul", {up, up}));
  TC_ASSIGN_OR_RETURN(EmitRef ms, Emit1(e, "mean", {sq, CList(dims), CBool(true)}));
  TC_ASSIGN_OR_RETURN(EmitRef ms_eps, Emit1(e, "add", {ms, CNum(Scalar(eps))}));
  TC_ASSIGN_OR_RETURN(EmitRef r, Emit1(e, "rsqrt", {ms_eps}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "mul", {up, r}));
  if (!IsNone(a, 2)) {
    TC_ASSIGN_OR_RETURN(out, Emit1(e, "mul", {out, a[2]}));
  }
  TC_ASSIGN_OR_RETURN(out, ToDType(e, out, in.dtype));
  return std::vector<EmitRef>{out};
}

// [C] -> [1, C, 1, ...] for an input of `dim` dims, to broadcast per channel.
RefOr PerChannel(Emitter& e, EmitRef p, int64_t dim) {
  Shape s(static_cast<size_t>(dim), 1);
  s[1] = -1;
  return Emit1(e, "reshape", {p, CList(s)});
}

// The batch_norm / instance_norm arguments: optional tensors are nullopt.
struct BatchNormArgs {
  EmitRef x;
  std::optional<EmitRef> weight, bias, running_mean, running_var;
  bool training;
  double momentum, eps;
};

std::optional<EmitRef> OptRef(EArgs a, size_t i) {
  if (IsNone(a, i)) return std::nullopt;
  return Ref(a, i);
}

absl::Status CheckBatchNormArgs(Emitter& e, const BatchNormArgs& b, const TensorMeta& in,
                                int64_t channels) {
  const std::pair<const char*, std::optional<EmitRef>> params[] = {{"running_mean", b.running_mean},
                                                                   {"running_var", b.running_var},
                                                                   {"weight", b.weight},
                                                                   {"bias", b.bias}};
  for (const auto& [name, p] : params) {
    if (p.has_value() && e.Meta(*p).numel() != channels) {
      return Invalid(absl::StrFormat("%s should contain %d elements not %d", name, channels,
                                     e.Meta(*p).numel()));
    }
  }
  if (!b.training && !b.running_mean.has_value()) {
    return Invalid("running_mean must be defined in evaluation mode");
  }
  if (!b.training && !b.running_var.has_value()) {
    return Invalid("running_var must be defined in evaluation mode");
  }
  if (!IsFloatingPoint(in.dtype)) return NotImplemented("batch_norm", in.dtype);
  // Reduced-precision inputs may take float32 parameters (ATen's mixed
  // dtype mode); otherwise every tensor shares the input's dtype.
  const bool reduced = in.dtype == DType::kFloat16 || in.dtype == DType::kBFloat16;
  for (const auto& [name, p] : params) {
    if (!p.has_value()) continue;
    const DType pd = e.Meta(*p).dtype;
    if (pd != in.dtype && !(reduced && pd == DType::kFloat32)) {
      return Invalid("mixed dtype (CPU): all inputs must share same datatype.");
    }
  }
  return absl::OkStatus();
}

// momentum * stat + (1 - momentum) * running, in that order (ATen's
// running-stat update).
RefOr Blend(Emitter& e, EmitRef stat, EmitRef running, double momentum) {
  TC_ASSIGN_OR_RETURN(EmitRef a, Emit1(e, "mul", {stat, CNum(Scalar(momentum))}));
  TC_ASSIGN_OR_RETURN(EmitRef r, Emit1(e, "mul", {running, CNum(Scalar(1 - momentum))}));
  TC_ASSIGN_OR_RETURN(EmitRef blended, Emit1(e, "add", {a, r}));
  return ToDType(e, blended, e.Meta(running).dtype);
}

// (output, new running_mean, new running_var): training normalizes with
// the batch's statistics over every dim but 1 (biased variance) and blends
// them into the running stats (unbiased variance); evaluation uses the
// running stats. The output is x * alpha + beta per channel, alpha =
// weight / sqrt(var + eps), beta = bias - mean * alpha, as ATen's CPU
// kernel computes it. Without running stats (or when not training) the
// last two outputs are the statistics used.
Refs BatchNormCore(Emitter& e, const BatchNormArgs& b) {
  const TensorMeta in = e.Meta(b.x);
  // Dim 1 holds the channels: a 0-dim or 1-dim input is PyTorch's
  // IndexError on size(1).
  TC_RETURN_IF_ERROR(tensor::WrapDim(1, in.dim()).status());
  const int64_t channels = in.sizes[1];
  TC_RETURN_IF_ERROR(CheckBatchNormArgs(e, b, in, channels));
  EmitRef mean, var, new_mean, new_var;
  if (b.training) {
    Shape dims = {0};
    for (int64_t d = 2; d < in.dim(); ++d) dims.push_back(d);
    TC_ASSIGN_OR_RETURN(mean, Emit1(e, "mean", {b.x, CList(dims), CBool(false)}));
    TC_ASSIGN_OR_RETURN(
        var, Emit1(e, "var", {b.x, CList(dims), CNum(Scalar(int64_t{0})), CBool(false)}));
    new_mean = mean;
    new_var = var;
    if (b.running_mean.has_value()) {
      TC_ASSIGN_OR_RETURN(new_mean, Blend(e, mean, *b.running_mean, b.momentum));
    }
    if (b.running_var.has_value()) {
      TC_ASSIGN_OR_RETURN(
          EmitRef unbiased,
          Emit1(e, "var", {b.x, CList(dims), CNum(Scalar(int64_t{1})), CBool(false)}));
      TC_ASSIGN_OR_RETURN(new_var, Blend(e, unbiased, *b.running_var, b.momentum));
    }
  } else {
    mean = new_mean = *b.running_mean;
    var = new_var = *b.running_var;
  }
  TC_ASSIGN_OR_RETURN(EmitRef var_eps, Emit1(e, "add", {var, CNum(Scalar(b.eps))}));
  TC_ASSIGN_OR_RETURN(EmitRef alpha, Emit1(e, "rsqrt", {var_eps}));
  if (b.weight.has_value()) {
    TC_ASSIGN_OR_RETURN(alpha, Emit1(e, "mul", {alpha, *b.weight}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef shift, Emit1(e, "mul", {mean, alpha}));
  EmitRef beta;
  if (b.bias.has_value()) {
    TC_ASSIGN_OR_RETURN(beta, Emit1(e, "sub", {*b.bias, shift}));
  } else {
    TC_ASSIGN_OR_RETURN(beta, Emit1(e, "neg", {shift}));
  }
  TC_ASSIGN_OR_RETURN(alpha, PerChannel(e, alpha, in.dim()));
  TC_ASSIGN_OR_RETURN(beta, PerChannel(e, beta, in.dim()));
  TC_ASSIGN_OR_RETURN(EmitRef scaled, Emit1(e, "mul", {b.x, alpha}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "add", {scaled, beta}));
  TC_ASSIGN_OR_RETURN(out, ToDType(e, out, in.dtype));
  return std::vector<EmitRef>{out, new_mean, new_var};
}

BatchNormArgs ReadBatchNormArgs(EArgs a) {
  return BatchNormArgs{Ref(a, 0),    OptRef(a, 1), OptRef(a, 2), OptRef(a, 3),
                       OptRef(a, 4), Bool(a, 5),   Float(a, 6),  Float(a, 7)};
}

Refs BatchNorm(Emitter& e, EArgs a) { return BatchNormCore(e, ReadBatchNormArgs(a)); }

// p repeated n times: [C] -> [n * C].
RefOr RepeatVector(Emitter& e, EmitRef p, int64_t n) {
  const int64_t c = e.Meta(p).numel();
  TC_ASSIGN_OR_RETURN(EmitRef u, Emit1(e, "reshape", {p, CList({1, c})}));
  TC_ASSIGN_OR_RETURN(EmitRef x, Emit1(e, "expand", {u, CList({n, c})}));
  return Emit1(e, "reshape", {x, CList({n * c})});
}

// ATen's instance_norm: batch_norm over the input viewed as [1, N * C,
// ...] with the parameters repeated N times; the new running stats are the
// mean over N of the per-instance ones.
Refs InstanceNorm(Emitter& e, EArgs a) {
  BatchNormArgs b = ReadBatchNormArgs(a);
  if (!b.training && (!b.running_mean.has_value() || !b.running_var.has_value())) {
    return Invalid(
        "Expected running_mean and running_var to be defined when use_input_stats is false");
  }
  const TensorMeta in = e.Meta(b.x);
  if (in.dim() < 2) {
    return Invalid(absl::StrFormat(
        "Expected at least 2 dimensions for input tensor but received %d", in.dim()));
  }
  const int64_t n = in.sizes[0], c = in.sizes[1];
  Shape shape = in.sizes;
  shape[0] = 1;
  shape[1] = n * c;
  TC_ASSIGN_OR_RETURN(b.x, Emit1(e, "reshape", {b.x, CList(shape)}));
  for (std::optional<EmitRef>* p : {&b.weight, &b.bias, &b.running_mean, &b.running_var}) {
    if (p->has_value()) {
      TC_ASSIGN_OR_RETURN(**p, RepeatVector(e, **p, n));
    }
  }
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> r, BatchNormCore(e, b));
  TC_ASSIGN_OR_RETURN(r[0], Emit1(e, "reshape", {r[0], CList(in.sizes)}));
  for (size_t i = 1; i <= 2; ++i) {
    TC_ASSIGN_OR_RETURN(EmitRef per, Emit1(e, "reshape", {r[i], CList({n, c})}));
    TC_ASSIGN_OR_RETURN(r[i], Emit1(e, "mean", {per, CList({0}), CBool(false)}));
  }
  return r;
}

// ATen's group_norm: mean and biased variance over each group of C / G
// channels (and all spatial positions), normalized, then weight and bias
// per channel.
Refs GroupNorm(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  const int64_t groups = Int(a, 1);
  if (in.dim() < 2) {
    return Invalid(absl::StrFormat(
        "Expected at least 2 dimensions for input tensor but received %d", in.dim()));
  }
  const int64_t n = in.sizes[0], c = in.sizes[1];
  if (groups <= 0 || c % groups != 0) {
    return Invalid(absl::StrFormat(
        "Expected number of channels in input to be divisible by num_groups, but got input of "
        "shape %s and num_groups=%d",
        tensor::ShapeToString(in.sizes), groups));
  }
  for (size_t i = 2; i <= 3; ++i) {
    if (IsNone(a, i)) continue;
    const TensorMeta p = e.Meta(Ref(a, i));
    if (p.dim() != 1 || p.numel() != c) {
      return Invalid(absl::StrFormat(
          "Expected %s to be a vector of size equal to the number of channels in input, but got "
          "%s of shape %s and input of shape %s",
          i == 2 ? "weight" : "bias", i == 2 ? "weight" : "bias", tensor::ShapeToString(p.sizes),
          tensor::ShapeToString(in.sizes)));
    }
  }
  if (!IsFloatingPoint(in.dtype)) return NotImplemented("GroupNormKernelImpl", in.dtype);
  TC_ASSIGN_OR_RETURN(EmitRef g, Emit1(e, "reshape", {x, CList({n, groups, -1})}));
  TC_ASSIGN_OR_RETURN(EmitRef mean, Emit1(e, "mean", {g, CList({2}), CBool(true)}));
  TC_ASSIGN_OR_RETURN(EmitRef var,
                      Emit1(e, "var", {g, CList({2}), CNum(Scalar(int64_t{0})), CBool(true)}));
  TC_ASSIGN_OR_RETURN(EmitRef var_eps, Emit1(e, "add", {var, a[4]}));
  TC_ASSIGN_OR_RETURN(EmitRef rstd, Emit1(e, "rsqrt", {var_eps}));
  TC_ASSIGN_OR_RETURN(EmitRef centered, Emit1(e, "sub", {g, mean}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "mul", {centered, rstd}));
  TC_ASSIGN_OR_RETURN(out, Emit1(e, "reshape", {out, CList(in.sizes)}));
  for (size_t i = 2; i <= 3; ++i) {
    if (IsNone(a, i)) continue;
    TC_ASSIGN_OR_RETURN(EmitRef p, PerChannel(e, Ref(a, i), in.dim()));
    TC_ASSIGN_OR_RETURN(out, Emit1(e, i == 2 ? "mul" : "add", {out, p}));
  }
  return std::vector<EmitRef>{out};
}

// torch.nn.functional.local_response_norm: x / (k + alpha * avg)^beta, avg
// the mean of x^2 over a window of `size` channels (dim 1) zero-padded by
// size / 2 before and (size - 1) / 2 after, summed in window order and
// divided by size, as its avg_pool over the padded squares computes it.
Refs LocalResponseNorm(Emitter& e, EArgs a) {
  const int64_t size = Int(a, 1);
  const EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  if (in.dim() < 3) {
    return Invalid(absl::StrFormat(
        "Expected 3D or higher dimensionality                          input (got %d dimensions)",
        in.dim()));
  }
  if (in.numel() == 0) return std::vector<EmitRef>{x};
  if (size <= 0) return Invalid("local_response_norm(): size must be positive");
  TC_ASSIGN_OR_RETURN(EmitRef sq, Emit1(e, "mul", {x, x}));
  const int64_t channels = in.sizes[1], front = size / 2, back = (size - 1) / 2;
  std::vector<EmitRef> parts;
  for (int64_t pad : {front, int64_t{-1}, back}) {
    if (pad < 0) {
      parts.push_back(sq);
    } else if (pad > 0) {
      Shape s = in.sizes;
      s[1] = pad;
      TC_ASSIGN_OR_RETURN(EmitRef zeros,
                          Emit1(e, "full", {CList(s), CNum(Scalar(0.0)), CDType(in.dtype)}));
      parts.push_back(zeros);
    }
  }
  TC_ASSIGN_OR_RETURN(EmitRef padded, Emit1(e, "cat", {std::move(parts), CInt(1)}));
  // Windows that lie wholly in the zero padding add exact zeros (the squares
  // are never -0), so only the j whose window meets a channel are emitted:
  // at most 2 * C of them, whatever `size` is.
  EmitRef sum{};
  const int64_t first = std::max<int64_t>(0, front - channels + 1);
  const int64_t last = std::min<int64_t>(size, front + channels);
  for (int64_t j = first; j < last; ++j) {
    TC_ASSIGN_OR_RETURN(EmitRef win,
                        Emit1(e, "slice", {padded, CInt(1), CInt(j), CInt(j + channels), CInt(1)}));
    if (j == first) {
      sum = win;
    } else {
      TC_ASSIGN_OR_RETURN(sum, Emit1(e, "add", {sum, win}));
    }
  }
  TC_ASSIGN_OR_RETURN(EmitRef avg, Emit1(e, "div", {sum, CNum(Scalar(size))}));
  TC_ASSIGN_OR_RETURN(EmitRef div, Emit1(e, "mul", {avg, a[2]}));
  TC_ASSIGN_OR_RETURN(div, Emit1(e, "add", {div, a[4]}));
  TC_ASSIGN_OR_RETURN(div, Emit1(e, "pow", {div, a[3]}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "div", {x, div}));
  return std::vector<EmitRef>{out};
}

}  // namespace

absl::Status CheckNormalizedShape(Emitter& e, EArgs a, const TensorMeta& in, const Shape& shape,
                                  int w, int b, std::string_view star_sep) {
  const int64_t k = static_cast<int64_t>(shape.size());
  if (k == 0) {
    return Invalid(
        "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
        "element, but got normalized_shape = []");
  }
  if (!IsNone(a, w)) TC_RETURN_IF_ERROR(CheckParamShape("weight", e.Meta(Ref(a, w)), shape));
  if (b >= 0 && !IsNone(a, b)) {
    TC_RETURN_IF_ERROR(CheckParamShape("bias", e.Meta(Ref(a, b)), shape));
  }
  bool matches = in.dim() >= k;
  for (int64_t i = 0; matches && i < k; ++i) matches = in.sizes[in.dim() - k + i] == shape[i];
  if (!matches) {
    std::string star = tensor::ShapeToString(shape);
    return Invalid(absl::StrFormat(
        "Given normalized_shape=%s, expected input with shape [*%s%s, but got input of size%s",
        star, star_sep, star.substr(1), tensor::ShapeToString(in.sizes)));
  }
  return absl::OkStatus();
}

void AddCompositeNormOps(std::vector<OpDef>& ops) {
  ops.push_back(
      Composite<&RmsNorm>("rms_norm", {Req("input", kT), Req("normalized_shape", ArgType::kIntList),
                                       Opt("weight", kT), Opt("eps", ArgType::kScalar)}));
  // (input, weight, bias, running_mean, running_var, training, momentum,
  // eps) -> (output, new running_mean, new running_var); the caller writes
  // the running stats back (torch.batch_norm updates them in place).
  std::vector<ArgSpec> bn_args = {Req("input", kT),
                                  Opt("weight", kT),
                                  Opt("bias", kT),
                                  Opt("running_mean", kT),
                                  Opt("running_var", kT),
                                  Def("training", ArgType::kBool, Scalar(false)),
                                  Def("momentum", ArgType::kScalar, Scalar(0.1)),
                                  Def("eps", ArgType::kScalar, Scalar(1e-5))};
  ops.push_back(Composite<&BatchNorm>("batch_norm", bn_args, 3));
  bn_args[5].name = "use_input_stats";
  ops.push_back(Composite<&InstanceNorm>("instance_norm", bn_args, 3));
  ops.push_back(Composite<&LocalResponseNorm>(
      "local_response_norm",
      {Req("input", kT), Req("size", ArgType::kInt), Def("alpha", ArgType::kScalar, Scalar(1e-4)),
       Def("beta", ArgType::kScalar, Scalar(0.75)), Def("k", ArgType::kScalar, Scalar(1.0))}));
  ops.push_back(Composite<&GroupNorm>(
      "group_norm", {Req("input", kT), Req("num_groups", ArgType::kInt), Opt("weight", kT),
                     Opt("bias", kT), Def("eps", ArgType::kScalar, Scalar(1e-5))}));
}

}  // namespace tc::graph_ir::internal
