// Composite neural-network ops: masked_fill, linear, addmm, layer_norm,
// embedding (dropout: ops_composite_dropout.cc).
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;
constexpr ArgType kT = ArgType::kTensor;

Refs MaskedFill(Emitter& e, EArgs a) {
  EmitRef self = Ref(a, 0);
  EmitRef mask = Ref(a, 1);
  DType dtype = e.Meta(self).dtype;
  if (e.Meta(mask).dtype != DType::kBool) {
    return Invalid(
        absl::StrFormat("masked_fill_ only supports boolean masks, but got mask with dtype %s",
                        CTypeName(e.Meta(mask).dtype)));
  }
  if (IsRef(a, 2) && e.Meta(Ref(a, 2)).dim() != 0) {
    return Invalid(absl::StrFormat(
        "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with %d "
        "dimension(s).",
        e.Meta(Ref(a, 2)).dim()));
  }
  // where() promotes; the result keeps self's dtype (values are converted as
  // masked_fill_ converts them).
  TC_ASSIGN_OR_RETURN(EmitRef filled, Emit1(e, "where", {mask, a[2], self}));
  TC_ASSIGN_OR_RETURN(EmitRef typed, ToDType(e, filled, dtype));
  // ATen fills self.clone(contiguous_format).
  TC_ASSIGN_OR_RETURN(EmitRef out, InFormat(e, typed, tensor::MemoryFormat::kContiguous));
  return std::vector<EmitRef>{out};
}

// ATen's linear: input @ weight.t() (+ bias), with addmm's checks and words
// for a 2-D input with a bias and mm's otherwise.
Refs Linear(Emitter& e, EArgs a) {
  EmitRef input = Ref(a, 0), weight = Ref(a, 1);
  const TensorMeta in = e.Meta(input), w = e.Meta(weight);
  bool has_bias = !IsNone(a, 2);
  if (in.dim() == 0 || w.dim() == 0) {
    return Invalid(
        absl::StrFormat("both arguments to linear need to be at least 1D, but they are %dD and %dD",
                        in.dim(), w.dim()));
  }
  if (w.dim() > 2) {
    return Invalid(
        absl::StrFormat("t() expects a tensor with <= 2 dimensions, but self is %dD", w.dim()));
  }
  bool addmm = in.dim() == 2 && has_bias;
  if (addmm && w.dim() != 2) {
    return Invalid(absl::StrFormat("addmm: mat2 must be a matrix, got %d-D tensor", w.dim()));
  }
  if (w.dim() == 2 && in.sizes.back() != w.sizes[1]) {
    int64_t rows = 1;  // leading dims flattened, as linear does
    for (int64_t d = 0; d + 1 < in.dim(); ++d) rows *= in.sizes[d];
    return Invalid(
        absl::StrFormat("%s: mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)",
                        addmm ? "addmm" : "mm", rows, in.sizes.back(), w.sizes[1], w.sizes[0]));
  }
  if (has_bias && e.Meta(Ref(a, 2)).dtype != w.dtype && in.dtype == w.dtype) {
    return Invalid(absl::StrFormat("self and mat2 must have the same dtype, but got %s and %s",
                                   ScalarTypeName(e.Meta(Ref(a, 2)).dtype),
                                   ScalarTypeName(w.dtype)));
  }
  EmitRef wt = weight;
  if (w.dim() == 2) {
    TC_ASSIGN_OR_RETURN(wt, Emit1(e, "permute", {weight, CList({1, 0})}));
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "matmul", {input, wt}));
  if (has_bias) {
    // The bias must broadcast to the output (expand's words when not).
    TC_ASSIGN_OR_RETURN(EmitRef b, Emit1(e, "expand", {Ref(a, 2), CList(e.Meta(out).sizes)}));
    TC_ASSIGN_OR_RETURN(out, Emit1(e, "add", {out, b}));
  }
  return std::vector<EmitRef>{out};
}

// beta * self + alpha * (mat1 @ mat2); beta == 0 ignores self's values.
Refs Addmm(Emitter& e, EArgs a) {
  EmitRef self = Ref(a, 0), m1 = Ref(a, 1), m2 = Ref(a, 2);
  const TensorMeta s = e.Meta(self), x = e.Meta(m1), y = e.Meta(m2);
  if (x.dim() != 2) {
    return Invalid(absl::StrFormat("addmm: self must be a matrix, got %d-D tensor", x.dim()));
  }
  if (y.dim() != 2) {
    return Invalid(absl::StrFormat("addmm: mat2 must be a matrix, got %d-D tensor", y.dim()));
  }
  if (x.sizes[1] != y.sizes[0]) {
    return Invalid(
        absl::StrFormat("addmm: mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)",
                        x.sizes[0], x.sizes[1], y.sizes[0], y.sizes[1]));
  }
  if (s.dtype != y.dtype) {
    return Invalid(absl::StrFormat("self and mat2 must have the same dtype, but got %s and %s",
                                   ScalarTypeName(s.dtype), ScalarTypeName(y.dtype)));
  }
  // Integer tensors take the scalars as integers, as ATen converts them.
  Scalar beta = ScalarArg(a, 3), alpha = ScalarArg(a, 4);
  if (!IsFloatingPoint(s.dtype)) {
    beta = Scalar(beta.to_int());
    alpha = Scalar(alpha.to_int());
  }
  TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "mm", {m1, m2}));
  TC_ASSIGN_OR_RETURN(EmitRef bias, Emit1(e, "expand", {self, CList(e.Meta(prod).sizes)}));
  EmitRef out = prod;
  if (!(alpha.to_double() == 1)) {
    TC_ASSIGN_OR_RETURN(out, Emit1(e, "mul", {prod, CNum(alpha)}));
  }
  if (beta.to_double() == 0) return std::vector<EmitRef>{out};
  TC_ASSIGN_OR_RETURN(out, Emit1(e, "add", {out, bias, CNum(beta)}));
  return std::vector<EmitRef>{out};
}

Refs LayerNorm(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  const Shape& shape = IntList(a, 1);
  int64_t k = static_cast<int64_t>(shape.size());
  TC_RETURN_IF_ERROR(CheckNormalizedShape(e, a, in, shape, 2, 3, ", "));
  if (!IsFloatingPoint(in.dtype)) return NotImplemented("LayerNormKernelImpl", in.dtype);
  for (size_t i = 2; i <= 3; ++i) {
    if (!IsNone(a, i) && e.Meta(Ref(a, i)).dtype != in.dtype) {
      return Invalid(
          absl::StrFormat("mixed dtype (CPU): expect parameter to have scalar type of %s",
                          ScalarTypeName(in.dtype)));
    }
  }
  // Half and bfloat16 are normalized in float32 and rounded once at the end,
  // as ATen's CPU kernel accumulates them.
  const bool reduced = in.dtype == DType::kFloat16 || in.dtype == DType::kBFloat16;
  if (reduced) {
    TC_ASSIGN_OR_RETURN(x, ToDType(e, x, DType::kFloat32));
  }
  Shape dims;
  for (int64_t i = -k; i < 0; ++i) dims.push_back(i);
  TC_ASSIGN_OR_RETURN(EmitRef mean, Emit1(e, "mean", {x, CList(dims), CBool(true)}));
  TC_ASSIGN_OR_RETURN(EmitRef var,
                      Emit1(e, "var", {x, CList(dims), CNum(Scalar(int64_t{0})), CBool(true)}));
  TC_ASSIGN_OR_RETURN(EmitRef centered, Emit1(e, "sub", {x, mean}));
  TC_ASSIGN_OR_RETURN(EmitRef var_eps, Emit1(e, "add", {var, a[4]}));
  TC_ASSIGN_OR_RETURN(EmitRef rstd, Emit1(e, "rsqrt", {var_eps}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "mul", {centered, rstd}));
  if (!IsNone(a, 2)) {
    TC_ASSIGN_OR_RETURN(out, Emit1(e, "mul", {out, a[2]}));
  }
  if (!IsNone(a, 3)) {
    TC_ASSIGN_OR_RETURN(out, Emit1(e, "add", {out, a[3]}));
  }
  if (reduced) {
    TC_ASSIGN_OR_RETURN(out, ToDType(e, out, in.dtype));
  }
  TC_ASSIGN_OR_RETURN(out, InFormat(e, out, tensor::MemoryFormat::kContiguous));
  return std::vector<EmitRef>{out};
}

// Rows of `weight` picked by `indices`: index_select on the flattened
// indices, reshaped to indices.shape + [embedding_dim]. padding_idx and
// scale_grad_by_freq only matter for gradients.
Refs Embedding(Emitter& e, EArgs a) {
  EmitRef weight = Ref(a, 0), indices = Ref(a, 1);
  const TensorMeta w = e.Meta(weight), idx = e.Meta(indices);
  if (idx.dtype != DType::kInt64 && idx.dtype != DType::kInt32) {
    return Invalid(absl::StrFormat(
        "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
        "Long, Int; but got %s instead (while checking arguments for embedding)",
        LegacyTensorTypeName(idx.dtype)));
  }
  if (w.dim() != 2) return Invalid("'weight' must be 2-D");
  TC_ASSIGN_OR_RETURN(EmitRef flat, Emit1(e, "reshape", {indices, CList({-1})}));
  TC_ASSIGN_OR_RETURN(EmitRef rows, Emit1(e, "index_select", {weight, CInt(0), flat}));
  Shape sizes = idx.sizes;
  sizes.push_back(w.sizes[1]);
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "reshape", {rows, CList(sizes)}));
  return std::vector<EmitRef>{out};
}

}  // namespace

void AddCompositeNnOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&MaskedFill>(
      "masked_fill", {Req("self", kT), Req("mask", kT), Req("value", ArgType::kTensorOrScalar)}));
  ops.push_back(
      Composite<&Linear>("linear", {Req("input", kT), Req("weight", kT), Opt("bias", kT)}));
  ops.push_back(Composite<&Addmm>("addmm", {Req("self", kT), Req("mat1", kT), Req("mat2", kT),
                                            Def("beta", ArgType::kScalar, Scalar(1)),
                                            Def("alpha", ArgType::kScalar, Scalar(1))}));
  ops.push_back(Composite<&LayerNorm>(
      "layer_norm",
      {Req("input", kT), Req("normalized_shape", ArgType::kIntList), Opt("weight", kT),
       Opt("bias", kT), Def("eps", ArgType::kScalar, Scalar(1e-5))}));
  ops.push_back(Composite<&Embedding>(
      "embedding", {Req("weight", kT), Req("indices", kT), Opt("padding_idx", ArgType::kInt),
                    Def("scale_grad_by_freq", ArgType::kBool, Scalar(false))}));
}

}  // namespace tc::graph_ir::internal
