#include "tc/autodiff/engine.h"

#include <queue>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/record.h"
#include "tc/support/status.h"

namespace tc::autodiff {
namespace {

using tensor::Tensor;

std::string SizeString(const tensor::Shape& s) {
  return absl::StrFormat("torch.Size([%s])", absl::StrJoin(s, ", "));
}

// a + b, recorded when the backward itself is being recorded.
absl::StatusOr<Tensor> Accumulate(const Tensor& a, const Tensor& b) {
  if (!a.defined()) return b;
  return Call1("add", {a, b});
}

// sum_to: the sum of `g` over the dims that broadcasting `sizes` to g's
// sizes added or stretched.
absl::StatusOr<Tensor> SumTo(const Tensor& g, const tensor::Shape& sizes) {
  const tensor::Shape& gs = g.sizes();
  const size_t lead = gs.size() - sizes.size();
  tensor::Shape dims;
  for (size_t d = 0; d < lead; ++d) dims.push_back(static_cast<int64_t>(d));
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 1 && gs[lead + d] != 1) dims.push_back(static_cast<int64_t>(lead + d));
  }
  Tensor r = g;
  if (!dims.empty()) {
    TC_ASSIGN_OR_RETURN(
        r, Call1("sum", {g, graph_ir::Constant(dims), graph_ir::Constant(tensor::Scalar(true)),
                         graph_ir::Constant(graph_ir::None{})}));
  }
  if (r.sizes() == sizes) return r;
  return Call1("reshape", {r, graph_ir::Constant(sizes)});
}

bool ExpandableTo(const tensor::Shape& from, const tensor::Shape& to) {
  if (from.size() > to.size()) return false;
  const size_t lead = to.size() - from.size();
  for (size_t d = 0; d < from.size(); ++d) {
    if (from[d] != 1 && from[d] != to[lead + d]) return false;
  }
  return true;
}

// PyTorch's validate_outputs: each gradient summed to its input's shape
// and cast to its dtype.
absl::Status ValidateOutputs(const Node& node, GradList& grads) {
  if (grads.size() != node.next_edges().size()) {
    return absl::InternalError(absl::StrFormat("function %s returned %d gradients, expected %d",
                                               node.name(), grads.size(),
                                               node.next_edges().size()));
  }
  for (size_t i = 0; i < grads.size(); ++i) {
    Tensor& g = grads[i];
    if (!g.defined() || !node.next_edges()[i].valid()) continue;
    const Node::InputInfo& info = node.input_info()[i];
    if (g.sizes() != info.sizes) {
      if (!ExpandableTo(info.sizes, g.sizes())) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "Function %s returned an invalid gradient at index %d - got [%s] but expected shape "
            "compatible with [%s]",
            node.name(), i, absl::StrJoin(g.sizes(), ", "), absl::StrJoin(info.sizes, ", ")));
      }
      TC_ASSIGN_OR_RETURN(g, SumTo(g, info.sizes));
    }
    if (g.dtype() != info.dtype) {
      TC_ASSIGN_OR_RETURN(g, Call1("to_dtype", {g, graph_ir::Constant(info.dtype)}));
    }
  }
  return absl::OkStatus();
}

struct ByPriority {
  bool operator()(const Node* a, const Node* b) const {
    return a->sequence_nr() < b->sequence_nr();
  }
};

// One backward pass over the graph reachable from `roots`.
class GraphTask {
 public:
  GraphTask(bool retain_graph, bool create_graph)
      : retain_graph_(retain_graph), create_graph_(create_graph) {}

  // Only nodes on a path to one of these edges run (backward(inputs=),
  // grad()); a captured edge's gradient is kept instead of sent on.
  void Capture(const Edge& e, size_t index) {
    captures_[{e.fn.get(), e.input_nr}].push_back(index);
  }
  std::vector<Tensor>& captured() { return captured_; }

  absl::Status Run(const std::vector<Edge>& roots, std::vector<Tensor> root_grads);

 private:
  void CountDependencies(const std::vector<Edge>& roots);
  void MarkNeeded(const std::vector<Edge>& roots);
  bool Executes(Node* n) const;

  bool retain_graph_;
  bool create_graph_;
  absl::flat_hash_map<Node*, int> dependencies_;
  absl::flat_hash_map<Node*, GradList> buffers_;
  absl::flat_hash_map<std::pair<Node*, uint32_t>, std::vector<size_t>> captures_;
  absl::flat_hash_set<Node*> needed_;
  std::vector<Tensor> captured_;
  std::vector<std::shared_ptr<Node>> keep_alive_;
};

void GraphTask::CountDependencies(const std::vector<Edge>& roots) {
  std::vector<Node*> stack;
  absl::flat_hash_set<Node*> seen;
  for (const Edge& e : roots) {
    if (e.valid() && seen.insert(e.fn.get()).second) stack.push_back(e.fn.get());
  }
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    for (const Edge& e : n->next_edges()) {
      if (!e.valid()) continue;
      ++dependencies_[e.fn.get()];
      if (seen.insert(e.fn.get()).second) stack.push_back(e.fn.get());
    }
  }
}

// With captures, a node runs only when a captured edge lies below it.
void GraphTask::MarkNeeded(const std::vector<Edge>& roots) {
  absl::flat_hash_map<Node*, bool> memo;
  std::function<bool(Node*)> needed = [&](Node* n) -> bool {
    if (auto it = memo.find(n); it != memo.end()) return it->second;
    memo[n] = false;
    bool any = false;
    for (const Edge& e : n->next_edges()) {
      if (!e.valid()) continue;
      if (captures_.contains({e.fn.get(), e.input_nr})) any = true;
      if (needed(e.fn.get())) any = true;
    }
    memo[n] = any;
    if (any) needed_.insert(n);
    return any;
  };
  for (const Edge& e : roots) {
    if (e.valid()) needed(e.fn.get());
  }
}

// Without captures every node runs (AccumulateGrad included); with them
// only those above a captured edge, and no AccumulateGrad (the captured
// gradients are the result).
bool GraphTask::Executes(Node* n) const { return captures_.empty() || needed_.contains(n); }

absl::Status GraphTask::Run(const std::vector<Edge>& roots, std::vector<Tensor> root_grads) {
  GradModeGuard mode(create_graph_);
  CountDependencies(roots);
  if (!captures_.empty()) MarkNeeded(roots);
  std::priority_queue<Node*, std::vector<Node*>, ByPriority> ready;
  for (size_t i = 0; i < roots.size(); ++i) {
    const Edge& e = roots[i];
    if (!e.valid()) continue;
    keep_alive_.push_back(e.fn);
    GradList& buf = buffers_[e.fn.get()];
    buf.resize(e.fn->num_inputs());
    TC_ASSIGN_OR_RETURN(buf[e.input_nr], Accumulate(buf[e.input_nr], root_grads[i]));
  }
  absl::flat_hash_set<Node*> queued;
  for (const Edge& e : roots) {
    if (e.valid() && dependencies_[e.fn.get()] == 0 && queued.insert(e.fn.get()).second) {
      ready.push(e.fn.get());
    }
  }
  while (!ready.empty()) {
    Node* n = ready.top();
    ready.pop();
    GradList grads = std::move(buffers_[n]);
    buffers_.erase(n);
    grads.resize(n->num_inputs());
    for (const auto* hooks : {&n->pre_hooks(), &n->retain_grad_hooks()}) {
      for (const Node::PreHook& h : *hooks) {
        if (h.slot >= grads.size() || !grads[h.slot].defined()) continue;
        TC_ASSIGN_OR_RETURN(Tensor replaced, h.hook(grads[h.slot]));
        if (replaced.defined()) grads[h.slot] = std::move(replaced);
      }
    }
    for (uint32_t slot = 0; slot < grads.size(); ++slot) {
      auto it = captures_.find({n, slot});
      if (it == captures_.end()) continue;
      for (size_t index : it->second) {
        TC_ASSIGN_OR_RETURN(captured_[index], Accumulate(captured_[index], grads[slot]));
      }
    }
    if (!Executes(n)) continue;
    TC_ASSIGN_OR_RETURN(GradList outs, n->Apply(std::move(grads)));
    if (!retain_graph_) n->ReleaseSaved();
    if (dynamic_cast<AccumulateGrad*>(n) != nullptr) continue;
    TC_RETURN_IF_ERROR(ValidateOutputs(*n, outs));
    for (size_t i = 0; i < n->next_edges().size(); ++i) {
      const Edge& e = n->next_edges()[i];
      if (!e.valid()) continue;
      Node* next = e.fn.get();
      if (outs[i].defined()) {
        GradList& buf = buffers_[next];
        buf.resize(next->num_inputs());
        TC_ASSIGN_OR_RETURN(buf[e.input_nr], Accumulate(buf[e.input_nr], outs[i]));
      }
      if (--dependencies_[next] == 0) {
        keep_alive_.push_back(e.fn);
        ready.push(next);
      }
    }
  }
  return absl::OkStatus();
}

// The root edges and their starting gradients, with PyTorch's checks.
absl::Status Roots(std::span<const Tensor> outputs, std::span<const Tensor> grad_outputs,
                   std::vector<Edge>* edges, std::vector<Tensor>* grads) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& out = outputs[i];
    Edge e = GradientEdge(out);
    if (!e.valid()) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "element %d of tensors does not require grad and does not have a grad_fn", i));
    }
    Tensor g = i < grad_outputs.size() ? grad_outputs[i] : Tensor();
    if (!g.defined()) {
      if (out.numel() != 1) {
        return absl::FailedPreconditionError(
            "grad can be implicitly created only for scalar outputs");
      }
      g = Tensor::Full(out.sizes(), tensor::Scalar(1.0), out.dtype());
    } else if (g.sizes() != out.sizes()) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "Mismatch in shape: grad_output[%d] has a shape of %s and output[%d] has a shape of "
          "%s.",
          i, SizeString(g.sizes()), i, SizeString(out.sizes())));
    }
    edges->push_back(std::move(e));
    grads->push_back(std::move(g));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status Backward(std::span<const Tensor> tensors, std::span<const Tensor> grad_tensors,
                      bool retain_graph, bool create_graph, std::span<const Tensor> inputs) {
  std::vector<Edge> roots;
  std::vector<Tensor> grads;
  TC_RETURN_IF_ERROR(Roots(tensors, grad_tensors, &roots, &grads));
  GraphTask task(retain_graph || create_graph, create_graph);
  if (inputs.empty()) return task.Run(roots, std::move(grads));
  // backward(inputs=...): the gradients of these only, each then added
  // into its .grad (a leaf's through its AccumulateGrad, hooks included).
  std::vector<Edge> edges;
  task.captured().resize(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    edges.push_back(GradientEdge(inputs[i]));
    if (!edges.back().valid()) {
      return absl::FailedPreconditionError(
          "One of the differentiated Tensors does not require grad");
    }
    task.Capture(edges.back(), i);
  }
  TC_RETURN_IF_ERROR(task.Run(roots, std::move(grads)));
  GradModeGuard mode(create_graph);
  for (size_t i = 0; i < inputs.size(); ++i) {
    Tensor g = task.captured()[i];
    if (!g.defined()) continue;
    if (auto* acc = dynamic_cast<AccumulateGrad*>(edges[i].fn.get())) {
      TC_RETURN_IF_ERROR(acc->Apply({std::move(g)}).status());
    } else if (AutogradMeta* m = MetaOf(inputs[i])) {
      TC_ASSIGN_OR_RETURN(m->grad, Accumulate(m->grad, g));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<Tensor>> Grad(std::span<const Tensor> outputs,
                                         std::span<const Tensor> inputs,
                                         std::span<const Tensor> grad_outputs, bool retain_graph,
                                         bool create_graph, bool allow_unused) {
  std::vector<Edge> roots;
  std::vector<Tensor> grads;
  TC_RETURN_IF_ERROR(Roots(outputs, grad_outputs, &roots, &grads));
  GraphTask task(retain_graph || create_graph, create_graph);
  task.captured().resize(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    Edge e = GradientEdge(inputs[i]);
    if (!e.valid()) {
      return absl::FailedPreconditionError(
          "One of the differentiated Tensors does not require grad");
    }
    task.Capture(e, i);
  }
  TC_RETURN_IF_ERROR(task.Run(roots, std::move(grads)));
  std::vector<Tensor> result = std::move(task.captured());
  for (size_t i = 0; i < result.size(); ++i) {
    if (!result[i].defined() && !allow_unused) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "The differentiated Tensor at index %d appears to not have been used in the graph. Set "
          "allow_unused=True if this is the desired behavior.",
          i));
    }
  }
  return result;
}

}  // namespace tc::autodiff
