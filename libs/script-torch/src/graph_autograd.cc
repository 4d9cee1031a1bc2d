#include "tc/script_torch/graph_autograd.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/graph_run.h"
#include "tc/autodiff/record.h"
#include "tc/script_torch/tensor_value.h"

namespace tc::script_torch {

bool GraphNeedsAutograd(std::span<const tensor::Tensor> inputs) {
  if (!autodiff::GradModeEnabled()) return false;
  for (const tensor::Tensor& t : inputs) {
    if (autodiff::RequiresGrad(t)) return true;
  }
  return false;
}

bool RequiresGrad(const tensor::Tensor& t) { return autodiff::RequiresGrad(t); }

bool WriteBackInput(script::VM& vm, const script::Value& dst, const tensor::Tensor& value) {
  autodiff::GradModeGuard mode(autodiff::GradModeEnabled() && autodiff::RequiresGrad(value));
  return !vm.CallMethod(dst, "copy_", {NewTensorValue(value)}).is_null();
}

bool OpRecordsGrad(std::span<const kernels::KernelArg> args) {
  return autodiff::ShouldRecord(args);
}

absl::StatusOr<std::vector<tensor::Tensor>> RunGraphWithAutograd(
    std::shared_ptr<const graph_ir::Graph> graph,
    std::shared_ptr<const std::vector<bool>> grad_nodes, std::span<const tensor::Tensor> inputs) {
  return autodiff::RunGraphRecorded({std::move(graph), std::move(grad_nodes)}, inputs);
}

void AttachCompiledHistory(std::shared_ptr<const graph_ir::Graph> graph,
                           std::shared_ptr<const std::vector<bool>> grad_nodes,
                           std::span<const tensor::Tensor> inputs,
                           std::span<tensor::Tensor> outputs) {
  autodiff::AttachCompiledHistory({std::move(graph), std::move(grad_nodes)}, inputs, outputs);
}

}  // namespace tc::script_torch
