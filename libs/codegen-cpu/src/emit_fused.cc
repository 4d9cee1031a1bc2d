// Kernels other than a lone Pointwise node (see emit_loops.h): the outer
// ranges are the parallel loop; inside one outer point the members run in
// order, each over its remaining ranges. A member Reduction over exactly
// the outer ranges leaves its result in a local that later members read
// as ReductionResult (softmax's max and sum, then its output, per row,
// while the row is in cache).
#include <algorithm>

#include "absl/strings/str_cat.h"

#include "tc/support/status.h"

#include "src/emit_expr.h"
#include "src/emit_loops.h"

namespace tc::codegen_cpu {
namespace {

// Opens `for` loops over ranges[from, to) (variables i<d>) at `indent`,
// returning the indent inside them.
std::string OpenLoops(const std::vector<int64_t>& ext, size_t from, size_t to, std::string indent,
                      std::string* out) {
  for (size_t d = from; d < to; ++d) {
    absl::StrAppend(out, indent, "for (int64_t i", d, " = 0; i", d, " < ", ext[d], "; ++i", d,
                    ") {\n");
    indent += "  ";
  }
  return indent;
}
void CloseLoops(size_t count, std::string indent, std::string* out) {
  for (size_t k = 0; k < count; ++k) {
    indent.resize(indent.size() - 2);
    absl::StrAppend(out, indent, "}\n");
  }
}

// A Pointwise member: loops over its ranges after the outer ones, the
// innermost one vectorized when it can be.
absl::StatusOr<int> EmitPointwiseMember(const Program& program, const ExprContext& ctx, int n,
                                        size_t outer, const std::string& indent, int* counter,
                                        std::string* out) {
  const Node& node = program.nodes[n];
  const Pointwise& pw = std::get<Pointwise>(node.body);
  const Buffer& dst = program.buffers[node.buffer];
  TC_RETURN_IF_ERROR(CheckNode(program, node));
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> ext, ConstExtents(pw.ranges, dst.name));
  const Sym at = FlatOffset(ctx, node.buffer, pw.store);
  if (ext.size() == outer) {
    std::string body;
    ExprWriter w(ctx, indent, &body, counter);
    TC_ASSIGN_OR_RETURN(std::string v, w.Scalar(pw.value));
    absl::StrAppend(out, body, indent, StoreStatement(program, node.buffer, at.ToCpp(), v), "\n");
    return 1;
  }
  const size_t last = ext.size() - 1;
  std::string in = OpenLoops(ext, outer, last, indent, out);
  ExprContext vctx = ctx;
  vctx.inner = absl::StrCat("i", last);
  const DType t = dst.dtype;
  const bool vector = (t == DType::kFloat32 || t == DType::kFloat64) &&
                      at.CoefficientOf(vctx.inner) == 1 && IsVectorizable(vctx, pw.value);
  absl::StrAppend(out, in, "{\n");
  const std::string body_indent = in + "    ";
  absl::StrAppend(out, in, "  int64_t ", vctx.inner, " = 0;\n");
  int width = 1;
  if (vector) {
    width = kVectorBytes / (t == DType::kFloat32 ? 4 : 8);
    std::string body;
    ExprWriter w(vctx, body_indent, &body, counter);
    TC_ASSIGN_OR_RETURN(std::string v, w.Vector(pw.value));
    absl::StrAppend(out, in, "  const hn::ScalableTag<", std::string(ComputeType(t)), "> d;\n", in,
                    "  for (; ", vctx.inner, " + static_cast<int64_t>(hn::Lanes(d)) <= ", ext[last],
                    "; ", vctx.inner, " += static_cast<int64_t>(hn::Lanes(d))) {\n", body,
                    body_indent, "hn::StoreU(", v, ", d, ", BufferVar(node.buffer), " + (",
                    at.ToCpp(), "));\n", in, "  }\n");
  }
  std::string body;
  ExprWriter w(ctx, body_indent, &body, counter);
  TC_ASSIGN_OR_RETURN(std::string v, w.Scalar(pw.value));
  absl::StrAppend(out, in, "  for (; ", vctx.inner, " < ", ext[last], "; ++", vctx.inner, ") {\n",
                  body, body_indent, StoreStatement(program, node.buffer, at.ToCpp(), v), "\n", in,
                  "  }\n", in, "}\n");
  CloseLoops(last - outer, in, out);
  return width;
}

}  // namespace

absl::StatusOr<EmittedKernel> EmitFusedKernel(const Program& program, const Kernel& kernel,
                                              std::string* out) {
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> outer, ConstExtents(kernel.outer, kernel.name));
  EmittedKernel result{.name = kernel.name};
  std::set<int> used;
  int64_t work = 1;  // elements per outer point
  for (int n : kernel.nodes) {
    const Node& node = program.nodes[n];
    const std::vector<Sym>* ranges = nullptr;
    int64_t member_work = 1;
    if (const auto* p = std::get_if<Pointwise>(&node.body)) {
      ranges = &p->ranges;
      CollectLoads(p->value, &used);
    } else {
      const Reduction& r = std::get<Reduction>(node.body);
      ranges = &r.ranges;
      CollectLoads(r.value, &used);
      TC_ASSIGN_OR_RETURN(std::vector<int64_t> red, ConstExtents(r.reduction_ranges, kernel.name));
      for (int64_t e : red) member_work *= e;
    }
    if (ranges->size() < kernel.outer.size() ||
        !std::equal(kernel.outer.begin(), kernel.outer.end(), ranges->begin())) {
      return absl::InvalidArgumentError(absl::StrCat(
          "emit: node ", n, "'s ranges do not start with kernel ", kernel.name, "'s outer ranges"));
    }
    TC_ASSIGN_OR_RETURN(std::vector<int64_t> ext, ConstExtents(*ranges, kernel.name));
    for (size_t d = outer.size(); d < ext.size(); ++d) member_work *= ext[d];
    work = std::max(work, member_work);
    used.insert(node.buffer);
  }
  int64_t points = 1;
  for (int64_t e : outer) points *= e;
  absl::StrAppend(out, "extern \"C\" void ", kernel.name,
                  "(char* const* tc_buffers, const KernelRuntime* tc_rt) {\n");
  if (points == 0) {
    absl::StrAppend(out, "  (void)tc_buffers;\n  (void)tc_rt;\n}\n");
    return result;
  }
  const int64_t grain = std::max<int64_t>(1, kParallelElements / std::max<int64_t>(1, work));
  result.parallel = points > grain;
  absl::StrAppend(
      out, BufferDecls(program, used), "  auto tc_body = [&](int64_t tc_begin, int64_t tc_end) {\n",
      "    int tc_zd = 0;\n", "    for (int64_t tc_t = tc_begin; tc_t < tc_end; ++tc_t) {\n",
      "      int64_t tc_q = tc_t;\n");
  for (int d = static_cast<int>(outer.size()) - 1; d >= 0; --d) {
    absl::StrAppend(out, "      const int64_t i", d, " = tc_q % ", outer[d],
                    ";\n      tc_q /= ", outer[d], ";\n");
  }
  absl::StrAppend(out, "      (void)tc_q;\n");
  ExprContext ctx;
  ctx.program = &program;
  int counter = 0;
  const std::string indent = "      ";
  for (int n : kernel.nodes) {
    const Node& node = program.nodes[n];
    absl::StrAppend(out, indent, "// node ", n, "\n");
    if (std::holds_alternative<Pointwise>(node.body)) {
      TC_ASSIGN_OR_RETURN(
          int w, EmitPointwiseMember(program, ctx, n, outer.size(), indent, &counter, out));
      result.vector_width = std::max(result.vector_width, w);
      continue;
    }
    const Reduction& r = std::get<Reduction>(node.body);
    TC_ASSIGN_OR_RETURN(std::vector<int64_t> ext, ConstExtents(r.ranges, kernel.name));
    if (ext.size() == outer.size()) {
      // One value per outer point, left in a local (its names carry the
      // node number) for the members after it.
      TC_ASSIGN_OR_RETURN(ReductionCode code,
                          EmitReduction(program, ctx, n, indent, &counter, out));
      result.vector_width = std::max(result.vector_width, code.vector_width);
      ctx.results[n] = code.result;
      continue;
    }
    absl::StrAppend(out, indent, "{\n");
    std::string in = OpenLoops(ext, outer.size(), ext.size(), indent + "  ", out);
    TC_ASSIGN_OR_RETURN(ReductionCode code, EmitReduction(program, ctx, n, in, &counter, out));
    CloseLoops(ext.size() - outer.size(), in, out);
    absl::StrAppend(out, indent, "}\n");
    result.vector_width = std::max(result.vector_width, code.vector_width);
  }
  absl::StrAppend(out, "    }\n    if (tc_zd) tc_report_zero_division(tc_rt);\n  };\n",
                  "  tc_parallel(tc_rt, ", points, ", ", grain, ", tc_body);\n}\n");
  return result;
}

}  // namespace tc::codegen_cpu
