// Copying nodes from one graph into another, reading each argument
// through a map from the source graph's values to the target's.
#ifndef TC_PARTITION_SRC_GRAPH_COPY_H_
#define TC_PARTITION_SRC_GRAPH_COPY_H_

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"

namespace tc::partition::internal {

using ValueMap = absl::flat_hash_map<const graph_ir::Value*, graph_ir::Value*>;

// Appends to `graph` the op of `node` applied to its arguments mapped
// through `map`, and maps the node's outputs to the copy's (an output
// already mapped, say to a placeholder, keeps that). An argument missing
// from `map` is an internal error (the caller picked the nodes).
absl::StatusOr<graph_ir::Node*> CopyNode(const graph_ir::Node& node, ValueMap& map,
                                         graph_ir::Graph& graph);

}  // namespace tc::partition::internal

#endif  // TC_PARTITION_SRC_GRAPH_COPY_H_
