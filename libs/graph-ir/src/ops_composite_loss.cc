// Composite losses: mse_loss, nll_loss, cross_entropy (class indices or
// class probabilities, with label smoothing), with ATen's checks and words.
#include <optional>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;
constexpr ArgType kT = ArgType::kTensor;

std::optional<EmitRef> OptRef(EArgs a, size_t i) {
  if (IsNone(a, i)) return std::nullopt;
  return Ref(a, i);
}

DType PromoteTensors(const TensorMeta& a, const TensorMeta& b) {
  auto kind = [](const TensorMeta& m) {
    return m.dim() > 0 ? tensor::OperandKind::kTensor : tensor::OperandKind::kZeroDim;
  };
  const tensor::TypeOperand ops[] = {{a.dtype, kind(a)}, {b.dtype, kind(b)}};
  return tensor::ResultType(ops);
}

RefOr Reduce(Emitter& e, EmitRef loss, const std::string& reduction) {
  if (reduction == "none") return loss;
  return Emit1(e, reduction == "sum" ? "sum" : "mean", {loss});
}

Refs MseLoss(Emitter& e, EArgs a) {
  TC_RETURN_IF_ERROR(CheckReduction(Str(a, 2)));
  DType dtype = PromoteTensors(e.Meta(Ref(a, 0)), e.Meta(Ref(a, 1)));
  if (!IsFloatingPoint(dtype)) return NotImplemented("mse_cpu", dtype);
  TC_ASSIGN_OR_RETURN(EmitRef diff, Emit1(e, "sub", {a[0], a[1]}));
  TC_ASSIGN_OR_RETURN(EmitRef sq, Emit1(e, "mul", {diff, diff}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Reduce(e, sq, Str(a, 2)));
  return std::vector<EmitRef>{out};
}

// nll_loss before its reduction, in the target's shape (0-dim for a 1-D
// input): -input[target] * weight[target], 0 where target == ignore_index,
// and the weights themselves (0 where ignored) for the mean.
struct NllParts {
  EmitRef loss;
  EmitRef weight;
  EmitRef valid;  // target != ignore_index
};

absl::StatusOr<NllParts> NllPerElement(Emitter& e, EmitRef input, EmitRef target,
                                       std::optional<EmitRef> weight, int64_t ignore_index,
                                       std::string_view weight_prefix) {
  const TensorMeta in = e.Meta(input), tm = e.Meta(target);
  if (in.dim() < 1)
    return Invalid(absl::StrFormat("Expected 1 or more dimensions (got %d)", in.dim()));
  int64_t target_batch = tm.dim() > 0 ? tm.sizes[0] : 0;
  if (in.dim() != 1 && in.sizes[0] != target_batch) {
    return Invalid(
        absl::StrFormat("Expected input batch_size (%d) to match target batch_size (%d).",
                        in.sizes[0], target_batch));
  }
  if (in.dim() <= 2) {
    if (tm.dim() > 1) return Invalid("0D or 1D target tensor expected, multi-target not supported");
    if (in.dim() == 1 && tm.dim() == 1 && tm.sizes[0] != 1) {
      return Invalid(absl::StrFormat(
          "For 1D input, 1D target must have size 1, but got target size: %d", tm.sizes[0]));
    }
  } else {
    Shape want = in.sizes;
    want.erase(want.begin() + 1);
    if (tm.sizes != want) {
      return Invalid(absl::StrFormat("Expected target size %s, got %s", tensor::ShapeToString(want),
                                     tensor::ShapeToString(tm.sizes)));
    }
  }
  if (tm.dtype != DType::kInt64 && tm.dtype != DType::kUInt8) {
    return Invalid(absl::StrFormat("expected target dtype to be Long or Byte, but got %s",
                                   ScalarTypeName(tm.dtype)));
  }
  int64_t classes = in.dim() == 1 ? in.sizes[0] : in.sizes[1];
  if (weight) {
    const TensorMeta w = e.Meta(*weight);
    if (w.numel() != classes) {
      if (in.dim() > 2 && weight_prefix.empty()) {
        return Invalid("weight tensor should be defined either for all or no classes");
      }
      return Invalid(absl::StrFormat(
          "%sweight tensor should be defined either for all %d classes or no classes but got "
          "weight tensor of shape: %s",
          weight_prefix, classes, tensor::ShapeToString(w.sizes)));
    }
    if (w.dtype != in.dtype) {
      return Invalid(absl::StrFormat("expected scalar type %s but found %s",
                                     ScalarTypeName(in.dtype), ScalarTypeName(w.dtype)));
    }
  }
  if (!IsFloatingPoint(in.dtype)) {
    return NotImplemented(in.dim() > 2 ? "nll_loss2d_forward_out_frame" : "nll_loss_out_frame",
                          in.dtype);
  }
  // A 1-D input is one sample: [C] -> [1, C], target -> [1].
  EmitRef x = input, t = target;
  Shape out_sizes = tm.sizes;
  if (in.dim() == 1) {
    TC_ASSIGN_OR_RETURN(x, Emit1(e, "unsqueeze", {input, CInt(0)}));
    TC_ASSIGN_OR_RETURN(t, Emit1(e, "reshape", {target, CList({1})}));
    out_sizes.clear();
  }
  TC_ASSIGN_OR_RETURN(t, ToDType(e, t, DType::kInt64));
  Shape t_sizes = e.Meta(t).sizes;
  TC_ASSIGN_OR_RETURN(EmitRef valid, Emit1(e, "ne", {t, CInt(ignore_index)}));
  TC_ASSIGN_OR_RETURN(EmitRef safe, Emit1(e, "where", {valid, t, CInt(0)}));
  TC_ASSIGN_OR_RETURN(EmitRef idx, Emit1(e, "unsqueeze", {safe, CInt(1)}));
  TC_ASSIGN_OR_RETURN(EmitRef picked, Emit1(e, "gather", {x, CInt(1), idx}));
  TC_ASSIGN_OR_RETURN(picked, Emit1(e, "reshape", {picked, CList(out_sizes)}));
  TC_ASSIGN_OR_RETURN(valid, Emit1(e, "reshape", {valid, CList(out_sizes)}));
  NllParts parts;
  parts.valid = valid;
  if (weight) {
    TC_ASSIGN_OR_RETURN(EmitRef flat, Emit1(e, "reshape", {safe, CList({-1})}));
    TC_ASSIGN_OR_RETURN(EmitRef w, Emit1(e, "index_select", {*weight, CInt(0), flat}));
    TC_ASSIGN_OR_RETURN(w, Emit1(e, "reshape", {w, CList(out_sizes)}));
    TC_ASSIGN_OR_RETURN(picked, Emit1(e, "mul", {picked, w}));
    TC_ASSIGN_OR_RETURN(parts.weight, Emit1(e, "where", {valid, w, CNum(0.0)}));
  } else {
    TC_ASSIGN_OR_RETURN(parts.weight, ToDType(e, valid, in.dtype));
  }
  TC_ASSIGN_OR_RETURN(EmitRef neg, Emit1(e, "neg", {picked}));
  TC_ASSIGN_OR_RETURN(parts.loss, Emit1(e, "where", {valid, neg, CNum(0.0)}));
  return parts;
}

// sum(loss) / sum(weights) for 'mean' (NaN when every target is ignored,
// as in PyTorch), sum or the elements otherwise.
RefOr ReduceWeighted(Emitter& e, EmitRef loss, EmitRef weight, const std::string& reduction) {
  if (reduction != "mean") return Reduce(e, loss, reduction);
  TC_ASSIGN_OR_RETURN(EmitRef num, Emit1(e, "sum", {loss}));
  TC_ASSIGN_OR_RETURN(EmitRef den, Emit1(e, "sum", {weight}));
  return Emit1(e, "div", {num, den});
}

Refs NllLoss(Emitter& e, EArgs a) {
  TC_RETURN_IF_ERROR(CheckReduction(Str(a, 3)));
  TC_ASSIGN_OR_RETURN(NllParts p,
                      NllPerElement(e, Ref(a, 0), Ref(a, 1), OptRef(a, 2), Int(a, 4), ""));
  TC_ASSIGN_OR_RETURN(EmitRef out, ReduceWeighted(e, p.loss, p.weight, Str(a, 3)));
  return std::vector<EmitRef>{out};
}

// `weight` viewed to broadcast along `class_dim` of a rank-`rank` tensor.
RefOr WeightView(Emitter& e, EmitRef weight, int64_t rank, int64_t class_dim) {
  Shape sizes(rank, 1);
  sizes[class_dim] = e.Meta(weight).numel();
  return Emit1(e, "reshape", {weight, CList(sizes)});
}

// Targets holding class probabilities (same shape as the input).
Refs CrossEntropyProbs(Emitter& e, EArgs a, EmitRef logp, int64_t class_dim, double smoothing) {
  const TensorMeta in = e.Meta(Ref(a, 0));
  EmitRef target = Ref(a, 1);
  const std::string& reduction = Str(a, 3);
  if (!IsFloatingPoint(e.Meta(target).dtype)) {
    return Invalid(
        absl::StrFormat("Expected floating point type for target with class probabilities, got %s",
                        ScalarTypeName(e.Meta(target).dtype)));
  }
  int64_t classes = in.sizes[class_dim];
  if (!IsNone(a, 2) && e.Meta(Ref(a, 2)).numel() != classes) {
    return Invalid(absl::StrFormat(
        "cross_entropy: weight tensor should be defined either for all %d classes or no classes "
        "but got weight tensor of shape: %s",
        classes, tensor::ShapeToString(e.Meta(Ref(a, 2)).sizes)));
  }
  if (smoothing > 0) {
    TC_ASSIGN_OR_RETURN(target, Emit1(e, "mul", {target, CNum(1 - smoothing)}));
    TC_ASSIGN_OR_RETURN(target, Emit1(e, "add", {target, CNum(smoothing / classes)}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "mul", {logp, target}));
  if (!IsNone(a, 2)) {
    TC_ASSIGN_OR_RETURN(EmitRef w, WeightView(e, Ref(a, 2), in.dim(), class_dim));
    TC_ASSIGN_OR_RETURN(prod, Emit1(e, "mul", {prod, w}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef s, Emit1(e, "sum", {prod, CList({class_dim})}));
  TC_ASSIGN_OR_RETURN(EmitRef loss, Emit1(e, "neg", {s}));
  EmitRef out = loss;
  if (reduction == "mean") {
    TC_ASSIGN_OR_RETURN(EmitRef total, Emit1(e, "sum", {loss}));
    TC_ASSIGN_OR_RETURN(out,
                        Emit1(e, "div", {total, CInt(in.numel() / std::max<int64_t>(classes, 1))}));
  } else {
    TC_ASSIGN_OR_RETURN(out, Reduce(e, loss, reduction));
  }
  return std::vector<EmitRef>{out};
}

// ATen's cross_entropy_loss: log_softmax over the class dim, then nll_loss;
// label smoothing mixes in the (weighted) mean of -log p over classes.
Refs CrossEntropy(Emitter& e, EArgs a) {
  const std::string& reduction = Str(a, 3);
  TC_RETURN_IF_ERROR(CheckReduction(reduction));
  EmitRef input = Ref(a, 0), target = Ref(a, 1);
  const TensorMeta in = e.Meta(input);
  double smoothing = Float(a, 5);
  if (smoothing > 1.0) {
    return Invalid(
        absl::StrFormat("label_smoothing must be between 0.0 and 1.0. Got: %g", smoothing));
  }
  bool probs = in.sizes == e.Meta(target).sizes;
  if (probs && !IsFloatingPoint(e.Meta(target).dtype)) {
    return Invalid(
        absl::StrFormat("Expected floating point type for target with class probabilities, got %s",
                        ScalarTypeName(e.Meta(target).dtype)));
  }
  int64_t class_dim = in.dim() == 1 ? 0 : 1;
  if (in.dim() == 0 && probs) {
    return Invalid("Dimension specified as 1 but tensor has no dimensions");
  }
  TC_ASSIGN_OR_RETURN(EmitRef logp, EmitLogSoftmax(e, input, class_dim));
  if (probs) return CrossEntropyProbs(e, a, logp, class_dim, smoothing);
  std::optional<EmitRef> weight = OptRef(a, 2);
  TC_ASSIGN_OR_RETURN(NllParts p, NllPerElement(e, logp, target, weight, Int(a, 4), ""));
  TC_ASSIGN_OR_RETURN(EmitRef nll, ReduceWeighted(e, p.loss, p.weight, reduction));
  if (smoothing == 0) return std::vector<EmitRef>{nll};
  // smooth = -sum_c(logp * w_c), 0 where the target is ignored.
  EmitRef terms = logp;
  if (weight) {
    TC_ASSIGN_OR_RETURN(EmitRef w, WeightView(e, *weight, in.dim(), class_dim));
    TC_ASSIGN_OR_RETURN(terms, Emit1(e, "mul", {logp, w}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef s, Emit1(e, "sum", {terms, CList({class_dim})}));
  TC_ASSIGN_OR_RETURN(EmitRef neg, Emit1(e, "neg", {s}));
  TC_ASSIGN_OR_RETURN(EmitRef smooth, Emit1(e, "where", {p.valid, neg, CNum(0.0)}));
  EmitRef ret = smooth;
  if (reduction == "mean") {
    // Normalized like nll_loss's mean: by the weights of the kept targets.
    TC_ASSIGN_OR_RETURN(EmitRef num, Emit1(e, "sum", {smooth}));
    TC_ASSIGN_OR_RETURN(EmitRef den, Emit1(e, "sum", {p.weight}));
    TC_ASSIGN_OR_RETURN(ret, Emit1(e, "div", {num, den}));
  } else if (reduction == "sum") {
    TC_ASSIGN_OR_RETURN(ret, Emit1(e, "sum", {smooth}));
  }
  int64_t classes = in.sizes[class_dim];
  TC_ASSIGN_OR_RETURN(EmitRef a_part, Emit1(e, "mul", {nll, CNum(1 - smoothing)}));
  TC_ASSIGN_OR_RETURN(EmitRef b_part, Emit1(e, "mul", {ret, CNum(smoothing / classes)}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "add", {a_part, b_part}));
  return std::vector<EmitRef>{out};
}

}  // namespace

void AddCompositeLossOps(std::vector<OpDef>& ops) {
  ops.push_back(
      Composite<&MseLoss>("mse_loss", {Req("self", kT), Req("target", kT),
                                       Def("reduction", ArgType::kString, std::string("mean"))}));
  ops.push_back(
      Composite<&NllLoss>("nll_loss", {Req("self", kT), Req("target", kT), Opt("weight", kT),
                                       Def("reduction", ArgType::kString, std::string("mean")),
                                       Def("ignore_index", ArgType::kInt, Scalar(-100))}));
  ops.push_back(Composite<&CrossEntropy>("cross_entropy",
                                         {Req("self", kT), Req("target", kT), Opt("weight", kT),
                                          Def("reduction", ArgType::kString, std::string("mean")),
                                          Def("ignore_index", ArgType::kInt, Scalar(-100)),
                                          Def("label_smoothing", ArgType::kScalar, Scalar(0.0))}));
}

}  // namespace tc::graph_ir::internal
