#include "tc/autodiff/graph_run.h"

#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/engine.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/node.h"
#include "tc/autodiff/record.h"
#include "tc/graph_ir/map_args.h"
#include "tc/support/status.h"

#include "src/recompute.h"
#include "src/saved_errors.h"

namespace tc::autodiff {
namespace {

using tensor::Tensor;

class CompiledFunctionNode final : public Node {
 public:
  CompiledFunctionNode(GradGraph graph, std::span<const Tensor> inputs,
                       std::vector<uint32_t> outputs)
      : graph_(std::move(graph)), outputs_(std::move(outputs)) {
    for (const Tensor& t : inputs) {
      AddNextEdge(GradientEdge(t), InputInfo{t.sizes(), t.dtype()});
      requires_grad_.push_back(RequiresGrad(t));
      versions_.push_back(t.storage() != nullptr ? t.storage()->version() : 0);
      inputs_.push_back(t);  // with its history: a differentiable recompute reaches it
    }
    set_num_inputs(static_cast<uint32_t>(outputs_.size()));
  }
  std::string name() const override { return "CompiledFunctionBackward"; }
  void ReleaseSaved() override {
    inputs_.clear();
    released_ = true;
  }
  absl::StatusOr<GradList> Apply(GradList grads) override;

 private:
  GradGraph graph_;
  std::vector<uint32_t> outputs_;  // graph output index of each of this node's outputs
  std::vector<Tensor> inputs_;
  std::vector<bool> requires_grad_;
  std::vector<uint64_t> versions_;
  bool released_ = false;
};

absl::StatusOr<GradList> CompiledFunctionNode::Apply(GradList grads) {
  if (released_) return internal::ReleasedError();
  for (size_t i = 0; i < inputs_.size(); ++i) {
    TC_RETURN_IF_ERROR(internal::CheckVersion(inputs_[i], versions_[i]));
  }
  return internal::RecomputeGrads(graph_, inputs_, requires_grad_, outputs_, grads);
}

}  // namespace

namespace internal {

namespace {
// t.clone() on the tape (CloneBackward0).
absl::StatusOr<Tensor> RecordedCopy(const Tensor& t) {
  auto g = std::make_shared<graph_ir::Graph>();
  graph_ir::TensorMeta meta;
  meta.dtype = t.dtype();
  meta.sizes = tensor::Shape(t.sizes());
  meta.strides = tensor::Shape(t.strides());
  meta.device = t.device();
  TC_ASSIGN_OR_RETURN(graph_ir::Value * in, g->AddInput("x", meta));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * out, g->Apply("clone", {in}));
  g->SetOutputs({out});
  GradModeGuard on(true);
  TC_ASSIGN_OR_RETURN(std::vector<Tensor> r, RunGraphRecorded({std::move(g), nullptr}, {&t, 1}));
  return r.at(0);
}
}  // namespace

absl::StatusOr<GradList> RecomputeGrads(const GradGraph& graph, std::span<const Tensor> inputs,
                                        const std::vector<bool>& requires_grad,
                                        std::span<const uint32_t> outputs, const GradList& grads) {
  const bool create_graph = GradModeEnabled();
  std::vector<Tensor> leaves;
  std::vector<Tensor> wrt;
  std::vector<size_t> wrt_index;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (create_graph && requires_grad[i] && RequiresGrad(inputs[i])) {
      // Differentiable: the recompute runs on a recorded copy of the input,
      // so the gradient's own history reaches the input (a second-order
      // grad), while the gradient stops at the copy, not flowing on into
      // another input this one was computed from (counted twice then).
      TC_ASSIGN_OR_RETURN(Tensor copy, RecordedCopy(inputs[i]));
      leaves.push_back(copy);
      wrt.push_back(copy);
      wrt_index.push_back(i);
      continue;
    }
    Tensor leaf = Detach(inputs[i]);  // a fresh variable over the saved value
    if (requires_grad[i]) {
      TC_RETURN_IF_ERROR(SetRequiresGrad(leaf, true));
      wrt.push_back(leaf);
      wrt_index.push_back(i);
    }
    leaves.push_back(std::move(leaf));
  }
  std::vector<Tensor> outs, seeds;
  {
    GradModeGuard on(true);
    TC_ASSIGN_OR_RETURN(std::vector<Tensor> all, RunGraphRecorded(graph, leaves));
    for (size_t k = 0; k < outputs.size(); ++k) {
      if (!grads[k].defined() || !RequiresGrad(all[outputs[k]])) continue;
      outs.push_back(all[outputs[k]]);
      seeds.push_back(grads[k]);
    }
  }
  GradList result(inputs.size());
  if (outs.empty()) return result;
  TC_ASSIGN_OR_RETURN(std::vector<Tensor> g, Grad(outs, wrt, seeds, create_graph, create_graph,
                                                  /*allow_unused=*/true));
  for (size_t j = 0; j < wrt_index.size(); ++j) result[wrt_index[j]] = std::move(g[j]);
  return result;
}

}  // namespace internal

absl::StatusOr<std::vector<Tensor>> RunGraphRecorded(const GradGraph& g,
                                                     std::span<const Tensor> inputs) {
  const graph_ir::Graph& graph = *g.graph;
  if (inputs.size() != graph.inputs().size()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("graph takes %d inputs, %d given", graph.inputs().size(), inputs.size()));
  }
  std::vector<Tensor> env(graph.num_values());
  for (size_t i = 0; i < inputs.size(); ++i) env[graph.inputs()[i]->id()] = inputs[i];
  for (size_t n = 0; n < graph.nodes().size(); ++n) {
    const graph_ir::Node* node = graph.nodes()[n].get();
    std::vector<kernels::KernelArg> args;
    graph_ir::MapArgs(node->args(), args, [&](const graph_ir::Value* v) { return env[v->id()]; });
    const bool record = g.grad_nodes == nullptr || (n < g.grad_nodes->size() && (*g.grad_nodes)[n]);
    GradModeGuard mode(record && GradModeEnabled());
    TC_ASSIGN_OR_RETURN(std::vector<Tensor> outs, Call(node->op(), args));
    for (size_t i = 0; i < outs.size() && i < node->outputs().size(); ++i) {
      env[node->outputs()[i]->id()] = std::move(outs[i]);
    }
  }
  std::vector<Tensor> result;
  result.reserve(graph.outputs().size());
  for (const graph_ir::Value* v : graph.outputs()) result.push_back(env[v->id()]);
  return result;
}

void AttachCompiledHistory(const GradGraph& g, std::span<const Tensor> inputs,
                           std::span<Tensor> outputs) {
  if (!GradModeEnabled()) return;
  const graph_ir::Graph* graph = g.graph.get();
  // Which values depend on an input that requires grad.
  absl::flat_hash_set<const graph_ir::Value*> tainted;
  for (size_t i = 0; i < inputs.size() && i < graph->inputs().size(); ++i) {
    if (RequiresGrad(inputs[i])) tainted.insert(graph->inputs()[i]);
  }
  if (tainted.empty()) return;
  for (size_t n = 0; n < graph->nodes().size(); ++n) {
    const graph_ir::Node* node = graph->nodes()[n].get();
    if (g.grad_nodes != nullptr && (n >= g.grad_nodes->size() || !(*g.grad_nodes)[n])) continue;
    bool any = false;
    for (const graph_ir::Value* v : node->Inputs()) any = any || tainted.contains(v);
    if (!any) continue;
    for (const graph_ir::Value* o : node->outputs()) {
      if (tensor::IsFloatingPoint(o->meta().dtype)) tainted.insert(o);
    }
  }
  std::vector<uint32_t> which;
  for (size_t k = 0; k < outputs.size() && k < graph->outputs().size(); ++k) {
    const graph_ir::Value* v = graph->outputs()[k];
    const bool is_input =
        std::find(graph->inputs().begin(), graph->inputs().end(), v) != graph->inputs().end();
    if (tainted.contains(v) && !is_input) which.push_back(static_cast<uint32_t>(k));
  }
  if (which.empty()) return;
  auto node = std::make_shared<CompiledFunctionNode>(g, inputs, which);
  for (size_t j = 0; j < which.size(); ++j) {
    Tensor& out = outputs[which[j]];
    out.set_autograd_meta(nullptr);
    SetHistory(out, node, static_cast<uint32_t>(j));
  }
}

}  // namespace tc::autodiff
