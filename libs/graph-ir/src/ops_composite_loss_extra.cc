// Composite losses and distances beyond mse/nll/cross_entropy: l1_loss,
// smooth_l1_loss, huber_loss, binary_cross_entropy(_with_logits), kl_div,
// cosine_similarity, pairwise_distance, cosine_embedding_loss,
// margin_ranking_loss, triplet_margin_loss. Each follows ATen's formula
// (aten/src/ATen/native/Loss.cpp, BinaryOpsKernel.cpp, Distance.cpp) and its
// checks; arguments are named as torch.nn.functional names them.
#include <cmath>
#include <limits>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kS = ArgType::kScalar;

// The one output of a loss.
Refs Loss(EmitRef r) { return std::vector<EmitRef>{r}; }

// apply_loss_reduction: mean / sum of every element, or the elements.
RefOr Reduce(Emitter& e, EmitRef loss, const std::string& reduction) {
  TC_RETURN_IF_ERROR(CheckReduction(reduction));
  if (reduction == "none") return loss;
  return Emit1(e, reduction == "sum" ? "sum" : "mean", {loss});
}

// Elementwise loss times an optional per-element weight, reduced as
// torch.nn.functional reduces weighted l1/huber losses ('mean' divides by
// the weights' sum for l1, by the count for huber).
RefOr ReduceWeighted(Emitter& e, EmitRef loss, EArgs a, size_t weight_index,
                     const std::string& reduction, bool mean_by_weight) {
  if (IsNone(a, weight_index)) return Reduce(e, loss, reduction);
  TC_RETURN_IF_ERROR(CheckReduction(reduction));
  TC_ASSIGN_OR_RETURN(EmitRef w, Emit1(e, "mul", {loss, a[weight_index]}));
  if (reduction == "none") return w;
  if (reduction == "sum" || !mean_by_weight) return Emit1(e, reduction, {w});
  TC_ASSIGN_OR_RETURN(EmitRef num, Emit1(e, "sum", {w}));
  TC_ASSIGN_OR_RETURN(EmitRef den, Emit1(e, "sum", {a[weight_index]}));
  return Emit1(e, "div", {num, den});
}

// |input - target|.
RefOr AbsDiff(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef d, Emit1(e, "sub", {a[0], a[1]}));
  return Emit1(e, "abs", {d});
}

Refs L1Loss(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef z, AbsDiff(e, a));
  DType d = e.Meta(z).dtype;
  if (Str(a, 2) == "mean" && IsNone(a, 3) && !tensor::IsFloatingPoint(d)) {
    // l1_loss's mean is at::mean, whose dtype check is a NotImplementedError.
    return absl::NotFoundError(absl::StrFormat(
        "mean(): could not infer output dtype. Input dtype must be either a floating point or "
        "complex dtype. Got: %s",
        ScalarTypeName(d)));
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, ReduceWeighted(e, z, a, 3, Str(a, 2), true));
  return Loss(out);
}

// z < beta ? 0.5 * z * z / beta : z - 0.5 * beta (beta 0 is l1_loss).
Refs SmoothL1Loss(Emitter& e, EArgs a) {
  double beta = Float(a, 3);
  if (beta < 0) return Invalid("smooth_l1_loss does not support negative values for beta.");
  TC_ASSIGN_OR_RETURN(EmitRef z, AbsDiff(e, a));
  EmitRef loss = z;
  if (beta != 0) {
    TC_ASSIGN_OR_RETURN(EmitRef sq, Emit1(e, "mul", {z, CNum(0.5)}));
    TC_ASSIGN_OR_RETURN(sq, Emit1(e, "mul", {sq, z}));
    TC_ASSIGN_OR_RETURN(sq, Emit1(e, "div", {sq, a[3]}));
    TC_ASSIGN_OR_RETURN(EmitRef lin, Emit1(e, "sub", {z, CNum(0.5 * beta)}));
    TC_ASSIGN_OR_RETURN(EmitRef small, Emit1(e, "lt", {z, a[3]}));
    TC_ASSIGN_OR_RETURN(loss, Emit1(e, "where", {small, sq, lin}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, Reduce(e, loss, Str(a, 2)));
  return Loss(out);
}

// z < delta ? 0.5 * z * z : delta * (z - 0.5 * delta).
Refs HuberLoss(Emitter& e, EArgs a) {
  double delta = Float(a, 3);
  if (!(delta > 0)) return Invalid("huber_loss does not support non-positive values for delta.");
  TC_ASSIGN_OR_RETURN(EmitRef z, AbsDiff(e, a));
  TC_ASSIGN_OR_RETURN(EmitRef sq, Emit1(e, "mul", {z, CNum(0.5)}));
  TC_ASSIGN_OR_RETURN(sq, Emit1(e, "mul", {sq, z}));
  TC_ASSIGN_OR_RETURN(EmitRef lin, Emit1(e, "sub", {z, CNum(0.5 * delta)}));
  TC_ASSIGN_OR_RETURN(lin, Emit1(e, "mul", {lin, a[3]}));
  TC_ASSIGN_OR_RETURN(EmitRef small, Emit1(e, "lt", {z, a[3]}));
  TC_ASSIGN_OR_RETURN(EmitRef loss, Emit1(e, "where", {small, sq, lin}));
  // ATen computes in the common dtype and writes into a tensor like input.
  TC_ASSIGN_OR_RETURN(loss, ToDType(e, loss, e.Meta(Ref(a, 0)).dtype));
  TC_ASSIGN_OR_RETURN(EmitRef out, ReduceWeighted(e, loss, a, 4, Str(a, 2), false));
  return Loss(out);
}

// The binary cross entropies' end: times the weight (argument 2), then
// reduced (argument 3).
Refs WeightedBce(Emitter& e, EArgs a, EmitRef loss) {
  if (!IsNone(a, 2)) {
    TC_ASSIGN_OR_RETURN(loss, Emit1(e, "mul", {loss, a[2]}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, Reduce(e, loss, Str(a, 3)));
  return Loss(out);
}

// (target - 1) * max(log1p(-x), -100) - target * max(log(x), -100), times
// the weight. ATen also checks every element lies in [0, 1]; that check
// needs the data, which a decomposition cannot read, so tc skips it.
Refs BinaryCrossEntropy(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0), t = Ref(a, 1);
  const TensorMeta in = e.Meta(x);
  if (!tensor::IsFloatingPoint(in.dtype)) return NotImplemented("binary_cross_entropy", in.dtype);
  if (e.Meta(t).dtype != in.dtype) {
    return Invalid(absl::StrFormat("Found dtype %s but expected %s",
                                   ScalarTypeName(e.Meta(t).dtype), ScalarTypeName(in.dtype)));
  }
  TC_ASSIGN_OR_RETURN(EmitRef l1m, Emit1(e, "neg", {x}));
  TC_ASSIGN_OR_RETURN(l1m, Emit1(e, "log1p", {l1m}));
  TC_ASSIGN_OR_RETURN(l1m, Emit1(e, "clamp", {l1m, CInt(-100), CNone()}));
  TC_ASSIGN_OR_RETURN(EmitRef lx, Emit1(e, "log", {x}));
  TC_ASSIGN_OR_RETURN(lx, Emit1(e, "clamp", {lx, CInt(-100), CNone()}));
  TC_ASSIGN_OR_RETURN(EmitRef tm1, Emit1(e, "sub", {t, CInt(1)}));
  TC_ASSIGN_OR_RETURN(EmitRef left, Emit1(e, "mul", {tm1, l1m}));
  TC_ASSIGN_OR_RETURN(EmitRef right, Emit1(e, "mul", {t, lx}));
  TC_ASSIGN_OR_RETURN(EmitRef loss, Emit1(e, "sub", {left, right}));
  return WeightedBce(e, a, loss);
}

// (1 - target) * input - log_sigmoid(input) * (1 + (pos_weight - 1) * target),
// times the weight.
Refs BinaryCrossEntropyWithLogits(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0), t = Ref(a, 1);
  // logsigmoid is itself a composite: its decomposition is inlined.
  const EmitArg ls_args[] = {x};
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> ls_out,
                      FindOp("logsigmoid")->decompose(e, EArgs(ls_args)));
  EmitRef ls = ls_out[0];
  if (!IsNone(a, 4)) {
    TC_ASSIGN_OR_RETURN(EmitRef lw, Emit1(e, "sub", {a[4], CInt(1)}));
    TC_ASSIGN_OR_RETURN(lw, Emit1(e, "mul", {lw, t}));
    TC_ASSIGN_OR_RETURN(lw, Emit1(e, "add", {lw, CInt(1)}));
    TC_ASSIGN_OR_RETURN(ls, Emit1(e, "mul", {ls, lw}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef one_m_t, Emit1(e, "sub", {t, CInt(1)}));
  TC_ASSIGN_OR_RETURN(one_m_t, Emit1(e, "neg", {one_m_t}));
  TC_ASSIGN_OR_RETURN(EmitRef loss, Emit1(e, "mul", {one_m_t, x}));
  TC_ASSIGN_OR_RETURN(loss, Emit1(e, "sub", {loss, ls}));
  return WeightedBce(e, a, loss);
}

// log_target: exp(target) * (target - input); else xlogy(target, target) -
// target * input. 'batchmean' sums and divides by the batch size.
Refs KlDiv(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0), t = Ref(a, 1);
  const std::string& reduction = Str(a, 2);
  if (reduction != "batchmean") TC_RETURN_IF_ERROR(CheckReduction(reduction));
  EmitRef loss;
  if (Bool(a, 3)) {
    TC_ASSIGN_OR_RETURN(EmitRef et, Emit1(e, "exp", {t}));
    TC_ASSIGN_OR_RETURN(EmitRef d, Emit1(e, "sub", {t, x}));
    TC_ASSIGN_OR_RETURN(loss, Emit1(e, "mul", {et, d}));
  } else {
    TC_ASSIGN_OR_RETURN(EmitRef lt, Emit1(e, "log", {t}));
    TC_ASSIGN_OR_RETURN(lt, Emit1(e, "mul", {t, lt}));
    TC_ASSIGN_OR_RETURN(EmitRef zero, Emit1(e, "eq", {t, CInt(0)}));
    TC_ASSIGN_OR_RETURN(EmitRef xlogy, Emit1(e, "where", {zero, CInt(0), lt}));
    TC_ASSIGN_OR_RETURN(EmitRef tx, Emit1(e, "mul", {t, x}));
    TC_ASSIGN_OR_RETURN(loss, Emit1(e, "sub", {xlogy, tx}));
  }
  if (reduction != "batchmean") {
    TC_ASSIGN_OR_RETURN(EmitRef out, Reduce(e, loss, reduction));
    return Loss(out);
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "sum", {loss}));
  const TensorMeta in = e.Meta(x);
  if (in.dim() != 0) {
    TC_ASSIGN_OR_RETURN(out, Emit1(e, "div", {out, CInt(in.sizes[0])}));
  }
  return Loss(out);
}

// The p-norm over `dim`: sqrt(sum(x * x)) for p = 2, sum(|x|) for 1,
// max(|x|) for inf, sum(|x|^p)^(1/p) otherwise.
RefOr EmitNorm(Emitter& e, EmitRef x, double p, int64_t dim, bool keepdim) {
  if (p == 2) {
    TC_ASSIGN_OR_RETURN(EmitRef sq, Emit1(e, "mul", {x, x}));
    TC_ASSIGN_OR_RETURN(sq, Emit1(e, "sum", {sq, CList({dim}), CBool(keepdim)}));
    return Emit1(e, "sqrt", {sq});
  }
  TC_ASSIGN_OR_RETURN(EmitRef ab, Emit1(e, "abs", {x}));
  if (p == 1) return Emit1(e, "sum", {ab, CList({dim}), CBool(keepdim)});
  if (std::isinf(p) && p > 0) return Emit1(e, "amax", {ab, CList({dim}), CBool(keepdim)});
  TC_ASSIGN_OR_RETURN(ab, Emit1(e, "pow", {ab, CNum(p)}));
  TC_ASSIGN_OR_RETURN(ab, Emit1(e, "sum", {ab, CList({dim}), CBool(keepdim)}));
  return Emit1(e, "pow", {ab, CNum(1.0 / p)});
}

absl::Status CheckFloatingCommon(Emitter& e, EmitRef x1, EmitRef x2) {
  DType a = e.Meta(x1).dtype, b = e.Meta(x2).dtype;
  const tensor::TypeOperand ops[] = {{a, tensor::OperandKind::kTensor},
                                     {b, tensor::OperandKind::kTensor}};
  DType common = tensor::ResultType(ops);
  if (!tensor::IsFloatingPoint(common)) {
    return Invalid(
        absl::StrFormat("expected common dtype to be floating point, yet common dtype is %s",
                        ScalarTypeName(common)));
  }
  return absl::OkStatus();
}

// sum((x1 / max(|x1|, eps)) * (x2 / max(|x2|, eps)), dim), the norms over
// dim of the broadcast inputs.
RefOr EmitCosineSimilarity(Emitter& e, EmitRef x1, EmitRef x2, int64_t dim, Scalar eps) {
  TC_RETURN_IF_ERROR(CheckFloatingCommon(e, x1, x2));
  TC_ASSIGN_OR_RETURN(Shape sizes, tensor::BroadcastShapes(e.Meta(x1).sizes, e.Meta(x2).sizes));
  TC_ASSIGN_OR_RETURN(x1, Emit1(e, "expand", {x1, CList(sizes)}));
  TC_ASSIGN_OR_RETURN(x2, Emit1(e, "expand", {x2, CList(sizes)}));
  TC_ASSIGN_OR_RETURN(dim, tensor::WrapDim(dim, static_cast<int64_t>(sizes.size())));
  TC_ASSIGN_OR_RETURN(EmitRef n1, EmitNorm(e, x1, 2, dim, true));
  TC_ASSIGN_OR_RETURN(n1, Emit1(e, "clamp", {n1, CNum(eps), CNone()}));
  TC_ASSIGN_OR_RETURN(EmitRef n2, EmitNorm(e, x2, 2, dim, true));
  TC_ASSIGN_OR_RETURN(n2, Emit1(e, "clamp", {n2, CNum(eps), CNone()}));
  TC_ASSIGN_OR_RETURN(EmitRef u1, Emit1(e, "div", {x1, n1}));
  TC_ASSIGN_OR_RETURN(EmitRef u2, Emit1(e, "div", {x2, n2}));
  TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "mul", {u1, u2}));
  return Emit1(e, "sum", {prod, CList({dim})});
}

Refs CosineSimilarity(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef r,
                      EmitCosineSimilarity(e, Ref(a, 0), Ref(a, 1), Int(a, 2), ScalarArg(a, 3)));
  return Loss(r);
}

// norm(x1 - x2 + eps, p) over the last dim of the broadcast.
RefOr EmitPairwiseDistance(Emitter& e, EmitRef x1, EmitRef x2, double p, Scalar eps, bool keepdim) {
  int64_t out_dim = std::max(e.Meta(x1).dim(), e.Meta(x2).dim());
  TC_ASSIGN_OR_RETURN(EmitRef d, Emit1(e, "sub", {x1, x2}));
  TC_ASSIGN_OR_RETURN(d, Emit1(e, "add", {d, CNum(eps)}));
  if (out_dim == 0) return EmitNorm(e, d, p, 0, keepdim);
  return EmitNorm(e, d, p, out_dim - 1, keepdim);
}

Refs PairwiseDistance(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef r, EmitPairwiseDistance(e, Ref(a, 0), Ref(a, 1), Float(a, 2),
                                                      ScalarArg(a, 3), Bool(a, 4)));
  return Loss(r);
}

Refs CosineEmbeddingLoss(Emitter& e, EArgs a) {
  EmitRef x1 = Ref(a, 0), x2 = Ref(a, 1), t = Ref(a, 2);
  const TensorMeta m1 = e.Meta(x1), m2 = e.Meta(x2);
  int64_t td = e.Meta(t).dim();
  if (td != 0 && td != 1)
    return Invalid("0D or 1D target tensor expected, multi-target not supported");
  if (td == 1 && (m1.dim() != 2 || m2.dim() != 2)) {
    return Invalid(absl::StrFormat(
        "1D target tensor expects 2D input tensors, but found inputs with sizes %s and %s.",
        tensor::ShapeToString(m1.sizes), tensor::ShapeToString(m2.sizes)));
  }
  if (td == 0 && (m1.dim() != 1 || m2.dim() != 1)) {
    return Invalid(absl::StrFormat(
        "0D target tensor expects 1D input tensors, but found inputs with sizes %s and %s.",
        tensor::ShapeToString(m1.sizes), tensor::ShapeToString(m2.sizes)));
  }
  auto sum_of = [&](EmitRef p, EmitRef q) -> RefOr {
    TC_ASSIGN_OR_RETURN(EmitRef m, Emit1(e, "mul", {p, q}));
    return Emit1(e, "sum", {m, CList({td})});
  };
  constexpr double kEpsilon = 1e-12;
  TC_ASSIGN_OR_RETURN(EmitRef prod, sum_of(x1, x2));
  TC_ASSIGN_OR_RETURN(EmitRef mag1, sum_of(x1, x1));
  TC_ASSIGN_OR_RETURN(mag1, Emit1(e, "add", {mag1, CNum(kEpsilon)}));
  TC_ASSIGN_OR_RETURN(EmitRef mag2, sum_of(x2, x2));
  TC_ASSIGN_OR_RETURN(mag2, Emit1(e, "add", {mag2, CNum(kEpsilon)}));
  TC_ASSIGN_OR_RETURN(EmitRef denom, Emit1(e, "mul", {mag1, mag2}));
  TC_ASSIGN_OR_RETURN(denom, Emit1(e, "sqrt", {denom}));
  TC_ASSIGN_OR_RETURN(EmitRef cos, Emit1(e, "div", {prod, denom}));
  TC_ASSIGN_OR_RETURN(EmitRef pos, Emit1(e, "sub", {cos, CInt(1)}));
  TC_ASSIGN_OR_RETURN(pos, Emit1(e, "neg", {pos}));
  TC_ASSIGN_OR_RETURN(EmitRef neg, Emit1(e, "sub", {cos, a[3]}));
  TC_ASSIGN_OR_RETURN(neg, Emit1(e, "clamp", {neg, CInt(0), CNone()}));
  TC_ASSIGN_OR_RETURN(EmitRef is_pos, Emit1(e, "eq", {t, CInt(1)}));
  TC_ASSIGN_OR_RETURN(EmitRef is_neg, Emit1(e, "eq", {t, CInt(-1)}));
  TC_ASSIGN_OR_RETURN(pos, Emit1(e, "where", {is_pos, pos, CInt(0)}));
  TC_ASSIGN_OR_RETURN(neg, Emit1(e, "where", {is_neg, neg, CInt(0)}));
  TC_ASSIGN_OR_RETURN(EmitRef loss, Emit1(e, "add", {pos, neg}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Reduce(e, loss, Str(a, 4)));
  return Loss(out);
}

// max(0, -target * (input1 - input2) + margin).
Refs MarginRankingLoss(Emitter& e, EArgs a) {
  const TensorMeta m1 = e.Meta(Ref(a, 0)), m2 = e.Meta(Ref(a, 1)), mt = e.Meta(Ref(a, 2));
  if (m1.dim() != m2.dim() || m1.dim() != mt.dim()) {
    auto size = [](const TensorMeta& m) {
      std::string s = tensor::ShapeToString(m.sizes);
      return absl::StrFormat("torch.Size(%s)", s);
    };
    return Invalid(absl::StrFormat(
        "margin_ranking_loss : All input tensors should have same dimension but got sizes: "
        "input1: %s, input2: %s, target: %s ",
        size(m1), size(m2), size(mt)));
  }
  TC_ASSIGN_OR_RETURN(EmitRef d, Emit1(e, "sub", {a[0], a[1]}));
  TC_ASSIGN_OR_RETURN(EmitRef nt, Emit1(e, "neg", {a[2]}));
  TC_ASSIGN_OR_RETURN(d, Emit1(e, "mul", {nt, d}));
  TC_ASSIGN_OR_RETURN(d, Emit1(e, "add", {d, a[3]}));
  TC_ASSIGN_OR_RETURN(d, Emit1(e, "clamp", {d, CInt(0), CNone()}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Reduce(e, d, Str(a, 4)));
  return Loss(out);
}

// max(margin + d(anchor, positive) - d(anchor, negative), 0), the negative
// distance the smaller of d(a, n) and d(p, n) with swap.
Refs TripletMarginLoss(Emitter& e, EArgs a) {
  EmitRef an = Ref(a, 0), po = Ref(a, 1), ne = Ref(a, 2);
  int64_t da = e.Meta(an).dim(), dp = e.Meta(po).dim(), dn = e.Meta(ne).dim();
  if (da != dp || da != dn) {
    return Invalid(absl::StrFormat(
        "The anchor, positive, and negative tensors are expected to have the same number of "
        "dimensions, but got: anchor %dD, positive %dD, and negative %dD inputs",
        da, dp, dn));
  }
  double p = Float(a, 4);
  Scalar eps = ScalarArg(a, 5);
  TC_ASSIGN_OR_RETURN(EmitRef dpos, EmitPairwiseDistance(e, an, po, p, eps, false));
  TC_ASSIGN_OR_RETURN(EmitRef dneg, EmitPairwiseDistance(e, an, ne, p, eps, false));
  if (Bool(a, 6)) {
    TC_ASSIGN_OR_RETURN(EmitRef dswap, EmitPairwiseDistance(e, po, ne, p, eps, false));
    TC_ASSIGN_OR_RETURN(dneg, Emit1(e, "minimum", {dneg, dswap}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef loss, Emit1(e, "add", {dpos, a[3]}));
  TC_ASSIGN_OR_RETURN(loss, Emit1(e, "sub", {loss, dneg}));
  TC_ASSIGN_OR_RETURN(loss, Emit1(e, "clamp", {loss, CInt(0), CNone()}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Reduce(e, loss, Str(a, 7)));
  return Loss(out);
}

ArgSpec Reduction() { return Def("reduction", ArgType::kString, std::string("mean")); }

}  // namespace

void AddCompositeLossExtraOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&L1Loss>(
      "l1_loss", {Req("input", kT), Req("target", kT), Reduction(), Opt("weight", kT)}));
  ops.push_back(Composite<&SmoothL1Loss>(
      "smooth_l1_loss",
      {Req("input", kT), Req("target", kT), Reduction(), Def("beta", kS, Scalar(1.0))}));
  ops.push_back(
      Composite<&HuberLoss>("huber_loss", {Req("input", kT), Req("target", kT), Reduction(),
                                           Def("delta", kS, Scalar(1.0)), Opt("weight", kT)}));
  ops.push_back(Composite<&BinaryCrossEntropy>(
      "binary_cross_entropy",
      {Req("input", kT), Req("target", kT), Opt("weight", kT), Reduction()}));
  ops.push_back(Composite<&BinaryCrossEntropyWithLogits>(
      "binary_cross_entropy_with_logits", {Req("input", kT), Req("target", kT), Opt("weight", kT),
                                           Reduction(), Opt("pos_weight", kT)}));
  ops.push_back(Composite<&KlDiv>("kl_div", {Req("input", kT), Req("target", kT), Reduction(),
                                             Def("log_target", ArgType::kBool, Scalar(false))}));
  ops.push_back(Composite<&CosineSimilarity>(
      "cosine_similarity", {Req("x1", kT), Req("x2", kT), Def("dim", ArgType::kInt, Scalar(1)),
                            Def("eps", kS, Scalar(1e-8))}));
  ops.push_back(Composite<&PairwiseDistance>(
      "pairwise_distance",
      {Req("x1", kT), Req("x2", kT), Def("p", kS, Scalar(2.0)), Def("eps", kS, Scalar(1e-6)),
       Def("keepdim", ArgType::kBool, Scalar(false))}));
  ops.push_back(Composite<&CosineEmbeddingLoss>(
      "cosine_embedding_loss", {Req("input1", kT), Req("input2", kT), Req("target", kT),
                                Def("margin", kS, Scalar(0.0)), Reduction()}));
  ops.push_back(Composite<&MarginRankingLoss>(
      "margin_ranking_loss", {Req("input1", kT), Req("input2", kT), Req("target", kT),
                              Def("margin", kS, Scalar(0.0)), Reduction()}));
  ops.push_back(Composite<&TripletMarginLoss>(
      "triplet_margin_loss",
      {Req("anchor", kT), Req("positive", kT), Req("negative", kT), Def("margin", kS, Scalar(1.0)),
       Def("p", kS, Scalar(2.0)), Def("eps", kS, Scalar(1e-6)),
       Def("swap", ArgType::kBool, Scalar(false)), Reduction()}));
}

}  // namespace tc::graph_ir::internal
