#include "tc/script_torch/graph_autograd.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/graph_run.h"

namespace tc::script_torch {

bool GraphNeedsAutograd(std::span<const tensor::Tensor> inputs) {
  if (!autodiff::GradModeEnabled()) return false;
  for (const tensor::Tensor& t : inputs) {
    if (autodiff::RequiresGrad(t)) return true;
  }
  return false;
}

absl::StatusOr<std::vector<tensor::Tensor>> RunGraphWithAutograd(
    const graph_ir::Graph& graph, std::span<const tensor::Tensor> inputs) {
  return autodiff::RunGraphRecorded(graph, inputs);
}

void AttachCompiledHistory(std::shared_ptr<const graph_ir::Graph> graph,
                           std::span<const tensor::Tensor> inputs,
                           std::span<tensor::Tensor> outputs) {
  autodiff::AttachCompiledHistory(std::move(graph), inputs, outputs);
}

}  // namespace tc::script_torch
