// EliminateDeadCode: a graph pass.
#ifndef TC_GRAPH_IR_PASSES_DEAD_CODE_ELIMINATION_H_
#define TC_GRAPH_IR_PASSES_DEAD_CODE_ELIMINATION_H_

#include "absl/status/status.h"

#include "tc/graph_ir/graph.h"

namespace tc::graph_ir {

// Removes nodes none of whose outputs reach a graph output. Every core op is
// pure, and random ops (rand, randn) count as removable when unused, as in
// Inductor: an unused draw is not observable. (The Philox offset a removed
// draw would have consumed is not reserved, so later draws may differ from an
// unoptimized run; eager/compiled parity is defined on optimized graphs.)
absl::Status EliminateDeadCode(Graph& graph);

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_PASSES_DEAD_CODE_ELIMINATION_H_
