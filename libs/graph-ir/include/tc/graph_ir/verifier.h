// Verify: checks a graph's structural invariants and metadata.
#ifndef TC_GRAPH_IR_VERIFIER_H_
#define TC_GRAPH_IR_VERIFIER_H_

#include "absl/status/status.h"

#include "tc/graph_ir/graph.h"

namespace tc::graph_ir {

// OK when every used value belongs to this graph and is defined before its
// use, placeholder names are unique identifiers, every node's arguments
// match its op's schema, every stored output meta equals the re-inferred
// one, and every graph output is defined. Otherwise InvalidArgument naming
// the first offending node ("node 3 (add): ...").
absl::Status Verify(const Graph& graph);

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_VERIFIER_H_
