#include "tc/autodiff/node.h"

#include <limits>

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/record.h"
#include "tc/kernels/eager.h"
#include "tc/support/status.h"

namespace tc::autodiff {
namespace {
thread_local uint64_t g_next_sequence_nr = 0;
}  // namespace

Node::Node() : sequence_nr_(g_next_sequence_nr++) {}

AccumulateGrad::AccumulateGrad(const tensor::Tensor& leaf) : variable_(leaf) {
  set_num_inputs(1);
  // Runs as soon as it is ready, before any other node (PyTorch gives it
  // the largest sequence number).
  set_sequence_nr(std::numeric_limits<uint64_t>::max());
}

absl::StatusOr<GradList> AccumulateGrad::Apply(GradList grads) {
  tensor::Tensor g = std::move(grads[0]);
  AutogradMeta* meta = MetaOf(variable_);
  if (!g.defined() || meta == nullptr) return GradList{};
  for (const GradHook& hook : meta->leaf_hooks) {
    TC_ASSIGN_OR_RETURN(tensor::Tensor replaced, hook(g));
    if (replaced.defined()) g = std::move(replaced);
  }
  if (GradModeEnabled()) {
    // create_graph: .grad keeps the gradient's history (a recorded clone
    // for the first, a recorded sum after).
    TC_ASSIGN_OR_RETURN(meta->grad,
                        meta->grad.defined() ? Call1("add", {meta->grad, g}) : Call1("clone", {g}));
    return GradList{};
  }
  if (!meta->grad.defined()) {
    // The first gradient becomes .grad: taken as it is when nobody else
    // holds it and it has the variable's layout, else copied into that
    // layout (PyTorch's rule, so .grad's strides follow the parameter's).
    if (g.storage().use_count() == 1 && g.strides() == variable_.strides() &&
        g.storage_offset() == 0) {
      meta->grad = Detach(g);
      return GradList{};
    }
    const bool dense = tensor::IsNonOverlappingAndDense(variable_.sizes(), variable_.strides());
    const tensor::Shape strides =
        dense ? variable_.strides() : tensor::ContiguousStrides(variable_.sizes());
    tensor::Tensor copy =
        tensor::Tensor::EmptyStrided(variable_.sizes(), strides, variable_.dtype());
    TC_RETURN_IF_ERROR(copy.CopyFrom(g));
    meta->grad = std::move(copy);
    return GradList{};
  }
  // .grad += g, in place, as PyTorch accumulates without create_graph.
  TC_ASSIGN_OR_RETURN(tensor::Tensor sum, kernels::Call1("add", {meta->grad, g}));
  TC_RETURN_IF_ERROR(meta->grad.CopyFrom(sum));
  return GradList{};
}

}  // namespace tc::autodiff
