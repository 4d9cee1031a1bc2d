// The partitioners: split a joint forward+backward graph into a forward
// graph and a backward graph, choosing which forward values the forward
// saves for the backward (AOTAutograd's default_partition and
// min_cut_rematerialization_partition, as PyTorch 2.15 has them).
//
// A joint graph (JointGraph below) is what AOTAutograd traces: its inputs
// are the primals `primals_1..n` then the tangents `tangents_1..m` (the
// gradients flowing into the forward outputs), its outputs the forward
// outputs then one gradient per primal that has one. The forward nodes come
// first in program order, then the backward's, as a trace records them.
//
// Both partitioners return a forward graph (inputs: every primal; outputs:
// the forward outputs, then the saved values) and a backward graph (inputs:
// the saved values, then every tangent; outputs: the gradients). A saved
// value the backward does not read is dropped; saved values are in joint
// order (primals first). Running the forward, then the backward on the
// saved values and tangents, computes exactly what the joint graph does.
#ifndef TC_PARTITION_PARTITION_H_
#define TC_PARTITION_PARTITION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"

namespace tc::partition {

struct JointGraph {
  const graph_ir::Graph* graph = nullptr;
  // How many of graph->outputs() are forward outputs; the rest are gradients.
  int num_fwd_outputs = 0;
  // For each gradient output (in order), the index of its primal (0-based):
  // strictly increasing, so a primal without a gradient (one that does not
  // require grad, as `y` in mse_loss(x @ w, y)) is simply absent. Its size
  // must equal the number of gradient outputs.
  std::vector<int> grad_primals;
};

// A JointGraph whose every primal has a gradient, in order.
JointGraph AllPrimalsHaveGrads(const graph_ir::Graph& graph, int num_fwd_outputs);

struct Partition {
  graph_ir::Graph forward;
  graph_ir::Graph backward;
  // The joint graph's values the forward saves for the backward, in joint
  // order: forward.outputs() ends with them, backward.inputs() starts with
  // them (primals keep their names; other saved values are named
  // `<op>_<joint value id>`).
  std::vector<const graph_ir::Value*> saved;

  // Bytes of the saved values (numel x item size; views count whole).
  int64_t SavedBytes() const;
};

// Checks that `joint` is a joint graph as described above: placeholders
// named primals_1..n then tangents_1..m, num_fwd_outputs and grad_primals
// consistent with the outputs, no forward output computed from a tangent,
// no gradient without a tangent input, and graph_ir::Verify passing.
absl::Status CheckJointGraph(const JointGraph& joint);

// Saves what the backward reads, as eager autograd does: the forward is
// every node before (and including) the last one the forward outputs need,
// except those computed from a tangent, plus every random op not computed
// from a tangent; each such node with a backward user is saved.
absl::StatusOr<Partition> DefaultPartition(const JointGraph& joint);

struct MinCutOptions {
  // torch._functorch.config.activation_memory_budget: 1 saves what the
  // runtime-optimal cut saves; 0 saves only the primals (full activation
  // checkpointing); in between, the cheapest recomputation whose saved
  // bytes fit the budget (PyTorch's knapsack over banned nodes, with FLOPs
  // as the runtime estimate). Must lie in [0, 1]. Unlike PyTorch, which
  // replays the generator, tc never recomputes a random op: its outputs
  // are saved whatever the budget.
  double activation_memory_budget = 1.0;
  // The primals that are parameters or buffers (static lifetime): saving
  // them costs nothing (treat_parameters_as_free_to_save).
  std::vector<int> static_lifetime_primals;
};

// Why a value is banned from recomputation, as PyTorch's partitioner says.
struct NodeDecision {
  const graph_ir::Value* value = nullptr;  // a joint-graph value
  // Capacity of the value's node edge in the flow network; -1 when
  // infinite or when the value has none (it must be computed in backward).
  int64_t capacity = -1;
  // PyTorch's dist_from_bw: 0 off the forward, else 1 + the least of the
  // users' (a forward output counts as a user at 10^9).
  int64_t dist_from_bw = 0;
  // Empty when not banned; else "primal input", "not in recomputable
  // allowlist", "materialized in backward", "reduction op", "random op",
  // "used far apart" or "long fusible chain".
  std::string ban_reason;
};

// What the last min-cut computed, for tests and debugging.
struct MinCutReport {
  int64_t cut_value = 0;
  std::vector<NodeDecision> nodes;  // every joint value on the network, joint order
  // Which solve gave the result under a budget: "runtime-optimized",
  // "inputs only", "more aggressive", "aggressive" or "knapsack".
  std::string chosen;
};

// Saves the values that minimize the bytes written for the backward,
// recomputing cheap (fusible) forward ops in the backward: a minimum cut
// of a flow network over the joint graph (Boost.Graph's Boykov-Kolmogorov
// max-flow), with PyTorch's capacities, bans and tie rule (the cut nearest
// the sink). The backward's recomputed ops run just before their first
// use. Falls back to DefaultPartition when no node needs the backward.
absl::StatusOr<Partition> MinCutRematerializationPartition(const JointGraph& joint,
                                                           const MinCutOptions& options = {},
                                                           MinCutReport* report = nullptr);

}  // namespace tc::partition

#endif  // TC_PARTITION_PARTITION_H_
