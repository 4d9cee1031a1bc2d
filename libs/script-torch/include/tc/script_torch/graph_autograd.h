// Autograd for compiled frames (frame-capture cannot use autodiff
// directly): a compiled graph called with inputs that require grad, in
// grad mode, either runs on the tape node by node, or runs compiled and
// its outputs get a CompiledFunctionBackward node that recomputes the
// forward on the tape at backward (autodiff/graph_run.h). Until AOT joint
// graphs compile the backward too (issue 14), this keeps training through
// torch.compile correct.
#ifndef TC_SCRIPT_TORCH_GRAPH_AUTOGRAD_H_
#define TC_SCRIPT_TORCH_GRAPH_AUTOGRAD_H_

#include <memory>
#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"
#include "tc/tensor/tensor.h"

namespace tc::script_torch {

// Grad mode is on and an input requires grad.
bool GraphNeedsAutograd(std::span<const tensor::Tensor> inputs);

// `graph` on `inputs`, every node recorded.
absl::StatusOr<std::vector<tensor::Tensor>> RunGraphWithAutograd(
    const graph_ir::Graph& graph, std::span<const tensor::Tensor> inputs);

// The outputs of a compiled run of `graph` get their history.
void AttachCompiledHistory(std::shared_ptr<const graph_ir::Graph> graph,
                           std::span<const tensor::Tensor> inputs,
                           std::span<tensor::Tensor> outputs);

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_GRAPH_AUTOGRAD_H_
