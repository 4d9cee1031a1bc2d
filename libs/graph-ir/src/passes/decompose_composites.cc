// DecomposeComposites: the graph rebuilt with composite ops replaced by
// their decompositions, for backends that work on core ops (inductor).
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"

#include "tc/graph_ir/decompose.h"
#include "tc/graph_ir/map_args.h"
#include "tc/graph_ir/passes.h"
#include "tc/support/status.h"

namespace tc::graph_ir {

absl::StatusOr<Graph> DecomposeComposites(const Graph& graph,
                                          const std::function<bool(const Node&)>& keep) {
  Graph out;
  absl::flat_hash_map<const Value*, Value*> map;
  for (const Value* in : graph.inputs()) {
    TC_ASSIGN_OR_RETURN(Value * v, out.AddInput(in->name(), in->meta()));
    map[in] = v;
  }
  for (const auto& node : graph.nodes()) {
    std::vector<Arg> args;
    MapArgs(node->args(), args, [&](Value* v) { return map.at(v); });
    std::vector<Value*> results;
    if (node->op().category == OpCategory::kComposite && !(keep && keep(*node))) {
      TC_ASSIGN_OR_RETURN(results, DecomposeInto(out, node->op(), std::move(args)));
    } else {
      TC_ASSIGN_OR_RETURN(Node * n, out.AddNode(node->op().name, std::move(args)));
      results.assign(n->outputs().begin(), n->outputs().end());
    }
    for (size_t i = 0; i < node->outputs().size(); ++i) map[node->outputs()[i]] = results[i];
  }
  std::vector<Value*> outputs;
  for (const Value* v : graph.outputs()) outputs.push_back(map.at(v));
  out.SetOutputs(std::move(outputs));
  return out;
}

}  // namespace tc::graph_ir
