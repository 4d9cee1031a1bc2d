// TopologicalSort: a graph pass.
#ifndef TC_GRAPH_IR_PASSES_TOPOLOGICAL_SORT_H_
#define TC_GRAPH_IR_PASSES_TOPOLOGICAL_SORT_H_

#include "absl/status/status.h"

#include "tc/graph_ir/graph.h"

namespace tc::graph_ir {

// Orders nodes so every value is defined before its uses. Stable: among
// ready nodes the earliest in the current order goes first, so a sorted
// graph is unchanged. A cycle is InvalidArgument naming a node on it.
absl::Status TopologicalSort(Graph& graph);

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_PASSES_TOPOLOGICAL_SORT_H_
