#include <functional>
#include <queue>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_format.h"

#include "tc/graph_ir/passes.h"

namespace tc::graph_ir {

absl::Status TopologicalSort(Graph& graph) {
  const auto& nodes = graph.nodes();
  size_t n = nodes.size();
  absl::flat_hash_map<const Node*, size_t> index;
  for (size_t i = 0; i < n; ++i) index.emplace(nodes[i].get(), i);
  // Kahn's algorithm with a min-heap on the current position (stability).
  std::vector<int> pending(n, 0);
  std::vector<std::vector<size_t>> users(n);
  for (size_t i = 0; i < n; ++i) {
    for (const Value* in : nodes[i]->Inputs()) {
      const Node* producer = in ? in->producer() : nullptr;
      auto it = producer ? index.find(producer) : index.end();
      if (it == index.end()) continue;  // a placeholder or an outside value
      ++pending[i];
      users[it->second].push_back(i);
    }
  }
  std::priority_queue<size_t, std::vector<size_t>, std::greater<>> ready;
  for (size_t i = 0; i < n; ++i) {
    if (pending[i] == 0) ready.push(i);
  }
  std::vector<Node*> order;
  order.reserve(n);
  while (!ready.empty()) {
    size_t i = ready.top();
    ready.pop();
    order.push_back(nodes[i].get());
    for (size_t u : users[i]) {
      if (--pending[u] == 0) ready.push(u);
    }
  }
  if (order.size() != n) {
    for (size_t i = 0; i < n; ++i) {
      if (pending[i] > 0) {
        return absl::InvalidArgumentError(
            absl::StrFormat("graph has a cycle through node %d (%s)", i, nodes[i]->op().name));
      }
    }
  }
  graph.SetNodeOrder(std::move(order));
  return absl::OkStatus();
}

}  // namespace tc::graph_ir
