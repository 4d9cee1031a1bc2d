// The graph text format: a printer and a parser that round-trip.
//
//   graph(%a: float32[10], %b: float32[3, 2]{1, 3}) {
//     %0: float32[10] = add(%a, 1, alpha=1)
//     return (%0)
//   }
//
// See libs/graph-ir/TEXT_FORMAT.md for the full grammar.
#ifndef TC_GRAPH_IR_TEXT_FORMAT_H_
#define TC_GRAPH_IR_TEXT_FORMAT_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"

namespace tc::graph_ir {

// Prints every argument (defaults included). Node outputs are numbered %0,
// %1, ... in program order; placeholders keep their names.
std::string PrintGraph(const Graph& graph);

// Parses the text format, re-inferring every node's metadata and rejecting
// declared types that differ. Errors are InvalidArgument "line:column:
// message" with 1-based positions.
absl::StatusOr<Graph> ParseGraph(std::string_view text);

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_TEXT_FORMAT_H_
