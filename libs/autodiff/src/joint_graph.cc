#include "tc/autodiff/joint_graph.h"

#include <memory>
#include <optional>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"

#include "tc/autodiff/derivatives.h"
#include "tc/graph_ir/decompose.h"
#include "tc/graph_ir/map_args.h"
#include "tc/support/status.h"
#include "tc/tensor/shape.h"

#include "src/grad_builder.h"

namespace tc::autodiff {
namespace {

using graph_ir::Graph;
using graph_ir::Node;
using graph_ir::Value;

bool Floating(const Value* v) { return tensor::IsFloatingPoint(v->meta().dtype); }

// A meta tensor standing for `v`, for the table's per-call predicates.
tensor::Tensor MetaTensor(const Value* v) {
  const graph_ir::TensorMeta& m = v->meta();
  const size_t bytes = static_cast<size_t>(m.numel()) * tensor::ItemSize(m.dtype);
  return tensor::Tensor(tensor::Storage::CreateMeta(bytes), m.dtype, m.sizes, m.strides, 0);
}

// The definition covering this node's call, or null.
const DerivativeDef* DefFor(const Node& node) {
  const DerivativeDef* def = FindDerivative(node.op().name);
  if (def == nullptr || def->applies == nullptr) return def;
  std::vector<kernels::KernelArg> args;
  graph_ir::MapArgs(node.args(), args, [](const Value* v) { return MetaTensor(v); });
  return def->applies(args) ? def : nullptr;
}

class Builder {
 public:
  explicit Builder(JointGraph& out) : j_(out), g_(out.graph), e_(g_) {}

  absl::Status CopyForward(const Graph& fwd, const std::vector<bool>& requires_grad,
                           const std::vector<bool>* grad_nodes);
  absl::Status Backward(const Graph& fwd);

 private:
  // Copies one forward node (a composite without a formula: its
  // decomposition, node by node). `recorded`: whether the trace recorded
  // it (false under no_grad).
  absl::Status CopyNode(const Node& node, bool recorded);
  absl::Status Differentiate(const Node& node);
  absl::Status AddGrad(Value* v, EmitRef grad);

  JointGraph& j_;
  Graph& g_;
  graph_ir::GraphEmitter e_;
  absl::flat_hash_map<const Value*, Value*> map_;  // forward value -> joint value
  absl::flat_hash_set<const Value*> needs_grad_;   // joint values
  absl::flat_hash_map<const Value*, EmitRef> grads_;
  absl::flat_hash_map<const Value*, EmitRef> refs_;
  std::vector<Value*> tangents_;

  EmitRef Ref(Value* v) {
    auto it = refs_.find(v);
    if (it != refs_.end()) return it->second;
    EmitRef r = e_.Add(v);
    refs_[v] = r;
    return r;
  }
};

absl::Status Builder::CopyNode(const Node& node, bool recorded) {
  std::vector<graph_ir::Arg> args;
  graph_ir::MapArgs(node.args(), args, [&](const Value* v) { return map_.at(v); });
  bool any = false;
  for (const Value* v : node.Inputs()) any = any || (recorded && needs_grad_.contains(map_.at(v)));
  std::vector<Value*> outs;
  if (any && node.op().category == graph_ir::OpCategory::kComposite && DefFor(node) == nullptr) {
    // Differentiated through its decomposition: its core ops go in the
    // joint graph one by one (each marked below as it is added).
    const size_t first = g_.nodes().size();
    TC_ASSIGN_OR_RETURN(outs, graph_ir::DecomposeInto(g_, node.op(), std::move(args)));
    for (size_t i = first; i < g_.nodes().size(); ++i) {
      const Node& n = *g_.nodes()[i];
      bool in = false;
      for (const Value* v : n.Inputs()) in = in || needs_grad_.contains(v);
      if (!in) continue;
      for (const Value* o : n.outputs()) {
        if (Floating(o)) needs_grad_.insert(o);
      }
    }
  } else {
    TC_ASSIGN_OR_RETURN(Node * n, g_.AddNode(node.op().name, std::move(args)));
    outs.assign(n->outputs().begin(), n->outputs().end());
    if (any) {
      for (const Value* o : outs) {
        if (Floating(o)) needs_grad_.insert(o);
      }
    }
  }
  for (size_t i = 0; i < outs.size(); ++i) {
    map_[node.outputs()[i]] = outs[i];
    // batch_norm's running statistics: values without gradient.
    if (!IsDifferentiableOutput(node.op(), i, outs[i]->meta().dtype)) needs_grad_.erase(outs[i]);
  }
  return absl::OkStatus();
}

absl::Status Builder::CopyForward(const Graph& fwd, const std::vector<bool>& requires_grad,
                                  const std::vector<bool>* grad_nodes) {
  for (size_t i = 0; i < fwd.inputs().size(); ++i) {
    const Value* in = fwd.inputs()[i];
    TC_ASSIGN_OR_RETURN(Value * p, g_.AddInput(absl::StrCat("primals_", i + 1), in->meta()));
    map_[in] = p;
    const bool rg = i < requires_grad.size() && requires_grad[i] && Floating(in);
    j_.primal_requires_grad.push_back(rg);
    if (rg) needs_grad_.insert(p);
  }
  for (size_t n = 0; n < fwd.nodes().size(); ++n) {
    const bool recorded = grad_nodes == nullptr || (n < grad_nodes->size() && (*grad_nodes)[n]);
    TC_RETURN_IF_ERROR(CopyNode(*fwd.nodes()[n], recorded));
  }
  int k = 0;
  for (const Value* out : fwd.outputs()) {
    const Value* jo = map_.at(out);
    const bool rg = needs_grad_.contains(jo);
    j_.output_requires_grad.push_back(rg);
    if (!rg) continue;
    // Tangents arrive contiguous (AotNode makes them so, as AOTAutograd
    // does), whatever the output's own strides (a transposed output).
    graph_ir::TensorMeta meta = jo->meta();
    meta.strides = tensor::ContiguousStrides(meta.sizes);
    TC_ASSIGN_OR_RETURN(Value * t, g_.AddInput(absl::StrCat("tangents_", ++k), meta));
    tangents_.push_back(t);
  }
  return absl::OkStatus();
}

absl::Status Builder::AddGrad(Value* v, EmitRef grad) {
  // As the engine does: summed to the value's shape, cast to its dtype.
  const BackwardArgs none{e_, {}, {}, {}, {}};
  internal::GradBuilder b(none);
  EmitRef g = b.ToDtype(b.SumTo(grad, v->meta().sizes), v->meta().dtype);
  TC_RETURN_IF_ERROR(b.Done().status());
  auto it = grads_.find(v);
  if (it == grads_.end()) {
    grads_[v] = g;
    return absl::OkStatus();
  }
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> sum, e_.Emit(*graph_ir::FindOp("add"), {it->second, g}));
  it->second = sum[0];
  return absl::OkStatus();
}

absl::Status Builder::Differentiate(const Node& node) {
  bool any_grad = false;
  std::vector<std::optional<EmitRef>> grads;
  for (const Value* o : node.outputs()) {
    auto it = grads_.find(o);
    grads.push_back(it == grads_.end() ? std::nullopt : std::optional<EmitRef>(it->second));
    any_grad = any_grad || it != grads_.end();
  }
  if (!any_grad) return absl::OkStatus();
  const DerivativeDef* def = DefFor(node);
  if (def == nullptr) {
    return absl::UnimplementedError(
        absl::StrCat("derivative for aten::", node.op().name, " is not implemented"));
  }
  std::vector<EmitArg> args;
  graph_ir::MapArgs(node.args(), args, [&](Value* v) { return Ref(v); });
  std::vector<EmitRef> outs;
  for (Value* o : node.outputs()) outs.push_back(Ref(o));
  std::vector<Value*> inputs = node.Inputs();
  std::unique_ptr<bool[]> needs(new bool[inputs.size()]);
  for (size_t i = 0; i < inputs.size(); ++i) needs[i] = needs_grad_.contains(inputs[i]);
  BackwardArgs b{e_, args, outs, grads, std::span<const bool>(needs.get(), inputs.size())};
  TC_ASSIGN_OR_RETURN(Grads g, def->fn(b));
  for (size_t i = 0; i < inputs.size() && i < g.size(); ++i) {
    if (g[i].has_value() && needs[i]) {
      TC_RETURN_IF_ERROR(AddGrad(inputs[i], *g[i]));
    }
  }
  return absl::OkStatus();
}

absl::Status Builder::Backward(const Graph& fwd) {
  size_t k = 0;
  for (size_t i = 0; i < fwd.outputs().size(); ++i) {
    if (!j_.output_requires_grad[i]) continue;
    TC_RETURN_IF_ERROR(AddGrad(map_.at(fwd.outputs()[i]), Ref(tangents_[k++])));
  }
  // The joint graph's own nodes in reverse (decompositions included).
  const size_t forward_nodes = g_.nodes().size();
  std::vector<const Node*> order;
  for (size_t i = 0; i < forward_nodes; ++i) order.push_back(g_.nodes()[i].get());
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    bool wanted = false;
    for (const Value* o : (*it)->outputs()) wanted = wanted || needs_grad_.contains(o);
    if (wanted) TC_RETURN_IF_ERROR(Differentiate(**it));
  }
  std::vector<Value*> outputs;
  for (const Value* o : fwd.outputs()) outputs.push_back(map_.at(o));
  j_.num_fwd_outputs = static_cast<int>(outputs.size());
  j_.primal_grad_defined.assign(fwd.inputs().size(), false);
  for (size_t i = 0; i < fwd.inputs().size(); ++i) {
    if (!j_.primal_requires_grad[i]) continue;
    Value* p = map_.at(fwd.inputs()[i]);
    auto it = grads_.find(p);
    if (it != grads_.end()) {
      j_.primal_grad_defined[i] = true;
      outputs.push_back(e_.value(it->second));
      continue;
    }
    // No path from an output: a zero gradient, as AOTAutograd's
    // materialized zeros.
    const graph_ir::TensorMeta& m = p->meta();
    TC_ASSIGN_OR_RETURN(Value * z, g_.Apply("full", {graph_ir::Constant(m.sizes),
                                                     graph_ir::Constant(tensor::Scalar(0.0)),
                                                     graph_ir::Constant(m.dtype)}));
    outputs.push_back(z);
  }
  g_.SetOutputs(std::move(outputs));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<JointGraph> BuildJointGraph(const graph_ir::Graph& forward,
                                           const std::vector<bool>& requires_grad,
                                           const std::vector<bool>* grad_nodes) {
  auto out = std::make_unique<JointGraph>();
  Builder b(*out);
  TC_RETURN_IF_ERROR(b.CopyForward(forward, requires_grad, grad_nodes));
  TC_RETURN_IF_ERROR(b.Backward(forward));
  return std::move(*out);
}

}  // namespace tc::autodiff
