#include "extract.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

#include "tc/support/status.h"

#include "graph_copy.h"

namespace tc::partition::internal {
namespace {

using graph_ir::Graph;
using graph_ir::Value;

// Which items a graph whose inputs are `is_input` can compute: an input, or
// a node all of whose inputs it can compute and which `forbidden` allows.
template <typename Forbidden>
std::vector<bool> Available(const JointModel& m, const std::vector<bool>& is_input,
                            Forbidden forbidden) {
  std::vector<bool> available(m.items.size(), false);
  for (size_t i = 0; i < m.items.size(); ++i) {
    const Item& item = m.items[i];
    if (is_input[i]) {
      available[i] = true;
    } else if (item.is_call() && !forbidden(static_cast<int>(i))) {
      available[i] = std::all_of(item.inputs.begin(), item.inputs.end(),
                                 [&](int in) { return available[in]; });
    }
  }
  return available;
}

// The items computing `roots` needs, stopping at inputs; an item needed but
// not available is an internal error (the partitioner chose badly).
absl::StatusOr<std::vector<bool>> Needed(const JointModel& m, const std::vector<bool>& is_input,
                                         const std::vector<bool>& available,
                                         const std::vector<int>& roots, const char* which) {
  std::vector<bool> needed(m.items.size(), false);
  for (int r : roots) needed[r] = true;
  for (size_t i = m.items.size(); i-- > 0;) {
    if (!needed[i]) continue;
    if (!available[i]) {
      return absl::InternalError(absl::StrCat("partition: the ", which, " graph cannot compute %",
                                              m.items[i].value ? m.items[i].value->id() : -1));
    }
    if (is_input[i]) continue;
    for (int in : m.items[i].inputs) needed[in] = true;
  }
  return needed;
}

// The placeholder name of a saved value in the backward graph.
std::string SavedName(const Item& item) {
  if (item.kind == Item::Kind::kPrimal) return item.value->name();
  return absl::StrCat(item.node->op().name, "_", item.original->id());
}

// Copies the items of `order` (tuples bring their get-items along).
absl::Status CopyItems(const JointModel& m, const std::vector<int>& order, ValueMap& map,
                       Graph& graph) {
  for (int i : order) {
    const Item& item = m.items[i];
    if (item.kind == Item::Kind::kNode || item.kind == Item::Kind::kTuple) {
      TC_RETURN_IF_ERROR(CopyNode(*item.node, map, graph).status());
    }
  }
  return absl::OkStatus();
}

// The needed non-input items in joint order, or, with `reorder`, as
// autograd would run them: from the first node reading a tangent on, each
// node preceded by the not yet placed items it needs (in joint order).
std::vector<int> BackwardOrder(const JointModel& m, const std::vector<bool>& is_input,
                               const std::vector<bool>& needed, bool reorder) {
  std::vector<int> joint_order;
  for (size_t i = 0; i < m.items.size(); ++i) {
    if (needed[i] && !is_input[i]) joint_order.push_back(static_cast<int>(i));
  }
  auto reads_tangent = [&](int i) {
    const auto& ins = m.items[i].inputs;
    return std::any_of(ins.begin(), ins.end(),
                       [&](int in) { return m.items[in].kind == Item::Kind::kTangent; });
  };
  auto first = std::find_if(joint_order.begin(), joint_order.end(), reads_tangent);
  if (!reorder || first == joint_order.end()) return joint_order;
  std::vector<int> order;
  std::vector<bool> placed(m.items.size(), false);
  std::vector<int> stack;
  std::vector<int> group;
  auto place = [&](int root) {
    stack.assign(1, root);
    group.clear();
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      if (placed[i] || is_input[i]) continue;
      placed[i] = true;
      group.push_back(i);
      for (int in : m.items[i].inputs) stack.push_back(in);
    }
    std::sort(group.begin(), group.end());
    order.insert(order.end(), group.begin(), group.end());
  };
  for (auto it = first; it != joint_order.end(); ++it) place(*it);
  for (int out : m.bwd_outputs) place(out);
  return order;
}

absl::StatusOr<Graph> BuildForward(const JointModel& m, const std::vector<int>& saved) {
  std::vector<bool> is_input(m.items.size(), false);
  for (int p : m.primals) is_input[p] = true;
  const std::vector<bool> available =
      Available(m, is_input, [&](int i) { return m.tangent_closure[i]; });
  std::vector<int> roots = m.fwd_outputs;
  roots.insert(roots.end(), saved.begin(), saved.end());
  for (size_t i = 0; i < m.items.size(); ++i) {
    if (m.IsRandomItem(static_cast<int>(i)) && !m.tangent_closure[i]) {
      roots.push_back(static_cast<int>(i));
    }
  }
  TC_ASSIGN_OR_RETURN(std::vector<bool> needed, Needed(m, is_input, available, roots, "forward"));
  Graph forward;
  ValueMap map;
  for (int p : m.primals) {
    TC_ASSIGN_OR_RETURN(map[m.items[p].value],
                        forward.AddInput(m.items[p].value->name(), m.items[p].value->meta()));
  }
  std::vector<int> order;
  for (size_t i = 0; i < m.items.size(); ++i) {
    if (needed[i] && !is_input[i]) order.push_back(static_cast<int>(i));
  }
  TC_RETURN_IF_ERROR(CopyItems(m, order, map, forward));
  std::vector<Value*> outputs;
  for (int i : m.fwd_outputs) outputs.push_back(map.at(m.items[i].value));
  for (int i : saved) outputs.push_back(map.at(m.items[i].value));
  forward.SetOutputs(std::move(outputs));
  return forward;
}

}  // namespace

absl::StatusOr<Partition> ExtractGraphs(const JointModel& m, const std::vector<int>& saved,
                                        bool reorder_backward) {
  std::vector<bool> is_input(m.items.size(), false);
  for (int i : saved) is_input[i] = true;
  for (int t : m.tangents) is_input[t] = true;
  // A forward random op never runs again in the backward: its draw differs.
  const std::vector<bool> available =
      Available(m, is_input, [&](int i) { return m.IsRandomItem(i) && !m.tangent_closure[i]; });
  TC_ASSIGN_OR_RETURN(std::vector<bool> needed,
                      Needed(m, is_input, available, m.bwd_outputs, "backward"));
  Partition result;
  std::vector<int> kept;
  for (int i : saved) {
    if (needed[i]) kept.push_back(i);
  }
  TC_ASSIGN_OR_RETURN(result.forward, BuildForward(m, kept));
  ValueMap map;
  for (int i : kept) {
    const Item& item = m.items[i];
    TC_ASSIGN_OR_RETURN(map[item.value],
                        result.backward.AddInput(SavedName(item), item.value->meta()));
    result.saved.push_back(item.original);
  }
  for (int t : m.tangents) {
    const Value* v = m.items[t].value;
    TC_ASSIGN_OR_RETURN(map[v], result.backward.AddInput(v->name(), v->meta()));
  }
  TC_RETURN_IF_ERROR(
      CopyItems(m, BackwardOrder(m, is_input, needed, reorder_backward), map, result.backward));
  std::vector<Value*> outputs;
  for (int i : m.bwd_outputs) outputs.push_back(map.at(m.items[i].value));
  result.backward.SetOutputs(std::move(outputs));
  return result;
}

}  // namespace tc::partition::internal
