#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"

#include "tc/graph_ir/passes.h"

namespace tc::graph_ir {
namespace {

// A key equal for nodes computing the same thing: the op, then each
// argument (a value by id, constants by their exact text, which keeps the
// kind: 1, 1.0 and True print differently).
std::string NodeKey(const Node& node, const absl::flat_hash_map<const Value*, Value*>& replaced) {
  auto id = [&replaced](const Value* v) {
    auto it = replaced.find(v);
    return (it == replaced.end() ? v : it->second)->id();
  };
  std::string key = node.op().name;
  for (const Arg& arg : node.args()) {
    if (const auto* v = std::get_if<Value*>(&arg)) {
      absl::StrAppend(&key, "|v", id(*v));
    } else if (const auto* l = std::get_if<std::vector<Value*>>(&arg)) {
      absl::StrAppend(&key, "|[");
      for (const Value* e : *l) absl::StrAppend(&key, id(e), ",");
      absl::StrAppend(&key, "]");
    } else {
      absl::StrAppend(&key, "|c", ConstantToString(std::get<Constant>(arg)));
    }
  }
  return key;
}

}  // namespace

absl::Status EliminateCommonSubexpressions(Graph& graph, const CseOptions& options) {
  absl::flat_hash_map<std::string, Node*> seen;
  absl::flat_hash_map<const Value*, Value*> replaced;
  std::vector<Node*> dead;
  for (const auto& owned : graph.nodes()) {
    Node* node = owned.get();
    if (node->op().category == OpCategory::kRandom) continue;
    if (options.exclude && options.exclude(*node)) continue;
    std::string key = NodeKey(*node, replaced);
    if (options.group) absl::StrAppend(&key, "|g", options.group(*node));
    auto [it, inserted] = seen.emplace(std::move(key), node);
    if (inserted) continue;
    Node* first = it->second;
    for (size_t i = 0; i < node->outputs().size(); ++i) {
      replaced.emplace(node->output(static_cast<int>(i)), first->output(static_cast<int>(i)));
    }
    dead.push_back(node);
  }
  graph.ReplaceAllUses(replaced);
  graph.EraseNodes(dead);
  return absl::OkStatus();
}

}  // namespace tc::graph_ir
