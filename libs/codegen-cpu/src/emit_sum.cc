// Float sums in eager's order (see emit_sum.h). sum_cascade_simd.cc's
// Sum2DT is the reference: after its swap, dim 0 is reduced; a contiguous
// dim 0 of at least one 32-byte vector is InnerSum (a vector cascade per
// row), a contiguous dim 1 of at least one vector OuterSum (column groups
// of 4 vectors summed without the 4-way split, the other columns with
// it), anything else ScalarSum (rows with the split when dim 0 is the
// faster, else groups of 4 columns without it); every (dim 1 index when
// reduced, outer reduced index) pair adds its partial sum into the output
// in order.
#include "src/emit_sum.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/kernels/sum_order.h"
#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "src/emit_expr.h"
#include "src/emit_loops.h"

namespace tc::codegen_cpu {
namespace {

using kernels::SumIterDim;

bool Is16Bit(DType t) { return t == DType::kFloat16 || t == DType::kBFloat16; }

// Input dims `dims` (fastest first) of one iteration dim as functions of
// its index `var`, for the reduced ones, into `subst`.
void Decompose(const SumLayout& l, const std::vector<int>& dims, const Sym& var,
               absl::flat_hash_map<std::string, Sym>* subst) {
  int64_t below = 1;
  for (size_t k = 0; k < dims.size(); ++k) {
    const int d = dims[k];
    Sym v = below == 1 ? var : FloorDiv(var, Sym::Const(below));
    if (k + 1 < dims.size()) v = Mod(v, Sym::Const(l.sizes[d]));
    if (l.index[d].kind() == Sym::Kind::kVar) (*subst)[l.index[d].name()] = v;
    below *= l.sizes[d];
  }
}

// The index within an iteration dim of kept dims: its position from the
// kept loop variables.
Sym Position(const SumLayout& l, const std::vector<int>& dims) {
  Sym pos = Sym::Const(0);
  int64_t below = 1;
  for (int d : dims) {
    pos = pos + l.index[d] * Sym::Const(below);
    below *= l.sizes[d];
  }
  return pos;
}

// The iteration dims, after ATen's float32 accumulation copy of a 16-bit
// sum whose two innermost dims are both reduced (should_use_acc_buffer:
// CascadeSum sums a float32 copy, `to` keeping the strides when dense,
// into a contiguous float32 output).
std::vector<SumIterDim> IterDims(SumLayout& l, const std::vector<bool>& reduced) {
  std::vector<SumIterDim> it =
      kernels::SumIterationDims(l.sizes, l.strides, reduced, l.out_strides);
  if (Is16Bit(l.dtype) && it.size() >= 2 && it[0].out == 0 && it[1].out == 0) {
    const tensor::Shape preserved = tensor::PreserveFormatStrides(l.sizes, l.strides);
    l.strides.assign(preserved.begin(), preserved.end());
    tensor::Shape kept;
    for (size_t d = 0; d < l.sizes.size(); ++d) {
      if (!reduced[d]) kept.push_back(l.sizes[d]);
    }
    const tensor::Shape contiguous = tensor::ContiguousStrides(kept);
    for (size_t d = 0, k = 0; d < l.sizes.size(); ++d) {
      l.out_strides[d] = reduced[d] ? 0 : contiguous[k++];
    }
    l.dtype = DType::kFloat32;
    it = kernels::SumIterationDims(l.sizes, l.strides, reduced, l.out_strides);
  }
  while (it.size() < 2) it.push_back({{}, 1, 0, 0});
  return it;
}

// How eager sums dim 0 at one index of dim 1.
enum class Partial { kElement, kInnerVector, kSplit };

}  // namespace

absl::StatusOr<std::optional<EagerSumCode>> EmitEagerOrderSum(const Program& program,
                                                              const ExprContext& outer_ctx, int n,
                                                              const std::string& indent,
                                                              int* counter, std::string* out) {
  const Reduction& red = std::get<Reduction>(program.nodes[n].body);
  SumLayout l = red.sum_layout;
  const size_t nd = l.index.size();
  if (nd == 0 || l.sizes.size() != nd || l.strides.size() != nd || l.out_strides.size() != nd) {
    return std::nullopt;
  }
  std::vector<bool> reduced(nd);
  int64_t count = 1;
  for (size_t d = 0; d < nd; ++d) {
    reduced[d] = l.index[d].kind() == Sym::Kind::kVar && l.index[d].name()[0] == 'r';
    if (reduced[d]) count *= l.sizes[d];
  }
  if (count == 0) return std::nullopt;
  std::vector<SumIterDim> it = IterDims(l, reduced);
  if (it[0].out != 0 && it[1].out == 0) std::swap(it[0], it[1]);
  const std::string tag = absl::StrCat(n);
  const DType acc_dtype = l.dtype == DType::kFloat64 ? DType::kFloat64 : DType::kFloat32;
  const std::string at(ComputeType(acc_dtype));
  const int64_t item = static_cast<int64_t>(tensor::ItemSize(l.dtype));
  const int64_t acc_lanes = 32 / static_cast<int64_t>(tensor::ItemSize(acc_dtype));

  ExprContext ctx = outer_ctx;
  // Reduced dims no iteration dim covers have size 1.
  for (size_t d = 0; d < nd; ++d) {
    if (reduced[d]) ctx.subst[l.index[d].name()] = Sym::Const(0);
  }
  const std::string q = absl::StrCat("tc_q", tag), j = absl::StrCat("tc_j", tag),
                    c = absl::StrCat("tc_c", tag), acc = absl::StrCat("tc_acc", tag);
  std::string pre, body, open, close;
  // Outer reduced dims, it[2] fastest: one flat index.
  std::vector<const SumIterDim*> outer;
  int64_t outer_count = 1;
  for (size_t k = 2; k < it.size(); ++k) {
    if (it[k].out != 0) continue;
    outer.push_back(&it[k]);
    outer_count *= it[k].size;
  }
  if (outer_count > 1) {
    Sym rest = Sym::Var(c, outer_count);
    for (const SumIterDim* dim : outer) {
      Decompose(l, dim->dims, Mod(rest, Sym::Const(dim->size)), &ctx.subst);
      rest = FloorDiv(rest, Sym::Const(dim->size));
    }
    absl::StrAppend(&open, indent, "for (int64_t ", c, " = 0; ", c, " < ", outer_count, "; ++", c,
                    ") {\n");
    close = absl::StrCat(indent, "}\n", close);
  }
  const bool dim0_reduced = it[0].out == 0, dim1_reduced = it[1].out == 0;
  if (dim1_reduced) {
    Decompose(l, it[1].dims, Sym::Var(j, it[1].size), &ctx.subst);
    absl::StrAppend(&open, indent, "for (int64_t ", j, " = 0; ", j, " < ", it[1].size, "; ++", j,
                    ") {\n");
    close = absl::StrCat(indent, "}\n", close);
  } else {
    Sym pos = Position(l, it[1].dims);
    if (!outer_ctx.subst.empty()) pos = pos.Substitute(outer_ctx.subst);
    absl::StrAppend(&pre, indent, "const int64_t ", j, " = ", pos.ToCpp(), ";\n", indent, "(void)",
                    j, ";\n");
  }
  if (dim0_reduced) Decompose(l, it[0].dims, Sym::Var(q, it[0].size), &ctx.subst);

  // Which partial sum dim 0 takes at index j of dim 1: the condition for
  // a column without the 4-way split.
  Partial kind = Partial::kElement;
  std::string column_if;
  const int64_t vec = 32 / item;
  if (dim0_reduced) {
    if (it[0].in == 1 && it[0].size >= vec) {
      kind = Partial::kInnerVector;
    } else if (it[1].in == 1 && it[1].size >= vec) {
      kind = Partial::kSplit;
      column_if = absl::StrCat(j, " < ", it[1].size / (4 * acc_lanes) * 4 * acc_lanes);
    } else {
      kind = Partial::kSplit;
      if (!(it[0].in < it[1].in)) column_if = absl::StrCat(j, " < ", it[1].size / 4 * 4);
    }
  }
  const std::string in_indent = indent + "  ";
  {
    std::string ld;
    ExprWriter w(ctx, in_indent + "  ", &ld, counter);
    TC_ASSIGN_OR_RETURN(std::string v, w.Scalar(red.value));
    absl::StrAppend(&body, in_indent, "auto tc_ld", tag, " = [&](int64_t ", q, ") HWY_ATTR {\n",
                    in_indent, "  (void)", q, ";\n", ld, in_indent, "  return static_cast<", at,
                    ">(", v, ");\n", in_indent, "};\n");
  }
  EagerSumCode code{.acc = acc};
  const std::string ldn = absl::StrCat("tc_ld", tag);
  std::string part;
  switch (kind) {
    case Partial::kElement:
      part = absl::StrCat(ldn, "(0)");
      break;
    case Partial::kInnerVector: {
      if (Is16Bit(l.dtype)) {
        part = absl::StrCat("tc_inner_sum16<", l.dtype == DType::kBFloat16, ">(", ldn, ", ",
                            it[0].size, ")");
        break;
      }
      ExprContext vctx = ctx;
      vctx.inner = q;
      bool vector = IsVectorizable(vctx, red.value) && red.value->dtype == acc_dtype;
      if (vector) {
        std::string ldv;
        ExprWriter w(vctx, in_indent + "  ", &ldv, counter);
        TC_ASSIGN_OR_RETURN(std::string v, w.Vector(red.value));
        absl::StrAppend(&body, in_indent, "auto tc_ldv", tag, " = [&](int64_t ", q,
                        ") HWY_ATTR {\n", in_indent, "  const hn::CappedTag<", at, ", ", acc_lanes,
                        "> d;\n", ldv, in_indent, "  return ", v, ";\n", in_indent, "};\n");
        code.vector_width = static_cast<int>(acc_lanes);
      } else {
        absl::StrAppend(&body, in_indent, "auto tc_ldv", tag, " = [&](int64_t ", q,
                        ") HWY_ATTR { return tc_lanes_of<", at, ">(", ldn, ", ", q, "); };\n");
      }
      part = absl::StrCat("tc_inner_sum<", at, ">(", ldn, ", tc_ldv", tag, ", ", it[0].size, ")");
      break;
    }
    case Partial::kSplit: {
      const std::string split =
          absl::StrCat("tc_strided_sum<", at, ">(", ldn, ", ", it[0].size, ")");
      part = column_if.empty() ? split
                               : absl::StrCat("(", column_if, ") ? tc_column_sum<", at, ">(", ldn,
                                              ", ", it[0].size, ") : ", split);
      break;
    }
  }
  // The output element eager adds each partial into, rounded to its dtype.
  std::string sum = absl::StrCat(acc, " + (", part, ")");
  if (l.dtype == DType::kFloat16) sum = absl::StrCat("tc_rh(", sum, ")");
  if (l.dtype == DType::kBFloat16) sum = absl::StrCat("tc_rbf(", sum, ")");
  absl::StrAppend(out, indent, at, " ", acc, " = 0;\n", pre, open, body, in_indent, acc, " = ", sum,
                  ";\n", close);
  return code;
}

}  // namespace tc::codegen_cpu
