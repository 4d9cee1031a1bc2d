// One Reduction at one point of its output ranges (see emit_loops.h): the
// value becomes a lambda of the (flattened) reduction index, accumulated
// as eager's reduce.cc / sum_cascade*.cc accumulate: float sums in the
// cascade order (a contiguous row in 32-byte vectors, bit for bit with
// eager), integer sums and products in wrapping 64-bit integers, float
// products in double, max/min and argmax/argmin in order with NaN winning,
// any/all short-circuiting.
#include <algorithm>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "tc/support/status.h"

#include "src/emit_expr.h"
#include "src/emit_loops.h"
#include "src/emit_sum.h"

namespace tc::codegen_cpu {
namespace {

bool IsFloat(DType t) {
  return t == DType::kFloat16 || t == DType::kBFloat16 || t == DType::kFloat32 ||
         t == DType::kFloat64;
}

// Whether every load of `e` is contiguous (coefficient 1) in `var`.
bool ContiguousIn(const ExprContext& ctx, const ExprPtr& e, const std::string& var) {
  std::vector<Sym> accesses;
  CollectAccesses(*ctx.program, e, &accesses);
  if (accesses.empty()) return false;
  for (Sym s : accesses) {
    if (!ctx.subst.empty()) s = s.Substitute(ctx.subst);
    if (s.CoefficientOf(var) != 1) return false;
  }
  return true;
}

std::string CastText(const std::string& x, DType to) {
  if (to == DType::kBool) return absl::StrCat("(static_cast<double>(", x, ") != 0.0)");
  if (to == DType::kFloat16) return absl::StrCat("tc_rh(static_cast<float>(", x, "))");
  if (to == DType::kBFloat16) return absl::StrCat("tc_rbf(static_cast<float>(", x, "))");
  return absl::StrCat("static_cast<", std::string(ComputeType(to)), ">(", x, ")");
}

// Writes `auto tc_ldv<tag> = [&](int64_t param) {...}`: the value's vector
// at reduction index `param` (lanes param, param + 1, ...) in the tag
// `tag_type`. False (nothing written) when the value has no vector form.
absl::StatusOr<bool> WriteVectorLoader(const ExprContext& ctx, const ExprPtr& value,
                                       const std::string& param, const std::string& tag,
                                       const std::string& tag_type, const std::string& indent,
                                       int* counter, std::string* out) {
  ExprContext vctx = ctx;
  vctx.inner = param;
  if (!IsVectorizable(vctx, value)) return false;
  std::string body = absl::StrCat(indent, "  const ", tag_type, " d;\n");
  ExprWriter w(vctx, indent + "  ", &body, counter);
  TC_ASSIGN_OR_RETURN(std::string v, w.Vector(value));
  absl::StrAppend(out, indent, "auto tc_ldv", tag, " = [&](int64_t ", param, ") HWY_ATTR {\n", body,
                  indent, "  return ", v, ";\n", indent, "};\n");
  return true;
}

// The condition under which eager's outer (column) sum takes column i
// without the 4-way split: "iD < first_scalar" for the kept loop variable
// iD whose loads are contiguous, when it is at least `lanes` wide; empty
// when eager would not take that path.
std::string OuterSumSplit(const ExprContext& ctx, const Reduction& red,
                          const std::vector<Sym>& accesses, int64_t lanes) {
  if (accesses.empty()) return "";
  const Sym first = ctx.subst.empty() ? accesses[0] : accesses[0].Substitute(ctx.subst);
  for (size_t d = 0; d < red.ranges.size(); ++d) {
    const std::string var = absl::StrCat("i", d);
    if (!red.ranges[d].is_const() || first.CoefficientOf(var) != 1) continue;
    const int64_t extent = red.ranges[d].value();
    if (extent < lanes) return "";
    return absl::StrCat("(", var, " < ", extent / lanes * lanes, ")");
  }
  return "";
}

// Declares code->result as `result` in the node's dtype and stores it.
void StoreResult(const Program& program, const ExprContext& ctx, int n, const std::string& result,
                 const std::string& indent, ReductionCode* code, std::string* out) {
  const Node& node = program.nodes[n];
  const Reduction& red = std::get<Reduction>(node.body);
  const Buffer& dst = program.buffers[node.buffer];
  code->result = absl::StrCat("tc_r", n);
  absl::StrAppend(out, indent, "const ", std::string(ComputeType(dst.dtype)), " ", code->result,
                  " = ", CastText(result, dst.dtype), ";\n");
  // A reduction the scheduler kept local (Node::written false) has no
  // storage: later members read code->result.
  if (node.written) {
    const Sym at = FlatOffset(ctx, node.buffer, red.store);
    absl::StrAppend(out, indent, StoreStatement(program, node.buffer, at.ToCpp(), code->result),
                    "\n");
  }
}

}  // namespace

absl::StatusOr<ReductionCode> EmitReduction(const Program& program, const ExprContext& outer_ctx,
                                            int n, const std::string& indent, int* counter,
                                            std::string* out) {
  const Node& node = program.nodes[n];
  TC_RETURN_IF_ERROR(CheckNode(program, node));
  const Reduction& red = std::get<Reduction>(node.body);
  const Buffer& dst = program.buffers[node.buffer];
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> extents, ConstExtents(red.reduction_ranges, dst.name));
  int64_t total = 1;
  for (int64_t e : extents) total *= e;
  const ReduceOp op = red.op;
  if (total == 0 && (op == ReduceOp::kMax || op == ReduceOp::kMin || op == ReduceOp::kArgMax ||
                     op == ReduceOp::kArgMin)) {
    return absl::InvalidArgumentError(absl::StrCat("emit: ", std::string(ReduceOpName(op)),
                                                   " over an empty reduction into ", dst.name));
  }
  if (op == ReduceOp::kSum) {
    TC_ASSIGN_OR_RETURN(std::optional<EagerSumCode> eager,
                        EmitEagerOrderSum(program, outer_ctx, n, indent, counter, out));
    if (eager) {
      ReductionCode code;
      code.vector_width = eager->vector_width;
      StoreResult(program, outer_ctx, n, eager->acc, indent, &code, out);
      return code;
    }
  }
  ExprContext ctx = outer_ctx;
  std::vector<Sym> accesses;
  CollectAccesses(program, red.value, &accesses);
  std::vector<LoopDim> order;
  for (size_t d = 0; d < extents.size(); ++d) order.push_back({absl::StrCat("r", d), extents[d]});
  if (op == ReduceOp::kSum && !accesses.empty()) {
    // Sums run over the reduced dims sorted by stride, fastest innermost,
    // as eager's TensorIterator orders them (the first load's strides).
    std::stable_sort(order.begin(), order.end(), [&](const LoopDim& a, const LoopDim& b) {
      const auto ca = accesses[0].CoefficientOf(a.var), cb = accesses[0].CoefficientOf(b.var);
      return ca && cb && std::abs(*ca) > std::abs(*cb);
    });
  }
  std::vector<LoopDim> dims = MergeDims(order, accesses, &ctx.subst);
  const std::string tag = absl::StrCat(n);
  // The lambda's parameter: the one reduction variable left, or a flat
  // index split into the variables.
  std::string param = "tc_rf", split;
  if (dims.size() == 1) {
    param = dims[0].var;
  } else {
    std::string rest = "tc_rf";
    for (int k = static_cast<int>(dims.size()) - 1; k >= 0; --k) {
      absl::StrAppend(&split, indent, "  const int64_t ", dims[k].var, " = ", rest, " % ",
                      dims[k].extent, ";\n");
      if (k > 0) {
        absl::StrAppend(&split, indent, "  const int64_t tc_rf", k, " = ", rest, " / ",
                        dims[k].extent, ";\n");
        rest = absl::StrCat("tc_rf", k);
      }
    }
  }
  const DType acc = red.accumulate_dtype;
  const bool float_sum = op == ReduceOp::kSum && IsFloat(acc);
  // Float sums accumulate in float32 for the 16-bit floats. argmax and
  // argmin compare the values in their own dtype (their accumulate_dtype
  // is the int64 index: casting values to it would truncate them).
  const bool arg_op = op == ReduceOp::kArgMax || op == ReduceOp::kArgMin;
  const DType lane = arg_op                                ? red.value->dtype
                     : float_sum && acc != DType::kFloat64 ? DType::kFloat32
                                                           : acc;
  const std::string lane_type(ComputeType(lane));
  {
    std::string body;
    ExprWriter w(ctx, indent + "  ", &body, counter);
    TC_ASSIGN_OR_RETURN(std::string v, w.Scalar(red.value));
    absl::StrAppend(out, indent, "auto tc_ld", tag, " = [&](int64_t ", param, ") HWY_ATTR {\n",
                    split, body, indent, "  return ", CastText(v, lane), ";\n", indent, "};\n");
  }
  ReductionCode code;
  const std::string ld = absl::StrCat("tc_ld", tag), accv = absl::StrCat("tc_acc", tag);
  auto loop = [&](const std::string& stmt) {
    return absl::StrCat(indent, "for (int64_t tc_i = 0; tc_i < ", total, "; ++tc_i) {\n", indent,
                        "  const auto tc_x = ", ld, "(tc_i);\n", indent, "  ", stmt, "\n", indent,
                        "}\n");
  };
  std::string result;  // the value in ComputeType(acc) (argmax: int64)
  // Contiguous rows of float32/float64 values run in vectors.
  const bool vector_row = dims.size() == 1 && ContiguousIn(ctx, red.value, param) &&
                          (lane == DType::kFloat32 || lane == DType::kFloat64) &&
                          red.value->dtype == lane;
  const int lane_bytes = lane == DType::kFloat64 ? 8 : 4;
  bool vector_max = false;
  if ((op == ReduceOp::kMax || op == ReduceOp::kMin) && vector_row) {
    TC_ASSIGN_OR_RETURN(
        vector_max,
        WriteVectorLoader(ctx, red.value, param, tag,
                          absl::StrCat("hn::ScalableTag<", lane_type, ">"), indent, counter, out));
  }
  if (float_sum) {
    if (dims.size() == 1 && ContiguousIn(ctx, red.value, param)) {
      // Eager's 32-byte vectors; values with no vector form in lanes.
      const std::string d8 = absl::StrCat("hn::CappedTag<", lane_type, ", ", 32 / lane_bytes, ">");
      bool vec = false;
      if (vector_row) {
        TC_ASSIGN_OR_RETURN(
            vec, WriteVectorLoader(ctx, red.value, param, tag, d8, indent, counter, out));
      }
      if (!vec) {
        absl::StrAppend(out, indent, "auto tc_ldv", tag, " = [&](int64_t ", param,
                        ") HWY_ATTR { return tc_lanes_of<", lane_type, ">(", ld, ", ", param,
                        "); };\n");
      }
      absl::StrAppend(out, indent, "const ", lane_type, " ", accv, " = tc_inner_sum<", lane_type,
                      ">(", ld, ", tc_ldv", tag, ", ", total, ");\n");
      code.vector_width = 32 / lane_bytes;
    } else {
      // eager's vectorized_outer_sum (a kept dim contiguous): columns in
      // whole vectors are summed without the 4-way split, the rest with it.
      const std::string split_at = dims.size() == 1 && red.value->dtype == lane
                                       ? OuterSumSplit(ctx, red, accesses, 32 / lane_bytes)
                                       : std::string();
      const std::string strided =
          absl::StrCat("tc_strided_sum<", lane_type, ">(", ld, ", ", total, ")");
      absl::StrAppend(out, indent, "const ", lane_type, " ", accv, " = ",
                      split_at.empty() ? strided
                                       : absl::StrCat(split_at, " ? tc_column_sum<", lane_type,
                                                      ">(", ld, ", ", total, ") : ", strided),
                      ";\n");
    }
    result = accv;
  } else if (op == ReduceOp::kSum || op == ReduceOp::kProd) {
    const bool flt = IsFloat(acc);
    const std::string t = flt ? "double" : "uint64_t";
    absl::StrAppend(out, indent, t, " ", accv, " = ", op == ReduceOp::kSum ? "0" : "1", ";\n");
    const std::string x =
        flt ? "static_cast<double>(tc_x)" : "static_cast<uint64_t>(static_cast<int64_t>(tc_x))";
    absl::StrAppend(out, loop(absl::StrCat(accv, op == ReduceOp::kSum ? " += " : " *= ", x, ";")));
    result = flt ? absl::StrCat("static_cast<", lane_type, ">(", accv, ")")
                 : absl::StrCat("static_cast<int64_t>(", accv, ")");
  } else if (op == ReduceOp::kAny || op == ReduceOp::kAll) {
    const bool any = op == ReduceOp::kAny;
    absl::StrAppend(out, indent, "bool ", accv, " = ", any ? "false" : "true", ";\n");
    absl::StrAppend(out, loop(absl::StrCat("if ((tc_x != 0) == ", any ? "true" : "false", ") { ",
                                           accv, " = ", any ? "true" : "false", "; break; }")));
    result = accv;
  } else if (vector_max) {
    // simd.cc's MaxMinT: lane-wise max/min, NaN anywhere gives NaN.
    absl::StrAppend(out, indent, "const ", lane_type, " ", accv, " = tc_inner_maxmin<", lane_type,
                    ", ", op == ReduceOp::kMax, ">(", ld, ", tc_ldv", tag, ", ", total, ");\n");
    code.vector_width = kVectorBytes / lane_bytes;
    result = accv;
  } else {
    const bool is_max = op == ReduceOp::kMax || op == ReduceOp::kArgMax;
    const bool arg = op == ReduceOp::kArgMax || op == ReduceOp::kArgMin;
    const std::string best = absl::StrCat("tc_best", tag), idx = absl::StrCat("tc_idx", tag);
    absl::StrAppend(out, indent, lane_type, " ", best, "{};\n", indent, "int64_t ", idx,
                    " = -1;\n");
    absl::StrAppend(
        out, loop(absl::StrCat("if (tc_isnan(tc_x)) { ", best, " = tc_x; ", idx,
                               " = tc_i; break; } if (", idx, " < 0 || tc_x ", is_max ? ">" : "<",
                               " ", best, ") { ", best, " = tc_x; ", idx, " = tc_i; }")));
    result = arg ? idx : best;
  }
  StoreResult(program, ctx, n, result, indent, &code, out);
  return code;
}

}  // namespace tc::codegen_cpu
