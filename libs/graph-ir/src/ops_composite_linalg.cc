// Composite linear-algebra ops beside addmm: baddbmm, addbmm, addmv, addr,
// outer, kron and tensordot, decomposed as ATen composes them (products
// through mm/bmm/matmul, the beta/alpha terms pointwise). einsum is in
// ops_composite_einsum.cc.
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;
constexpr ArgType kT = ArgType::kTensor;

// ATen's maybe_wrap_dim: IndexError (OutOfRange) beyond the rank; a
// 0-dim tensor has no dims to name.
absl::StatusOr<int64_t> WrapDimIndex(int64_t d, int64_t rank) {
  if (rank == 0) {
    return absl::OutOfRangeError(
        absl::StrFormat("Dimension specified as %d but tensor has no dimensions", d));
  }
  absl::StatusOr<int64_t> w = tensor::WrapDim(d, rank);
  if (!w.ok()) return absl::OutOfRangeError(w.status().message());
  return w;
}
// ATen's size(d) on a tensor of rank `rank`.
absl::Status CheckDim(int64_t d, int64_t rank) { return WrapDimIndex(d, rank).status(); }

// addr rejects a float beta or alpha for integral (and bool) results.
absl::Status CheckIntegralScalars(EArgs a, DType dtype, size_t beta, size_t alpha) {
  if (IsFloatingPoint(dtype)) return absl::OkStatus();
  for (size_t i : {beta, alpha}) {
    if (ScalarArg(a, i).is_float()) {
      return Invalid(absl::StrFormat(
          "For integral input tensors, argument %s must not be a floating point number.",
          i == beta ? "beta" : "alpha"));
    }
  }
  return absl::OkStatus();
}

// beta * self + alpha * prod, with self already expanded to prod's shape;
// beta == 0 ignores self's values (NaN does not propagate), as ATen's
// GEMM-based kernels do. Integer tensors take the scalars as integers.
RefOr ScaleAndAdd(Emitter& e, EmitRef prod, EmitRef self, EArgs a, size_t beta_i, size_t alpha_i) {
  Scalar beta = ScalarArg(a, beta_i), alpha = ScalarArg(a, alpha_i);
  if (!IsFloatingPoint(e.Meta(prod).dtype)) {
    beta = Scalar(beta.to_int());
    alpha = Scalar(alpha.to_int());
  }
  EmitRef out = prod;
  if (!(alpha.to_double() == 1)) {
    TC_ASSIGN_OR_RETURN(out, Emit1(e, "mul", {prod, CNum(alpha)}));
  }
  if (beta.to_double() == 0) return out;
  return Emit1(e, "add", {out, self, CNum(beta)});
}

// What baddbmm and addbmm check first, in ATen's order: self expanded to
// the result ([batch1.size(0),] batch1.size(1), batch2.size(2)), then the
// ranks. Returns the expanded self.
RefOr ExpandSelfThenCheckRanks(Emitter& e, EArgs a, bool batched) {
  const TensorMeta x = e.Meta(Ref(a, 1)), y = e.Meta(Ref(a, 2));
  TC_RETURN_IF_ERROR(CheckDim(1, x.dim()));
  TC_RETURN_IF_ERROR(CheckDim(2, y.dim()));
  Shape sizes = {x.sizes[1], y.sizes[2]};
  if (batched) sizes.insert(sizes.begin(), x.sizes[0]);
  TC_ASSIGN_OR_RETURN(EmitRef bias, Emit1(e, "expand", {Ref(a, 0), CList(sizes)}));
  if (x.dim() != 3) return Invalid("batch1 must be a 3D tensor");
  if (y.dim() != 3) return Invalid("batch2 must be a 3D tensor");
  return bias;
}

// beta * self + alpha * bmm(batch1, batch2), self broadcast to the result.
Refs Baddbmm(Emitter& e, EArgs a) {
  EmitRef b1 = Ref(a, 1), b2 = Ref(a, 2);
  const TensorMeta s = e.Meta(Ref(a, 0)), x = e.Meta(b1), y = e.Meta(b2);
  TC_ASSIGN_OR_RETURN(EmitRef bias, ExpandSelfThenCheckRanks(e, a, true));
  if (x.dtype == y.dtype && x.dtype == DType::kBool) return NotImplemented("baddbmm", x.dtype);
  // bmm checks the batch2 sizes ("Expected size for first two dimensions of
  // batch2 tensor to be: ...") and batch2's dtype.
  TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "bmm", {b1, b2}));
  if (s.dtype != x.dtype) {
    return Invalid(
        absl::StrFormat("Input dtypes must be the same, got: input %s, batch1: %s, batch2: %s",
                        CTypeName(s.dtype), CTypeName(x.dtype), CTypeName(y.dtype)));
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, ScaleAndAdd(e, prod, bias, a, 3, 4));
  return std::vector<EmitRef>{out};
}

// beta * self + alpha * sum_b batch1[b] @ batch2[b]: the batch folded into
// the contraction, so one mm sums over it.
Refs Addbmm(Emitter& e, EArgs a) {
  EmitRef b1 = Ref(a, 1), b2 = Ref(a, 2);
  const TensorMeta s = e.Meta(Ref(a, 0)), x = e.Meta(b1), y = e.Meta(b2);
  TC_ASSIGN_OR_RETURN(EmitRef bias, ExpandSelfThenCheckRanks(e, a, false));
  if (x.sizes[0] != y.sizes[0]) {
    return Invalid(
        absl::StrFormat("batch1 and batch2 must have same number of batches, got %d and %d",
                        x.sizes[0], y.sizes[0]));
  }
  if (x.sizes[2] != y.sizes[1]) {
    return Invalid(absl::StrFormat("Incompatible matrix sizes for bmm (%dx%d and %dx%d)",
                                   x.sizes[1], x.sizes[2], y.sizes[1], y.sizes[2]));
  }
  if (s.dtype != y.dtype) {
    return Invalid(absl::StrFormat("self and mat2 must have the same dtype, but got %s and %s",
                                   ScalarTypeName(s.dtype), ScalarTypeName(y.dtype)));
  }
  int64_t bk = x.sizes[0] * x.sizes[2];
  TC_ASSIGN_OR_RETURN(EmitRef lhs, Emit1(e, "permute", {b1, CList({1, 0, 2})}));
  TC_ASSIGN_OR_RETURN(lhs, Emit1(e, "reshape", {lhs, CList({x.sizes[1], bk})}));
  TC_ASSIGN_OR_RETURN(EmitRef rhs, Emit1(e, "reshape", {b2, CList({bk, y.sizes[2]})}));
  TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "mm", {lhs, rhs}));
  TC_ASSIGN_OR_RETURN(EmitRef out, ScaleAndAdd(e, prod, bias, a, 3, 4));
  return std::vector<EmitRef>{out};
}

// beta * self + alpha * (mat @ vec).
Refs Addmv(Emitter& e, EArgs a) {
  EmitRef self = Ref(a, 0), mat = Ref(a, 1), vec = Ref(a, 2);
  const TensorMeta s = e.Meta(self), m = e.Meta(mat), v = e.Meta(vec);
  if (m.dim() != 2 || v.dim() != 1 || s.dim() > 1) {
    return Invalid(absl::StrFormat("vector + matrix @ vector expected, got %d, %d, %d", s.dim(),
                                   m.dim(), v.dim()));
  }
  if (m.sizes[1] != v.sizes[0] || (m.sizes[0] != s.numel() && s.numel() != 1)) {
    return Invalid(absl::StrFormat("size mismatch, got input (%d), mat (%dx%d), vec (%d)",
                                   s.dim() == 0 ? 1 : s.sizes[0], m.sizes[0], m.sizes[1],
                                   v.sizes[0]));
  }
  if (s.dtype != m.dtype || m.dtype != v.dtype) {
    return Invalid(
        absl::StrFormat("addmv input tensors must have the same dtype, but got %s, %s, and %s",
                        ScalarTypeName(s.dtype), ScalarTypeName(m.dtype), ScalarTypeName(v.dtype)));
  }
  if (s.dtype == DType::kBool) return NotImplemented("addmv_impl_cpu", s.dtype);
  TC_ASSIGN_OR_RETURN(EmitRef bias, Emit1(e, "expand", {self, CList({m.sizes[0]})}));
  TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "matmul", {mat, vec}));
  TC_ASSIGN_OR_RETURN(EmitRef out, ScaleAndAdd(e, prod, bias, a, 3, 4));
  return std::vector<EmitRef>{out};
}

// vec1 as a column and vec2 as a row (both checked 1-D with `who`'s words).
absl::StatusOr<std::pair<EmitRef, EmitRef>> ColumnRow(Emitter& e, EmitRef v1, EmitRef v2,
                                                      const char* who, const char* name1) {
  const TensorMeta x = e.Meta(v1), y = e.Meta(v2);
  if (x.dim() != 1) {
    return Invalid(
        absl::StrFormat("%s: Expected 1-D argument %s, but got %d-D", who, name1, x.dim()));
  }
  if (y.dim() != 1) {
    return Invalid(absl::StrFormat("%s: Expected 1-D argument vec2, but got %d-D", who, y.dim()));
  }
  TC_ASSIGN_OR_RETURN(EmitRef col, Emit1(e, "reshape", {v1, CList({x.sizes[0], 1})}));
  return std::make_pair(col, v2);
}

// ATen's outer: self.reshape({n, 1}) * vec2 (promoting).
Refs Outer(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(auto cr, ColumnRow(e, Ref(a, 0), Ref(a, 1), "outer", "self"));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "mul", {cr.first, cr.second}));
  return std::vector<EmitRef>{out};
}

// ATen's addr kernel, element by element: beta * self + (alpha * vec1) *
// vec2 (alpha * vec1 * vec2 alone when beta == 0); for bool,
// (beta && self) || (alpha && vec1 && vec2).
Refs Addr(Emitter& e, EArgs a) {
  EmitRef self = Ref(a, 0);
  TC_ASSIGN_OR_RETURN(auto cr, ColumnRow(e, Ref(a, 1), Ref(a, 2), "addr", "vec1"));
  const TensorMeta s = e.Meta(self), x = e.Meta(Ref(a, 1)), y = e.Meta(Ref(a, 2));
  TC_ASSIGN_OR_RETURN(EmitRef bias, Emit1(e, "expand", {self, CList({x.sizes[0], y.sizes[0]})}));
  const tensor::TypeOperand operands[] = {
      {s.dtype, s.dim() == 0 ? tensor::OperandKind::kZeroDim : tensor::OperandKind::kTensor},
      {x.dtype, tensor::OperandKind::kTensor},
      {y.dtype, tensor::OperandKind::kTensor}};
  DType dtype = tensor::ResultType(operands);
  Scalar beta = ScalarArg(a, 3), alpha = ScalarArg(a, 4);
  TC_RETURN_IF_ERROR(CheckIntegralScalars(a, dtype, 3, 4));
  if (dtype == DType::kBool) {
    TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "logical_and", {cr.first, cr.second}));
    TC_ASSIGN_OR_RETURN(prod, Emit1(e, "bitwise_and", {prod, CBool(alpha.to_bool())}));
    TC_ASSIGN_OR_RETURN(EmitRef kept, Emit1(e, "bitwise_and", {bias, CBool(beta.to_bool())}));
    TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "logical_or", {kept, prod}));
    return std::vector<EmitRef>{out};
  }
  TC_ASSIGN_OR_RETURN(EmitRef col, Emit1(e, "mul", {cr.first, CNum(alpha)}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "mul", {col, cr.second}));
  if (beta.to_double() != 0) {
    TC_ASSIGN_OR_RETURN(EmitRef scaled, Emit1(e, "mul", {bias, CNum(beta)}));
    TC_ASSIGN_OR_RETURN(out, Emit1(e, "add", {scaled, out}));
  }
  TC_ASSIGN_OR_RETURN(out, ToDType(e, out, dtype));
  return std::vector<EmitRef>{out};
}

// ATen's kron: both padded to one rank, self as [s0, 1, s1, 1, ...] times
// other as [1, o0, 1, o1, ...], reshaped to [s0*o0, s1*o1, ...].
Refs Kron(Emitter& e, EArgs a) {
  const TensorMeta x = e.Meta(Ref(a, 0)), y = e.Meta(Ref(a, 1));
  int64_t rank = std::max(x.dim(), y.dim());
  Shape xs(2 * rank, 1), ys(2 * rank, 1), out(rank, 1);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t xd = i - (rank - x.dim()), yd = i - (rank - y.dim());
    if (xd >= 0) xs[2 * i] = x.sizes[xd];
    if (yd >= 0) ys[2 * i + 1] = y.sizes[yd];
    out[i] = xs[2 * i] * ys[2 * i + 1];
  }
  TC_ASSIGN_OR_RETURN(EmitRef l, Emit1(e, "reshape", {Ref(a, 0), CList(xs)}));
  TC_ASSIGN_OR_RETURN(EmitRef r, Emit1(e, "reshape", {Ref(a, 1), CList(ys)}));
  TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "mul", {l, r}));
  TC_ASSIGN_OR_RETURN(EmitRef res, Emit1(e, "reshape", {prod, CList(out)}));
  return std::vector<EmitRef>{res};
}

// ATen's tensordot: a contracted dim of size 1 on one side is summed out of
// the other; self's free dims then its contracted dims, times other's
// contracted dims then its free dims, as one mm.
Refs Tensordot(Emitter& e, EArgs a) {
  EmitRef t1 = Ref(a, 0), t2 = Ref(a, 1);
  const TensorMeta x = e.Meta(t1), y = e.Meta(t2);
  const Shape &dims1 = IntList(a, 2), &dims2 = IntList(a, 3);
  if (dims1.size() != dims2.size()) return Invalid("both dimension lists should have same length");
  if (x.dtype != y.dtype) return Invalid("both inputs should have same dtype");
  std::vector<bool> c1(x.dim(), false), c2(y.dim(), false);
  int64_t csize = 1;
  for (size_t i = 0; i < dims1.size(); ++i) {
    TC_ASSIGN_OR_RETURN(int64_t d1, WrapDimIndex(dims1[i], x.dim()));
    TC_ASSIGN_OR_RETURN(int64_t d2, WrapDimIndex(dims2[i], y.dim()));
    int64_t s1 = e.Meta(t1).sizes[d1], s2 = e.Meta(t2).sizes[d2];
    c1[d1] = c2[d2] = true;
    if (s2 == 1) {
      TC_ASSIGN_OR_RETURN(t1, Emit1(e, "sum", {t1, CList({d1}), CBool(true), CNone()}));
    } else if (s1 == 1) {
      TC_ASSIGN_OR_RETURN(t2, Emit1(e, "sum", {t2, CList({d2}), CBool(true), CNone()}));
    } else if (s1 != s2) {
      return Invalid(absl::StrFormat(
          "contracted dimensions need to match, but first has size %d in dim %d and second has "
          "size %d in dim %d",
          s1, dims1[i], s2, dims2[i]));
    } else {
      csize *= s1;
    }
  }
  Shape p1, p2, rsizes;
  int64_t size1 = 1, size2 = 1;
  for (int64_t d = 0; d < x.dim(); ++d) {
    if (c1[d]) continue;
    p1.push_back(d);
    rsizes.push_back(x.sizes[d]);
    size1 *= x.sizes[d];
  }
  for (int64_t d : dims1) p1.push_back(d < 0 ? d + x.dim() : d);
  for (int64_t d : dims2) p2.push_back(d < 0 ? d + y.dim() : d);
  for (int64_t d = 0; d < y.dim(); ++d) {
    if (c2[d]) continue;
    p2.push_back(d);
    rsizes.push_back(y.sizes[d]);
    size2 *= y.sizes[d];
  }
  TC_ASSIGN_OR_RETURN(t1, Emit1(e, "permute", {t1, CList(p1)}));
  TC_ASSIGN_OR_RETURN(t1, Emit1(e, "reshape", {t1, CList({size1, csize})}));
  TC_ASSIGN_OR_RETURN(t2, Emit1(e, "permute", {t2, CList(p2)}));
  TC_ASSIGN_OR_RETURN(t2, Emit1(e, "reshape", {t2, CList({csize, size2})}));
  TC_ASSIGN_OR_RETURN(EmitRef prod, Emit1(e, "mm", {t1, t2}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "reshape", {prod, CList(rsizes)}));
  return std::vector<EmitRef>{out};
}

std::vector<ArgSpec> BetaAlpha(std::vector<ArgSpec> args) {
  args.push_back(Def("beta", ArgType::kScalar, Scalar(1)));
  args.push_back(Def("alpha", ArgType::kScalar, Scalar(1)));
  return args;
}

}  // namespace

void AddCompositeLinalgOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&Addbmm>(
      "addbmm", BetaAlpha({Req("self", kT), Req("batch1", kT), Req("batch2", kT)})));
  ops.push_back(
      Composite<&Addmv>("addmv", BetaAlpha({Req("self", kT), Req("mat", kT), Req("vec", kT)})));
  ops.push_back(
      Composite<&Addr>("addr", BetaAlpha({Req("self", kT), Req("vec1", kT), Req("vec2", kT)})));
  ops.push_back(Composite<&Baddbmm>(
      "baddbmm", BetaAlpha({Req("self", kT), Req("batch1", kT), Req("batch2", kT)})));
  ops.push_back(Composite<&Kron>("kron", {Req("self", kT), Req("other", kT)}));
  ops.push_back(Composite<&Outer>("outer", {Req("self", kT), Req("vec2", kT)}));
  ops.push_back(Composite<&Tensordot>(
      "tensordot", {Req("self", kT), Req("other", kT), Req("dims_self", ArgType::kIntList),
                    Req("dims_other", ArgType::kIntList)}));
}

}  // namespace tc::graph_ir::internal
