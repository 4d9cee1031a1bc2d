#include "src/decomposed_node.h"

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/engine.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/graph_ir/decompose.h"
#include "tc/graph_ir/map_args.h"
#include "tc/support/status.h"

#include "src/saved_errors.h"
#include "src/tape_emitter.h"

namespace tc::autodiff::internal {

using graph_ir::EmitArg;
using graph_ir::EmitRef;
using tensor::Tensor;

absl::StatusOr<std::vector<Tensor>> CallDecomposed(const graph_ir::OpDef& op,
                                                   std::span<const kernels::KernelArg> args) {
  TapeEmitter e;
  std::vector<EmitArg> eargs;
  graph_ir::MapArgs(args, eargs, [&](const Tensor& t) { return e.Add(t); });
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> outs, graph_ir::Decompose(e, op, std::move(eargs)));
  std::vector<Tensor> result;
  result.reserve(outs.size());
  for (EmitRef r : outs) result.push_back(e.tensor(r));
  return result;
}

DecomposedNode::DecomposedNode(const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args,
                               uint32_t num_outputs, std::string name)
    : op_(op), name_(std::move(name)) {
  auto save = [&](const Tensor& t) {
    AddNextEdge(GradientEdge(t), InputInfo{t.sizes(), t.dtype()});
    requires_grad_.push_back(RequiresGrad(t));
    versions_.push_back(t.storage() != nullptr ? t.storage()->version() : 0);
    return Detach(t);
  };
  for (const kernels::KernelArg& a : args) {
    if (const auto* t = std::get_if<Tensor>(&a)) {
      args_.emplace_back(save(*t));
    } else if (const auto* l = std::get_if<std::vector<Tensor>>(&a)) {
      std::vector<Tensor> saved;
      for (const Tensor& t : *l) saved.push_back(save(t));
      args_.emplace_back(std::move(saved));
    } else {
      args_.push_back(a);
    }
  }
  set_num_inputs(num_outputs);
}

void DecomposedNode::ReleaseSaved() {
  args_.clear();
  released_ = true;
}

absl::StatusOr<GradList> DecomposedNode::Apply(GradList grads) {
  GradList result(next_edges().size());
  bool any = false;
  for (const Tensor& g : grads) any = any || g.defined();
  if (!any) return result;
  if (released_) return ReleasedError();
  const bool create_graph = GradModeEnabled();
  // Fresh leaves over the saved values, in flattened order.
  std::vector<Tensor> wrt;
  std::vector<size_t> wrt_index;
  size_t k = 0;
  auto leaf = [&](const Tensor& saved) -> absl::StatusOr<Tensor> {
    const size_t i = k++;
    TC_RETURN_IF_ERROR(CheckVersion(saved, versions_[i]));
    Tensor t = saved;
    if (requires_grad_[i]) {
      TC_RETURN_IF_ERROR(SetRequiresGrad(t, true));
      wrt.push_back(t);
      wrt_index.push_back(i);
    }
    return t;
  };
  std::vector<kernels::KernelArg> args;
  for (const kernels::KernelArg& a : args_) {
    if (const auto* t = std::get_if<Tensor>(&a)) {
      TC_ASSIGN_OR_RETURN(Tensor l, leaf(*t));
      args.emplace_back(std::move(l));
    } else if (const auto* l = std::get_if<std::vector<Tensor>>(&a)) {
      std::vector<Tensor> ls;
      for (const Tensor& t : *l) {
        TC_ASSIGN_OR_RETURN(Tensor x, leaf(t));
        ls.push_back(std::move(x));
      }
      args.emplace_back(std::move(ls));
    } else {
      args.push_back(a);
    }
  }
  std::vector<Tensor> outs, seeds;
  {
    GradModeGuard on(true);
    TC_ASSIGN_OR_RETURN(std::vector<Tensor> all, CallDecomposed(op_, args));
    for (size_t j = 0; j < grads.size() && j < all.size(); ++j) {
      if (!grads[j].defined() || !RequiresGrad(all[j])) continue;
      outs.push_back(all[j]);
      seeds.push_back(grads[j]);
    }
  }
  if (outs.empty()) return result;
  TC_ASSIGN_OR_RETURN(std::vector<Tensor> g,
                      Grad(outs, wrt, seeds, create_graph, create_graph, /*allow_unused=*/true));
  for (size_t j = 0; j < wrt_index.size(); ++j) result[wrt_index[j]] = std::move(g[j]);
  return result;
}

}  // namespace tc::autodiff::internal
