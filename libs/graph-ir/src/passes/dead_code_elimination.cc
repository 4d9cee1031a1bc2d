#include <vector>

#include "tc/graph_ir/passes.h"

namespace tc::graph_ir {

absl::Status EliminateDeadCode(Graph& graph) {
  std::vector<bool> live(graph.num_values(), false);
  for (const Value* v : graph.outputs()) {
    if (graph.Owns(v)) live[v->id()] = true;
  }
  std::vector<Node*> dead;
  const auto& nodes = graph.nodes();
  // Reverse program order: a node's users come after it.
  for (size_t i = nodes.size(); i-- > 0;) {
    Node* node = nodes[i].get();
    // A random op advances the generator: removing it would change every
    // later draw, so it stays even when unused.
    bool used = node->op().category == OpCategory::kRandom;
    for (const Value* v : node->outputs()) used = used || live[v->id()];
    if (!used) {
      dead.push_back(node);
      continue;
    }
    for (const Value* in : node->Inputs()) {
      if (graph.Owns(in)) live[in->id()] = true;
    }
  }
  graph.EraseNodes(dead);
  return absl::OkStatus();
}

}  // namespace tc::graph_ir
