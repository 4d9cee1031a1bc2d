// EliminateCommonSubexpressions: a graph pass.
#ifndef TC_GRAPH_IR_PASSES_COMMON_SUBEXPRESSION_ELIMINATION_H_
#define TC_GRAPH_IR_PASSES_COMMON_SUBEXPRESSION_ELIMINATION_H_

#include "absl/status/status.h"

#include "tc/graph_ir/graph.h"

namespace tc::graph_ir {

// Reuses the outputs of an earlier node with the same op and the same
// arguments (values by identity, constants by value and kind: 1, 1.0 and True
// differ). Random ops are never merged: each draw differs. Runs in one pass
// in program order, so chains of duplicates collapse.
absl::Status EliminateCommonSubexpressions(Graph& graph);

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_PASSES_COMMON_SUBEXPRESSION_ELIMINATION_H_
