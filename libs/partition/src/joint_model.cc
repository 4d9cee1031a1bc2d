#include "joint_model.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"

#include "tc/graph_ir/passes.h"
#include "tc/partition/op_types.h"
#include "tc/support/status.h"
#include "tc/tensor/dtype.h"

#include "graph_copy.h"

namespace tc::partition::internal {
namespace {

using graph_ir::Graph;
using graph_ir::Node;
using graph_ir::Value;

int64_t SizeBytes(const Value& v) {
  return v.meta().numel() * static_cast<int64_t>(tensor::ItemSize(v.meta().dtype));
}

// The joint graph copied value for value; `original` maps each copy back.
absl::StatusOr<Graph> CopyJoint(const Graph& joint,
                                absl::flat_hash_map<const Value*, const Value*>& original) {
  Graph work;
  ValueMap map;
  for (Value* in : joint.inputs()) {
    TC_ASSIGN_OR_RETURN(Value * copy, work.AddInput(in->name(), in->meta()));
    map[in] = copy;
  }
  for (const auto& node : joint.nodes()) {
    TC_RETURN_IF_ERROR(CopyNode(*node, map, work).status());
  }
  std::vector<Value*> outputs;
  for (Value* out : joint.outputs()) outputs.push_back(map.at(out));
  work.SetOutputs(std::move(outputs));
  for (const auto& [from, to] : map) original[to] = from;
  return work;
}

// PyTorch's CSE before min-cut: a node the gradients depend on never
// merges with one they do not (the merged value would become an extra
// saved output), and nodes sharing storage with a graph output stay apart.
absl::Status MergeCommonSubexpressions(Graph& work, int num_fwd_outputs) {
  absl::flat_hash_set<const Value*> needed;
  auto outputs = work.outputs();
  for (size_t i = num_fwd_outputs; i < outputs.size(); ++i) needed.insert(outputs[i]);
  absl::flat_hash_set<const Node*> backward_dependency;
  const auto& nodes = work.nodes();
  for (size_t i = nodes.size(); i-- > 0;) {
    const Node& node = *nodes[i];
    bool dep = false;
    for (const Value* v : node.outputs()) dep = dep || needed.contains(v);
    if (!dep) continue;
    backward_dependency.insert(&node);
    for (const Value* in : node.Inputs()) needed.insert(in);
  }
  // Storage groups: a view shares its base's storage (reshape counted too,
  // though it may copy: merging less is always safe).
  std::vector<int> group(work.num_values());
  std::iota(group.begin(), group.end(), 0);
  for (const auto& node : nodes) {
    if (node->op().category != graph_ir::OpCategory::kView) continue;
    group[node->output()->id()] = group[node->Inputs()[0]->id()];
  }
  absl::flat_hash_set<int> output_groups;
  for (const Value* out : outputs) output_groups.insert(group[out->id()]);
  graph_ir::CseOptions options;
  options.group = [&](const Node& n) { return backward_dependency.contains(&n) ? 1 : 0; };
  options.exclude = [&](const Node& n) {
    for (const Value* v : n.outputs()) {
      if (output_groups.contains(group[v->id()])) return true;
    }
    return false;
  };
  return graph_ir::EliminateCommonSubexpressions(work, options);
}

// The categories of a node's op (a get-item is recomputable, as PyTorch's
// operator.getitem; inputs have none).
uint8_t OpTypesOf(const graph_ir::OpDef& op) {
  return (IsRecomputable(op) ? kRecomputable : 0) | (IsView(op) ? kView : 0) |
         (IsRandom(op) ? kRandom : 0) | (IsComputeIntensive(op) ? kComputeIntensive : 0) |
         (op.name == "cat" ? kCat : 0);
}

void AddItem(JointModel& m, Item item) {
  if (item.value != nullptr) m.item_of[item.value] = static_cast<int>(m.items.size());
  m.items.push_back(std::move(item));
}

// One item per input and single-output node; a tuple and its get-items per
// multi-output node.
void BuildItems(JointModel& m, const absl::flat_hash_map<const Value*, const Value*>& original) {
  for (const Value* in : m.graph.inputs()) {
    const bool tangent = absl::StartsWith(in->name(), "tangents_");
    (tangent ? m.tangents : m.primals).push_back(static_cast<int>(m.items.size()));
    Item item;
    item.kind = tangent ? Item::Kind::kTangent : Item::Kind::kPrimal;
    item.value = in;
    item.original = original.at(in);
    item.size_bytes = SizeBytes(*in);
    AddItem(m, std::move(item));
  }
  for (const auto& owned : m.graph.nodes()) {
    const Node* node = owned.get();
    Item call;
    call.node = node;
    call.op_types = OpTypesOf(node->op());
    for (const Value* in : node->Inputs()) {
      const int i = m.item_of.at(in);
      if (std::find(call.inputs.begin(), call.inputs.end(), i) == call.inputs.end()) {
        call.inputs.push_back(i);
      }
    }
    for (const graph_ir::Arg& arg : node->args()) {
      if (const auto* v = std::get_if<Value*>(&arg)) call.args.push_back(m.item_of.at(*v));
    }
    if (node->outputs().size() == 1) {
      call.value = node->output();
      call.original = original.at(call.value);
      call.size_bytes = SizeBytes(*call.value);
      AddItem(m, std::move(call));
      continue;
    }
    call.kind = Item::Kind::kTuple;
    for (const Value* v : node->outputs()) call.size_bytes += SizeBytes(*v);
    const int tuple = static_cast<int>(m.items.size());
    AddItem(m, std::move(call));
    for (const Value* v : node->outputs()) {
      Item get;
      get.kind = Item::Kind::kGetItem;
      get.node = node;
      get.value = v;
      get.original = original.at(v);
      get.inputs = {tuple};
      get.args = {tuple};
      get.size_bytes = SizeBytes(*v);
      get.op_types = kRecomputable;
      AddItem(m, std::move(get));
    }
  }
  for (size_t i = 0; i < m.items.size(); ++i) {
    for (int in : m.items[i].inputs) m.items[in].users.push_back(static_cast<int>(i));
  }
}

void Classify(JointModel& m, int num_fwd_outputs) {
  const size_t n = m.items.size();
  auto outputs = m.graph.outputs();
  for (size_t i = 0; i < outputs.size(); ++i) {
    const int item = m.item_of.at(outputs[i]);
    m.items[item].output_user = true;
    (static_cast<int>(i) < num_fwd_outputs ? m.fwd_outputs : m.bwd_outputs).push_back(item);
  }
  m.tangent_closure.assign(n, false);
  for (size_t i = 0; i < n; ++i) {
    bool in_closure = m.items[i].kind == Item::Kind::kTangent;
    for (int in : m.items[i].inputs) in_closure = in_closure || m.tangent_closure[in];
    m.tangent_closure[i] = in_closure;
  }
  m.required_bw = m.tangent_closure;
  for (int i : m.bwd_outputs) m.required_bw[i] = true;
  m.required_fw.assign(n, false);
  for (int i : m.primals) m.required_fw[i] = true;
  for (int i : m.fwd_outputs) m.required_fw[i] = true;
  for (size_t i = n; i-- > 0;) {
    if (!m.required_fw[i]) continue;
    for (int in : m.items[i].inputs) m.required_fw[in] = true;
  }
  m.fw_order.assign(n, -1);
  int order = 0;
  for (size_t i = 0; i < n; ++i) {
    if (m.required_fw[i]) m.fw_order[i] = order++;
  }
}

}  // namespace

absl::StatusOr<JointModel> BuildJointModel(const JointGraph& joint, bool cse) {
  JointModel m;
  absl::flat_hash_map<const Value*, const Value*> original;
  TC_ASSIGN_OR_RETURN(m.graph, CopyJoint(*joint.graph, original));
  TC_RETURN_IF_ERROR(graph_ir::EliminateDeadCode(m.graph));
  if (cse) TC_RETURN_IF_ERROR(MergeCommonSubexpressions(m.graph, joint.num_fwd_outputs));
  BuildItems(m, original);
  Classify(m, joint.num_fwd_outputs);
  return m;
}

}  // namespace tc::partition::internal
