// GEMM epilogues: planning their row panels and the dispatch that ends
// their generated function (see emit_epilogue.h).
#include "src/emit_epilogue.h"

#include <numeric>

#include "absl/strings/str_cat.h"

#include "src/emit_loops.h"

namespace tc::codegen_cpu {

Kernel EpilogueMembers(const Kernel& kernel) {
  Kernel members{kernel.name, kernel.outer, {}};
  if (kernel.nodes.size() > 1) members.nodes.assign(kernel.nodes.begin() + 1, kernel.nodes.end());
  return members;
}

std::optional<EpiloguePlan> PlanEpilogue(const Program& program, const Kernel& members) {
  absl::StatusOr<std::vector<int64_t>> extents = ConstExtents(members.outer, members.name);
  if (!extents.ok() || members.nodes.empty()) return std::nullopt;
  int64_t numel = 1;
  for (int64_t e : *extents) numel *= e;
  if (numel == 0) return std::nullopt;
  std::vector<Sym> accesses;
  for (int n : members.nodes) {
    if (n < 0 || n >= static_cast<int>(program.nodes.size())) return std::nullopt;
    const Node& node = program.nodes[n];
    const auto* pw = std::get_if<Pointwise>(&node.body);
    if (pw == nullptr || !node.written || !(pw->ranges == members.outer) ||
        !CheckNode(program, node).ok()) {
      return std::nullopt;
    }
    accesses.push_back(Linear(pw->store, program.buffers[node.buffer].strides, Sym::Const(0)));
    CollectAccesses(program, pw->value, &accesses);
  }
  absl::flat_hash_map<std::string, Sym> subst;
  const std::vector<LoopDim> dims = MergeDims("i", *extents, accesses, &subst);
  const int64_t inner = dims.empty() ? 1 : dims.back().extent;
  EpiloguePlan plan;
  plan.row_elements = extents->empty() ? 1 : extents->back();
  plan.rows = numel / plan.row_elements;
  // Candidate blocks: multiples of lcm(lanes, row) (panels of whole rows
  // then start on block boundaries), the whole innermost loop, and the
  // unfused kernel's block; the one needing the fewest rows per panel (a
  // panel plan the GEMM's threads may not match otherwise), then the
  // largest (fewer tasks).
  constexpr int64_t kLanes = kVectorBytes / 4;
  auto consider = [&](int64_t b) {
    if (b <= 0 || inner % b != 0) return;
    const int64_t align = b / std::gcd(b, plan.row_elements);
    if (plan.block == 0 || align < plan.align_rows ||
        (align == plan.align_rows && b > plan.block)) {
      plan.block = b;
      plan.align_rows = align;
    }
  };
  const int64_t unit = std::lcm(kLanes, plan.row_elements);
  for (int64_t b = unit; b <= kBlockElements; b += unit) consider(b);
  if (inner <= kBlockElements) consider(inner);
  consider(kBlockElements);
  if (plan.block == 0) return std::nullopt;
  plan.tasks = numel / plan.block;
  return plan;
}

absl::StatusOr<EmittedKernel> EmitEpilogueDispatch(const EpiloguePlan& plan, int64_t grain,
                                                   EmittedKernel result, std::string* out) {
  absl::StrAppend(out, "  const int64_t tc_tb = tc_row_begin * ", plan.row_elements, " / ",
                  plan.block, ";\n", "  const int64_t tc_te = tc_row_end >= ", plan.rows, " ? ",
                  plan.tasks, " : tc_row_end * ", plan.row_elements, " / ", plan.block, ";\n",
                  "  auto tc_rows = [&](int64_t tc_b, int64_t tc_e) { tc_body(tc_tb + tc_b, "
                  "tc_tb + tc_e); };\n",
                  "  tc_parallel(tc_rt, tc_te - tc_tb, ", grain, ", tc_rows);\n}\n");
  result.parallel = result.parallel || plan.tasks > grain;
  return result;
}

}  // namespace tc::codegen_cpu
