// A kernel that is one Pointwise node over all its ranges (see
// emit_loops.h). Dims of size 1 are dropped and neighbouring dims merged
// where every access (the store, each load, each index value) allows it, as
// eager's Loop merges them, so a contiguous tensor is one flat loop whose
// only tail is at its end (the elements eager's kernels run as their tail).
// The innermost dim runs Highway vectors when the store is contiguous in it
// and the expression is vectorizable; the rest is scalar code.
#include <algorithm>

#include "absl/strings/str_cat.h"

#include "tc/support/status.h"

#include "src/emit_expr.h"
#include "src/emit_loops.h"

namespace tc::codegen_cpu {
absl::StatusOr<EmittedKernel> EmitPointwiseKernel(const Program& program, const Kernel& kernel,
                                                  std::string* out) {
  const Node& node = program.nodes[kernel.nodes[0]];
  const Pointwise& pw = std::get<Pointwise>(node.body);
  const Buffer& dst = program.buffers[node.buffer];
  TC_RETURN_IF_ERROR(CheckNode(program, node));
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> extents, ConstExtents(pw.ranges, kernel.name));
  EmittedKernel result{.name = kernel.name};
  std::set<int> used = {node.buffer};
  CollectLoads(pw.value, &used);
  absl::StrAppend(out, "extern \"C\" void ", kernel.name,
                  "(char* const* tc_buffers, const KernelRuntime* tc_rt) {\n");
  int64_t numel = 1;
  for (int64_t e : extents) numel *= e;
  if (numel == 0) {
    absl::StrAppend(out, "  (void)tc_buffers;\n  (void)tc_rt;\n}\n");
    return result;
  }
  absl::StrAppend(out, BufferDecls(program, used));

  const Sym store_flat = Linear(pw.store, dst.strides, Sym::Const(0));
  std::vector<Sym> accesses = {store_flat};
  CollectAccesses(program, pw.value, &accesses);
  ExprContext ctx;
  ctx.program = &program;
  std::vector<LoopDim> dims = MergeDims("i", extents, accesses, &ctx.subst);
  if (dims.empty()) dims.push_back({"tc_unit", 1});
  const LoopDim inner = dims.back();
  ctx.inner = inner.var;
  const Sym store_at = ctx.subst.empty() ? store_flat : store_flat.Substitute(ctx.subst);

  const DType t = dst.dtype;
  const bool vector = (t == DType::kFloat32 || t == DType::kFloat64) &&
                      store_at.CoefficientOf(inner.var) == 1 && IsVectorizable(ctx, pw.value);
  const std::string type(ComputeType(t));
  if (vector) {
    result.vector_width = kVectorBytes / (t == DType::kFloat32 ? 4 : 8);
    absl::StrAppend(out, "  const hn::ScalableTag<", type, "> d;\n",
                    "  const int64_t tc_lanes = static_cast<int64_t>(hn::Lanes(d));\n");
  }
  const int64_t block = std::min(inner.extent, kBlockElements);
  const int64_t blocks = (inner.extent + block - 1) / block;
  int64_t tasks = blocks;
  for (size_t k = 0; k + 1 < dims.size(); ++k) tasks *= dims[k].extent;
  const int64_t grain = std::max<int64_t>(1, kParallelElements / block);
  result.parallel = tasks > grain;

  absl::StrAppend(out, "  auto tc_body = [&](int64_t tc_begin, int64_t tc_end) {\n",
                  "    int tc_zd = 0;\n",
                  "    for (int64_t tc_t = tc_begin; tc_t < tc_end; ++tc_t) {\n",
                  "      int64_t tc_q = tc_t;\n", "      const int64_t tc_jb = (tc_q % ", blocks,
                  ") * ", block, ";\n", "      tc_q /= ", blocks, ";\n");
  for (int k = static_cast<int>(dims.size()) - 2; k >= 0; --k) {
    absl::StrAppend(out, "      const int64_t ", dims[k].var, " = tc_q % ", dims[k].extent,
                    ";\n      tc_q /= ", dims[k].extent, ";\n");
  }
  absl::StrAppend(out, "      (void)tc_q;\n",
                  "      const int64_t tc_je = std::min<int64_t>(tc_jb + ", block, ", ",
                  inner.extent, ");\n", "      int64_t ", inner.var, " = tc_jb;\n");
  int counter = 0;
  const std::string offset = store_at.ToCpp();
  if (vector) {
    std::string body;
    ExprWriter w(ctx, "        ", &body, &counter);
    TC_ASSIGN_OR_RETURN(std::string v, w.Vector(pw.value));
    absl::StrAppend(out, "      for (; ", inner.var, " + tc_lanes <= tc_je; ", inner.var,
                    " += tc_lanes) {\n", body, "        hn::StoreU(", v, ", d, ",
                    BufferVar(node.buffer), " + (", offset, "));\n      }\n");
  }
  std::string body;
  ExprWriter w(ctx, "        ", &body, &counter);
  TC_ASSIGN_OR_RETURN(std::string v, w.Scalar(pw.value));
  absl::StrAppend(out, "      for (; ", inner.var, " < tc_je; ++", inner.var, ") {\n", body,
                  "        ", StoreStatement(program, node.buffer, offset, v), "\n      }\n");
  absl::StrAppend(out, "    }\n    if (tc_zd) tc_report_zero_division(tc_rt);\n  };\n",
                  "  tc_parallel(tc_rt, ", tasks, ", ", grain, ", tc_body);\n}\n");
  return result;
}

}  // namespace tc::codegen_cpu
