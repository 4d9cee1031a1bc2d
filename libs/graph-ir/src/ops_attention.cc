// scaled_dot_product_attention: the fused attention op (one graph node; the
// kernel is libs/kernels/src/attention.cc). Its checks and messages follow
// ATen's sdp_utils and the math path's: dtypes, ranks, the mask's dtype and
// broadcast, batch broadcast of query against key/value, grouped-query
// heads (enable_gqa).
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;

// The batch dims (all but the last two) of `t`, with its heads dim (-3)
// replaced by `heads` when heads > 0.
Shape BatchOf(const TensorMeta& t, int64_t heads) {
  Shape b(t.sizes.begin(), t.sizes.end() - 2);
  if (heads > 0 && !b.empty()) b.back() = heads;
  return b;
}

absl::Status CheckInputs(const TensorMeta& q, const TensorMeta& k, const TensorMeta& v,
                         const TensorMeta* mask, bool is_causal) {
  if (q.dtype != k.dtype || q.dtype != v.dtype) {
    return Invalid(absl::StrFormat(
        "Expected query, key, and value to have the same dtype, but got query.dtype: %s "
        "key.dtype: %s and value.dtype: %s instead.",
        CTypeName(q.dtype), CTypeName(k.dtype), CTypeName(v.dtype)));
  }
  if (q.dim() < 2 || k.dim() < 2 || v.dim() < 2) {
    return Invalid(absl::StrFormat(
        "Expected query, key, and value to all be  at least 2 dimensional, but got query.dim: "
        "%d key.dim: %d and value.dim: %d instead.",
        q.dim(), k.dim(), v.dim()));
  }
  if (mask != nullptr && mask->dtype != DType::kBool && mask->dtype != DType::kFloat32 &&
      mask->dtype != q.dtype) {
    return Invalid(absl::StrFormat(
        "Expected attn_mask dtype to be bool or float or to match query dtype, but got "
        "attn_mask.dtype: %s and  query.dtype: %s instead.",
        CTypeName(mask->dtype), CTypeName(q.dtype)));
  }
  if (mask != nullptr && is_causal) {
    return Invalid(
        "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True");
  }
  if (!IsFloatingPoint(q.dtype)) {
    // The math path multiplies by a float scale first.
    return Invalid(
        absl::StrFormat("expected scalar type Float but found %s", ScalarTypeName(q.dtype)));
  }
  return absl::OkStatus();
}

Metas Sdpa(Args a) {
  const TensorMeta &q = Tensor(a, 0), &k = Tensor(a, 1), &v = Tensor(a, 2);
  const TensorMeta* mask = IsNone(a, 3) ? nullptr : &Tensor(a, 3);
  TC_RETURN_IF_ERROR(CheckInputs(q, k, v, mask, Bool(a, 4)));
  // Grouped-query attention: key/value heads repeat to the query's.
  int64_t heads = 0;
  if (Bool(a, 6) && q.dim() >= 3 && k.dim() >= 3 && v.dim() >= 3) {
    const int64_t hq = q.sizes[q.dim() - 3], hk = k.sizes[k.dim() - 3], hv = v.sizes[v.dim() - 3];
    if (hq % hk != 0 || hq % hv != 0) {
      return Invalid("Number of heads in key and value must divide the number of heads in query");
    }
    heads = hq;
  }
  const Shape qb = BatchOf(q, 0), kb = BatchOf(k, heads), vb = BatchOf(v, heads);
  TC_ASSIGN_OR_RETURN(Shape batch, tensor::BroadcastShapes(qb, kb));
  TC_ASSIGN_OR_RETURN(batch, tensor::BroadcastShapes(batch, vb));
  const int64_t n = tensor::Numel(batch);
  const int64_t l = q.sizes[q.dim() - 2], e = q.sizes.back();
  const int64_t s = k.sizes[k.dim() - 2], ek = k.sizes.back();
  const int64_t sv = v.sizes[v.dim() - 2], ev = v.sizes.back();
  if (ek != e) {
    return Invalid(absl::StrFormat(
        "Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: [%d, "
        "%d].",
        n, e, n, ek));
  }
  if (sv != s) {
    return Invalid(absl::StrFormat(
        "Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: [%d, "
        "%d].",
        n, s, n, sv));
  }
  if (mask != nullptr) {
    Shape scores = batch;
    scores.push_back(l);
    scores.push_back(s);
    TC_ASSIGN_OR_RETURN(Shape b, tensor::BroadcastShapes(scores, mask->sizes));
    if (b != scores) {
      return Invalid(absl::StrFormat("output with shape %s doesn't match the broadcast shape %s",
                                     tensor::ShapeToString(scores), tensor::ShapeToString(b)));
    }
  }
  Shape out = batch;
  out.push_back(l);
  out.push_back(ev);
  return One(Contig(q.dtype, out, q.device));
}

}  // namespace

void AddAttentionOps(std::vector<OpDef>& ops) {
  constexpr ArgType kT = ArgType::kTensor;
  ops.push_back(
      OpDef{"scaled_dot_product_attention",
            {Req("query", kT), Req("key", kT), Req("value", kT), Opt("attn_mask", kT),
             Def("is_causal", ArgType::kBool, Scalar(false)), Opt("scale", ArgType::kScalar),
             Def("enable_gqa", ArgType::kBool, Scalar(false))},
            OpCategory::kExtern,
            1,
            &Sdpa});
}

}  // namespace tc::graph_ir::internal
