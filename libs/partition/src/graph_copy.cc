#include "graph_copy.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/graph_ir/map_args.h"
#include "tc/support/status.h"

namespace tc::partition::internal {

absl::StatusOr<graph_ir::Node*> CopyNode(const graph_ir::Node& node, ValueMap& map,
                                         graph_ir::Graph& graph) {
  std::vector<graph_ir::Arg> args;
  const graph_ir::Value* missing = nullptr;
  graph_ir::MapArgs(node.args(), args, [&](graph_ir::Value* v) -> graph_ir::Value* {
    auto it = map.find(v);
    if (it != map.end()) return it->second;
    missing = v;
    return nullptr;
  });
  if (missing != nullptr) {
    return absl::InternalError(absl::StrCat("partition: ", node.op().name,
                                            " reads a value its graph does not have (%",
                                            missing->id(), ")"));
  }
  TC_ASSIGN_OR_RETURN(graph_ir::Node * copy, graph.AddNode(node.op().name, std::move(args)));
  for (size_t k = 0; k < node.outputs().size(); ++k) {
    map.try_emplace(node.outputs()[k], copy->outputs()[k]);
  }
  return copy;
}

}  // namespace tc::partition::internal
