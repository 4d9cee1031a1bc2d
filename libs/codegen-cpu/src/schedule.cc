// Schedule: inlining, dead-node removal, then grouping into kernels; and
// the removal pass itself (dropping nodes renumbers nodes and buffers).
#include "tc/codegen_cpu/schedule.h"

#include <algorithm>
#include <utility>

#include "schedule_internal.h"

namespace tc::codegen_cpu {

namespace internal {
namespace {

// Which nodes must stay: graph outputs, Externs, and (transitively) the
// writers of every buffer a kept node reads.
std::vector<bool> LiveNodes(const Program& p) {
  std::vector<int> writer(p.buffers.size(), -1);
  for (size_t i = 0; i < p.nodes.size(); ++i) writer[p.nodes[i].buffer] = static_cast<int>(i);
  std::vector<bool> needed(p.buffers.size(), false);
  for (int b : p.graph_outputs) needed[b] = true;
  for (const Buffer& b : p.buffers) {
    if (b.role == Buffer::Role::kOutput) needed[&b - p.buffers.data()] = true;
    if (b.role == Buffer::Role::kAlias) needed[b.alias_of] = true;
  }
  std::vector<bool> live(p.nodes.size(), false);
  for (size_t i = p.nodes.size(); i-- > 0;) {
    const Node& node = p.nodes[i];
    live[i] = std::holds_alternative<Extern>(node.body) || needed[node.buffer];
    if (!live[i]) continue;
    for (int b : NodeReads(node)) needed[b] = true;
  }
  return live;
}

// Loads and Extern arguments renamed through `map` (old buffer -> new).
void RenumberBuffers(Node& node, const std::vector<int>& map) {
  node.buffer = map[node.buffer];
  if (ExprPtr* value = MutableNodeValue(node)) {
    *value = RewriteLoads(*value, [&](const Load& l, const ExprPtr& e) {
      return MakeLoad(map[l.buffer], l.index, e->dtype);
    });
    return;
  }
  auto& x = std::get<Extern>(node.body);
  for (int& b : x.outputs) b = map[b];
  for (Extern::Arg& a : x.args) {
    if (int* b = std::get_if<int>(&a)) *b = map[*b];
    if (auto* list = std::get_if<std::vector<int>>(&a)) {
      for (int& b : *list) b = map[b];
    }
  }
}

}  // namespace

void DropDeadNodes(Program& program) {
  std::vector<bool> live = LiveNodes(program);
  std::vector<Node> nodes;
  for (size_t i = 0; i < program.nodes.size(); ++i) {
    if (live[i]) nodes.push_back(std::move(program.nodes[i]));
  }
  program.nodes = std::move(nodes);
  // Intermediates no remaining node writes or reads are gone.
  std::vector<bool> used(program.buffers.size(), false);
  for (const Node& node : program.nodes) {
    used[node.buffer] = true;
    for (int b : NodeReads(node)) used[b] = true;
    if (const auto* x = std::get_if<Extern>(&node.body)) {
      for (int b : x->outputs) used[b] = true;
    }
  }
  std::vector<int> map(program.buffers.size(), -1);
  std::vector<Buffer> buffers;
  for (size_t b = 0; b < program.buffers.size(); ++b) {
    if (program.buffers[b].role == Buffer::Role::kIntermediate && !used[b]) continue;
    map[b] = static_cast<int>(buffers.size());
    buffers.push_back(std::move(program.buffers[b]));
  }
  for (Buffer& b : buffers) {
    if (b.role == Buffer::Role::kAlias) b.alias_of = map[b.alias_of];
  }
  program.buffers = std::move(buffers);
  for (int& b : program.graph_outputs) b = map[b];
  for (Node& node : program.nodes) RenumberBuffers(node, map);
}

}  // namespace internal

void Schedule(Program& program, const ScheduleOptions& options) {
  // A fused program's ReductionResults only mean something inside their
  // kernels, so its schedule is kept as it is.
  if (internal::AlreadyFused(program)) return;
  if (!options.fuse || !internal::WellFormed(program)) {
    ScheduleUnfused(program);
    return;
  }
  internal::InlinePointwise(program);
  internal::DropDeadNodes(program);
  internal::GroupKernels(program, static_cast<size_t>(std::max(1, options.max_fusion_size)));
  internal::FuseEpilogues(program);
}

}  // namespace tc::codegen_cpu
