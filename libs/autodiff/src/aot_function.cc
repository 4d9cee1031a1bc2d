#include "tc/autodiff/aot_function.h"

#include <string>

#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/node.h"
#include "tc/support/status.h"

#include "src/recompute.h"
#include "src/saved_errors.h"

namespace tc::autodiff {
namespace {

using tensor::Tensor;

class AotNode final : public Node {
 public:
  AotNode(std::shared_ptr<const AotFunction> f, std::span<const Tensor> inputs,
          std::vector<Tensor> saved)
      : f_(std::move(f)), saved_(std::move(saved)) {
    for (const Tensor& t : inputs) {
      AddNextEdge(GradientEdge(t), InputInfo{t.sizes(), t.dtype()});
      requires_grad_.push_back(RequiresGrad(t));
      inputs_.push_back(t);  // with its history: a differentiable recompute reaches it
    }
    for (const Tensor& t : saved_) {
      versions_.push_back(t.storage() != nullptr ? t.storage()->version() : 0);
    }
    for (size_t k = 0; k < f_->output_requires_grad.size(); ++k) {
      if (f_->output_requires_grad[k]) outputs_.push_back(static_cast<uint32_t>(k));
    }
    set_num_inputs(static_cast<uint32_t>(outputs_.size()));
  }
  std::string name() const override { return "CompiledFunctionBackward"; }
  void ReleaseSaved() override {
    saved_.clear();
    inputs_.clear();
    released_ = true;
  }
  absl::StatusOr<GradList> Apply(GradList grads) override;

 private:
  std::shared_ptr<const AotFunction> f_;
  std::vector<Tensor> saved_;
  std::vector<uint64_t> versions_;
  std::vector<Tensor> inputs_;  // for create_graph only
  std::vector<bool> requires_grad_;
  std::vector<uint32_t> outputs_;  // graph output of each node input (tangent)
  bool released_ = false;
};

absl::StatusOr<GradList> AotNode::Apply(GradList grads) {
  if (released_) return internal::ReleasedError();
  for (size_t i = 0; i < saved_.size(); ++i) {
    TC_RETURN_IF_ERROR(internal::CheckVersion(saved_[i], versions_[i]));
  }
  // A differentiable backward: the compiled one has no history, so the
  // graph runs again on the tape (PyTorch refuses double backward here).
  if (GradModeEnabled()) {
    return internal::RecomputeGrads(f_->graph, inputs_, requires_grad_, outputs_, grads);
  }
  std::vector<Tensor> args = saved_;
  for (size_t k = 0; k < outputs_.size(); ++k) {
    // AOTAutograd's tangents: materialized zeros for a missing gradient,
    // contiguous, in the output's dtype.
    Tensor g = k < grads.size() ? grads[k] : Tensor();
    if (!g.defined()) {
      g = Tensor::Zeros(f_->tangent_sizes[k], f_->tangent_dtypes[k]);
    } else if (!g.is_contiguous()) {
      g = g.contiguous();
    }
    args.push_back(std::move(g));
  }
  TC_ASSIGN_OR_RETURN(std::vector<Tensor> g, f_->backward(args));
  GradList result(requires_grad_.size());
  size_t j = 0;
  for (size_t i = 0; i < f_->primal_requires_grad.size(); ++i) {
    if (!f_->primal_requires_grad[i]) continue;
    if (j >= g.size()) {
      return absl::InternalError(
          absl::StrFormat("compiled backward returned %d gradients, expected more", g.size()));
    }
    const bool defined = i >= f_->primal_grad_defined.size() || f_->primal_grad_defined[i];
    if (i < result.size() && requires_grad_[i] && defined) result[i] = std::move(g[j]);
    ++j;
  }
  return result;
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> RunAotFunction(const std::shared_ptr<const AotFunction>& f,
                                                   std::span<const Tensor> inputs) {
  std::vector<Tensor> all;
  {
    // The halves are graphs of their own: nothing in them is recorded.
    GradModeGuard off(false);
    TC_ASSIGN_OR_RETURN(all, f->forward(inputs));
  }
  const size_t n = static_cast<size_t>(f->num_fwd_outputs);
  if (all.size() < n) {
    return absl::InternalError(
        absl::StrFormat("compiled forward returned %d values, expected %d", all.size(), n));
  }
  std::vector<Tensor> saved(std::make_move_iterator(all.begin() + n),
                            std::make_move_iterator(all.end()));
  all.resize(n);
  bool any = false;
  for (size_t i = 0; i < inputs.size(); ++i) {
    any = any || (i < f->primal_requires_grad.size() && f->primal_requires_grad[i] &&
                  RequiresGrad(inputs[i]));
  }
  if (!GradModeEnabled() || !any) return all;
  auto node = std::make_shared<AotNode>(f, inputs, std::move(saved));
  uint32_t slot = 0;
  for (size_t k = 0; k < n; ++k) {
    if (k >= f->output_requires_grad.size() || !f->output_requires_grad[k]) continue;
    Tensor& out = all[k];
    // An output that is an input itself keeps the input's history (its
    // slot's gradient stays zero), as AOTAutograd regenerates such aliases.
    if (!f->output_is_input[k]) {
      out.set_autograd_meta(nullptr);
      SetHistory(out, node, slot);
    }
    ++slot;
  }
  return all;
}

}  // namespace tc::autodiff
