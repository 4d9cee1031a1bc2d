// Composite reductions: softmax, log_softmax, logsumexp, std, max_dim,
// min_dim, all, any.
#include <limits>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;
constexpr ArgType kT = ArgType::kTensor;

// Shared by softmax and log_softmax: the (optionally cast) input, the
// wrapped dim and, when the dim is not empty, x - max(x, dim), its exp and
// the exp's sum over dim.
struct SoftmaxParts {
  EmitRef x;
  int64_t dim;
  bool empty;
  EmitRef shifted;
  EmitRef exp;
  EmitRef sum;
};

absl::StatusOr<SoftmaxParts> SoftmaxPrologue(Emitter& e, EArgs a, std::string_view kernel) {
  SoftmaxParts p;
  p.x = Ref(a, 0);
  const TensorMeta in = e.Meta(p.x);
  TC_ASSIGN_OR_RETURN(p.dim, tensor::WrapDim(Int(a, 1), in.dim()));
  if (!IsNone(a, 2)) {
    TC_ASSIGN_OR_RETURN(p.x, ToDType(e, p.x, DTypeArg(a, 2)));
  }
  DType dtype = e.Meta(p.x).dtype;
  p.empty = in.numel() == 0;
  if (p.empty) return p;  // ATen runs no kernel, so any dtype passes
  if (!IsFloatingPoint(dtype)) {
    bool last = in.dim() == 0 || p.dim == in.dim() - 1;
    return NotImplemented(absl::StrFormat("%s%s_kernel_impl", kernel, last ? "_lastdim" : ""),
                          dtype);
  }
  TC_ASSIGN_OR_RETURN(EmitRef mx, Emit1(e, "amax", {p.x, CList({p.dim}), CBool(true)}));
  TC_ASSIGN_OR_RETURN(p.shifted, Emit1(e, "sub", {p.x, mx}));
  TC_ASSIGN_OR_RETURN(p.exp, Emit1(e, "exp", {p.shifted}));
  TC_ASSIGN_OR_RETURN(p.sum, Emit1(e, "sum", {p.exp, CList({p.dim}), CBool(true)}));
  return p;
}

// An empty result with the input's sizes: a copy in the result dtype.
Refs EmptyLike(Emitter& e, EmitRef x) {
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "to_dtype", {x, CDType(e.Meta(x).dtype)}));
  return std::vector<EmitRef>{out};
}

Refs Softmax(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(SoftmaxParts p, SoftmaxPrologue(e, a, "softmax"));
  if (p.empty) return EmptyLike(e, p.x);
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "div", {p.exp, p.sum}));
  TC_ASSIGN_OR_RETURN(out, InFormat(e, out, tensor::MemoryFormat::kContiguous));
  return std::vector<EmitRef>{out};
}

Refs LogSoftmax(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(SoftmaxParts p, SoftmaxPrologue(e, a, "log_softmax"));
  if (p.empty) return EmptyLike(e, p.x);
  TC_ASSIGN_OR_RETURN(EmitRef lse, Emit1(e, "log", {p.sum}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "sub", {p.shifted, lse}));
  TC_ASSIGN_OR_RETURN(out, InFormat(e, out, tensor::MemoryFormat::kContiguous));
  return std::vector<EmitRef>{out};
}

// ATen's logsumexp: the max is subtracted for stability, except where it is
// infinite (then 0), so rows of -inf give -inf instead of NaN.
Refs LogSumExp(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  const Shape& dims = IntList(a, 1);
  bool keepdim = Bool(a, 2);
  TC_ASSIGN_OR_RETURN(std::vector<bool> mask, ReduceMask(in.dim(), dims));
  TC_ASSIGN_OR_RETURN(x, ToDType(e, x, tensor::ToFloatingResult(in.dtype)));
  bool empty_reduction = false;
  for (size_t d = 0; d < mask.size(); ++d) empty_reduction |= mask[d] && in.sizes[d] == 0;
  if (empty_reduction) {  // log(0) = -inf, as ATen gives
    TC_ASSIGN_OR_RETURN(EmitRef ex, Emit1(e, "exp", {x}));
    TC_ASSIGN_OR_RETURN(EmitRef s, Emit1(e, "sum", {ex, CList(dims), CBool(keepdim)}));
    TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "log", {s}));
    return std::vector<EmitRef>{out};
  }
  TC_ASSIGN_OR_RETURN(EmitRef mx, Emit1(e, "amax", {x, CList(dims), CBool(true)}));
  TC_ASSIGN_OR_RETURN(EmitRef mabs, Emit1(e, "abs", {mx}));
  TC_ASSIGN_OR_RETURN(EmitRef inf,
                      Emit1(e, "eq", {mabs, CNum(std::numeric_limits<double>::infinity())}));
  TC_ASSIGN_OR_RETURN(EmitRef safe, Emit1(e, "where", {inf, CNum(0.0), mx}));
  TC_ASSIGN_OR_RETURN(EmitRef sh, Emit1(e, "sub", {x, safe}));
  TC_ASSIGN_OR_RETURN(EmitRef ex, Emit1(e, "exp", {sh}));
  TC_ASSIGN_OR_RETURN(EmitRef s, Emit1(e, "sum", {ex, CList(dims), CBool(keepdim)}));
  TC_ASSIGN_OR_RETURN(EmitRef l, Emit1(e, "log", {s}));
  if (!keepdim) {
    TC_ASSIGN_OR_RETURN(safe, Emit1(e, "reshape", {safe, CList(e.Meta(l).sizes)}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "add", {l, safe}));
  return std::vector<EmitRef>{out};
}

Refs Std(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef v, Emit1(e, "var", {a[0], a[1], a[2], a[3]}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "sqrt", {v}));
  return std::vector<EmitRef>{out};
}

// torch.max(x, dim) / torch.min(x, dim): (values, indices).
Refs MinMaxDim(Emitter& e, EArgs a, bool is_max) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), in.dim()));
  if (in.dim() > 0 && in.sizes[dim] == 0) {
    return Invalid(absl::StrFormat("%s(): Expected reduction dim %d to have non-zero size.",
                                   is_max ? "max" : "min", dim));
  }
  bool keepdim = Bool(a, 2);
  TC_ASSIGN_OR_RETURN(EmitRef values,
                      Emit1(e, is_max ? "amax" : "amin", {x, CList({dim}), CBool(keepdim)}));
  // argmax rejects bool; as uint8 the first extreme is the same element.
  TC_ASSIGN_OR_RETURN(EmitRef xi,
                      in.dtype == DType::kBool ? ToDType(e, x, DType::kUInt8) : RefOr(x));
  TC_ASSIGN_OR_RETURN(EmitRef indices,
                      Emit1(e, is_max ? "argmax" : "argmin", {xi, CInt(dim), CBool(keepdim)}));
  return std::vector<EmitRef>{values, indices};
}

// all: no element equals zero; any: some element differs from zero. Counted
// with sum, so empty inputs give True / False as in PyTorch.
Refs AllAny(Emitter& e, EArgs a, bool is_all) {
  EmitRef x = Ref(a, 0);
  TC_ASSIGN_OR_RETURN(EmitRef hits, Emit1(e, is_all ? "eq" : "ne", {x, CNum(Scalar(int64_t{0}))}));
  TC_ASSIGN_OR_RETURN(EmitRef count, Emit1(e, "sum", {hits, a[1], a[2]}));
  TC_ASSIGN_OR_RETURN(EmitRef out,
                      Emit1(e, is_all ? "eq" : "gt", {count, CNum(Scalar(int64_t{0}))}));
  return std::vector<EmitRef>{out};
}

}  // namespace

RefOr EmitSoftmax(Emitter& e, EmitRef x, int64_t dim) {
  const EmitArg args[] = {x, CInt(dim), CNone()};
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> out, Softmax(e, args));
  return out[0];
}

RefOr EmitLogSoftmax(Emitter& e, EmitRef x, int64_t dim) {
  const EmitArg args[] = {x, CInt(dim), CNone()};
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> out, LogSoftmax(e, args));
  return out[0];
}

namespace {

Refs MaxDim(Emitter& e, EArgs a) { return MinMaxDim(e, a, true); }
Refs MinDim(Emitter& e, EArgs a) { return MinMaxDim(e, a, false); }
Refs All(Emitter& e, EArgs a) { return AllAny(e, a, true); }
Refs Any(Emitter& e, EArgs a) { return AllAny(e, a, false); }

}  // namespace

void AddCompositeReductionOps(std::vector<OpDef>& ops) {
  std::vector<ArgSpec> softmax_args = {Req("self", kT), Req("dim", ArgType::kInt),
                                       Opt("dtype", ArgType::kDType)};
  ops.push_back(Composite<&Softmax>("softmax", softmax_args));
  ops.push_back(Composite<&LogSoftmax>("log_softmax", softmax_args));
  ops.push_back(
      Composite<&LogSumExp>("logsumexp", {Req("self", kT), Req("dim", ArgType::kIntList),
                                          Def("keepdim", ArgType::kBool, Scalar(false))}));
  ops.push_back(Composite<&Std>(
      "std", {Req("self", kT), Opt("dim", ArgType::kIntList), Opt("correction", ArgType::kScalar),
              Def("keepdim", ArgType::kBool, Scalar(false))}));
  std::vector<ArgSpec> dim_args = {Req("self", kT), Req("dim", ArgType::kInt),
                                   Def("keepdim", ArgType::kBool, Scalar(false))};
  ops.push_back(Composite<&MaxDim>("max_dim", dim_args, 2));
  ops.push_back(Composite<&MinDim>("min_dim", dim_args, 2));
  std::vector<ArgSpec> all_args = {Req("self", kT), Opt("dim", ArgType::kIntList),
                                   Def("keepdim", ArgType::kBool, Scalar(false))};
  ops.push_back(Composite<&All>("all", all_args));
  ops.push_back(Composite<&Any>("any", all_args));
}

}  // namespace tc::graph_ir::internal
