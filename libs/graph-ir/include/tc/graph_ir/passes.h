// The graph passes. One header for all three: each is a single
// Status-returning function over a Graph, and callers run them together.
#ifndef TC_GRAPH_IR_PASSES_H_
#define TC_GRAPH_IR_PASSES_H_

#include <functional>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"

namespace tc::graph_ir {

// What a caller may add to common-subexpression elimination.
struct CseOptions {
  // Nodes merge only when `group` gives both the same number (the min-cut
  // partitioner keeps a forward-only value apart from one the backward
  // needs); null: one group.
  std::function<int(const Node&)> group;
  // Nodes for which `exclude` holds are neither merged nor merged into.
  std::function<bool(const Node&)> exclude;
};

// Reuses the outputs of an earlier node with the same op and the same
// arguments (values by identity, constants by value and kind: 1, 1.0 and True
// differ). Random ops are never merged: each draw differs. Runs in one pass
// in program order, so chains of duplicates collapse.
absl::Status EliminateCommonSubexpressions(Graph& graph, const CseOptions& options = {});

// Removes nodes none of whose outputs reach a graph output. Every core op is
// pure except the random ops, which are kept even when unused: each draw
// advances the generator, and removing one would change every later draw,
// so a compiled graph would no longer draw what the eager code draws.
absl::Status EliminateDeadCode(Graph& graph);

// Orders nodes so every value is defined before its uses. Stable: among
// ready nodes the earliest in the current order goes first, so a sorted
// graph is unchanged. A cycle is InvalidArgument naming a node on it.
absl::Status TopologicalSort(Graph& graph);

// A new graph computing the same outputs with every composite node
// replaced by its decomposition (core ops only, decompose.h), inputs and
// outputs in the same order and with the same metadata; nodes for which
// `keep` holds stay as they are (a backend's own lowering of an op).
absl::StatusOr<Graph> DecomposeComposites(const Graph& graph,
                                          const std::function<bool(const Node&)>& keep = nullptr);

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_PASSES_H_
