// scaled_dot_product_attention_backward: the attention op's gradients as
// one op (the node its derivative emits, eager and in joint graphs), so
// eager runs its fused per-head kernel (kernels' attention_backward.cc)
// and graphs keep one node, as PyTorch's flash backward is one. The
// decomposition is the math backward: the attention weights recomputed
// from query and key, then back through the two matmuls and the softmax:
//   P = softmax(Q K^T * scale + mask),  dV = P^T dO,  dP = dO V^T,
//   dS = P * (dP - sum(dP * P, -1)),  dQ = dS K * scale,  dK = dS^T Q * scale,
// grouped-query heads (enable_gqa) repeated forward and summed back. The
// fourth output is dS, the gradient of a float mask before it is summed to
// the mask's shape. An output the mask leaves out is an empty [0] tensor.
#include <cmath>
#include <limits>

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;

RefOr SwapLast(Emitter& e, EmitRef r) {
  const int64_t n = e.Meta(r).dim();
  Shape perm;
  for (int64_t i = 0; i < n; ++i) perm.push_back(i);
  std::swap(perm[n - 1], perm[n - 2]);
  return Emit1(e, "permute", {r, CList(perm)});
}

// Key / value heads repeated to the query's (enable_gqa), as
// repeat_interleave over dim -3.
RefOr RepeatHeads(Emitter& e, EmitRef t, int64_t reps) {
  if (reps == 1) return t;
  const Shape s = e.Meta(t).sizes;
  const int64_t r = static_cast<int64_t>(s.size());
  Shape expanded = s, merged = s;
  expanded.insert(expanded.begin() + (r - 2), reps);
  merged[r - 3] *= reps;
  TC_ASSIGN_OR_RETURN(EmitRef u, Emit1(e, "unsqueeze", {t, CInt(r - 2)}));
  TC_ASSIGN_OR_RETURN(EmitRef x, Emit1(e, "expand", {u, CList(expanded)}));
  return Emit1(e, "reshape", {x, CList(merged)});
}

// The reverse: the repeated heads' gradients summed per key / value head.
RefOr SumHeads(Emitter& e, EmitRef grad, int64_t reps) {
  if (reps == 1) return grad;
  Shape split = e.Meta(grad).sizes;
  const int64_t r = static_cast<int64_t>(split.size());
  split[r - 3] /= reps;
  split.insert(split.begin() + (r - 2), reps);
  TC_ASSIGN_OR_RETURN(EmitRef s, Emit1(e, "reshape", {grad, CList(split)}));
  return Emit1(e, "sum", {s, CList({r - 2}), CBool(false)});
}

// (grad_out, query, key, value, attn_mask?, is_causal, scale?, enable_gqa,
// output_mask[4]) -> (grad_query, grad_key, grad_value, grad_scores).
Refs SdpaBackward(Emitter& e, EArgs a) {
  EmitRef grad = Ref(a, 0), q = Ref(a, 1), k = Ref(a, 2), v = Ref(a, 3);
  const TensorMeta mq = e.Meta(q), mk = e.Meta(k);
  if (mq.dim() < 2 || mk.dim() < 2 || e.Meta(v).dim() < 2) {
    return Invalid("scaled_dot_product_attention_backward: query, key and value need 2+ dims");
  }
  const Shape& mask = IntList(a, 8);
  if (mask.size() != 4) {
    return Invalid("scaled_dot_product_attention_backward: output_mask must have 4 entries");
  }
  const int64_t L = mq.sizes[mq.dim() - 2], S = mk.sizes[mk.dim() - 2];
  const double scale = IsNone(a, 6) ? 1.0 / std::sqrt(static_cast<double>(mq.sizes.back()))
                                    : ScalarArg(a, 6).to_double();
  int64_t reps = 1;
  if (Bool(a, 7) && mq.dim() >= 3 && mk.dim() >= 3) {
    reps = mq.sizes[mq.dim() - 3] / mk.sizes[mk.dim() - 3];
  }
  TC_ASSIGN_OR_RETURN(EmitRef kr, RepeatHeads(e, k, reps));
  TC_ASSIGN_OR_RETURN(EmitRef vr, RepeatHeads(e, v, reps));
  TC_ASSIGN_OR_RETURN(EmitRef kt, SwapLast(e, kr));
  TC_ASSIGN_OR_RETURN(EmitRef qk, Emit1(e, "matmul", {q, kt}));
  TC_ASSIGN_OR_RETURN(EmitRef scores, Emit1(e, "mul", {qk, CNum(Scalar(scale))}));
  const Scalar neg_inf(-std::numeric_limits<double>::infinity());
  const bool has_mask = !IsNone(a, 4);
  if (Bool(a, 5)) {
    TC_ASSIGN_OR_RETURN(EmitRef rows,
                        Emit1(e, "arange", {CInt(0), CInt(L), CInt(1), CDType(DType::kInt64)}));
    TC_ASSIGN_OR_RETURN(rows, Emit1(e, "unsqueeze", {rows, CInt(1)}));
    TC_ASSIGN_OR_RETURN(EmitRef cols,
                        Emit1(e, "arange", {CInt(0), CInt(S), CInt(1), CDType(DType::kInt64)}));
    TC_ASSIGN_OR_RETURN(EmitRef keep, Emit1(e, "ge", {rows, cols}));
    TC_ASSIGN_OR_RETURN(scores, Emit1(e, "where", {keep, scores, CNum(neg_inf)}));
  } else if (has_mask) {
    EmitRef m = Ref(a, 4);
    if (e.Meta(m).dtype == DType::kBool) {
      TC_ASSIGN_OR_RETURN(scores, Emit1(e, "where", {m, scores, CNum(neg_inf)}));
    } else {
      TC_ASSIGN_OR_RETURN(scores, Emit1(e, "add", {scores, m}));
    }
  }
  TC_ASSIGN_OR_RETURN(EmitRef attn, EmitSoftmax(e, scores, -1));
  if (has_mask) {
    // Rows masked entirely are zeros in the forward (not NaN).
    TC_ASSIGN_OR_RETURN(EmitRef top, Emit1(e, "amax", {scores, CList({-1}), CBool(true)}));
    TC_ASSIGN_OR_RETURN(EmitRef dead, Emit1(e, "eq", {top, CNum(neg_inf)}));
    TC_ASSIGN_OR_RETURN(attn, Emit1(e, "where", {dead, CNum(Scalar(0.0)), attn}));
  }
  auto empty = [&]() {
    return Emit1(e, "full", {CList({0}), CNum(Scalar(0.0)), CDType(mq.dtype)});
  };
  std::vector<EmitRef> outs(4);
  TC_ASSIGN_OR_RETURN(EmitRef at, SwapLast(e, attn));
  if (mask[2] != 0) {
    TC_ASSIGN_OR_RETURN(EmitRef dv, Emit1(e, "matmul", {at, grad}));
    TC_ASSIGN_OR_RETURN(outs[2], SumHeads(e, dv, reps));
  }
  if (mask[0] != 0 || mask[1] != 0 || mask[3] != 0) {
    TC_ASSIGN_OR_RETURN(EmitRef vt, SwapLast(e, vr));
    TC_ASSIGN_OR_RETURN(EmitRef dattn, Emit1(e, "matmul", {grad, vt}));
    TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "mul", {dattn, attn}));
    TC_ASSIGN_OR_RETURN(EmitRef dot, Emit1(e, "sum", {prod, CList({-1}), CBool(true)}));
    TC_ASSIGN_OR_RETURN(EmitRef diff, Emit1(e, "sub", {dattn, dot}));
    TC_ASSIGN_OR_RETURN(EmitRef dscores, Emit1(e, "mul", {attn, diff}));
    if (mask[3] != 0) outs[3] = dscores;
    if (mask[0] != 0) {
      TC_ASSIGN_OR_RETURN(EmitRef dq, Emit1(e, "matmul", {dscores, kr}));
      TC_ASSIGN_OR_RETURN(outs[0], Emit1(e, "mul", {dq, CNum(Scalar(scale))}));
    }
    if (mask[1] != 0) {
      TC_ASSIGN_OR_RETURN(EmitRef dst, SwapLast(e, dscores));
      TC_ASSIGN_OR_RETURN(EmitRef dk, Emit1(e, "matmul", {dst, q}));
      TC_ASSIGN_OR_RETURN(dk, Emit1(e, "mul", {dk, CNum(Scalar(scale))}));
      TC_ASSIGN_OR_RETURN(outs[1], SumHeads(e, dk, reps));
    }
  }
  for (size_t i = 0; i < 4; ++i) {
    if (mask[i] == 0) {
      TC_ASSIGN_OR_RETURN(outs[i], empty());
    }
  }
  return outs;
}

}  // namespace

void AddCompositeAttentionBackwardOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&SdpaBackward>(
      "scaled_dot_product_attention_backward",
      {Req("grad_out", kT), Req("query", kT), Req("key", kT), Req("value", kT),
       Opt("attn_mask", kT), Def("is_causal", ArgType::kBool, Scalar(false)),
       Opt("scale", ArgType::kScalar), Def("enable_gqa", ArgType::kBool, Scalar(false)),
       Req("output_mask", ArgType::kIntList)},
      4));
}

}  // namespace tc::graph_ir::internal
