// Autograd for captured graphs, until AOT joint graphs compile the
// backward too: a graph run node by node on the tape (RunGraphRecorded),
// and a compiled graph's outputs given one node, CompiledFunctionBackward
// as PyTorch names it, whose backward runs the graph again on the tape
// from the saved inputs and differentiates that (AttachCompiledHistory):
// the forward stays the compiled code, the gradients are eager's.
#ifndef TC_AUTODIFF_GRAPH_RUN_H_
#define TC_AUTODIFF_GRAPH_RUN_H_

#include <memory>
#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"
#include "tc/tensor/tensor.h"

namespace tc::autodiff {

// A captured graph and, per node, whether the traced code ran it with
// grad mode on and an input requiring grad (a node traced under no_grad,
// or on values without history, is not recorded again).
struct GradGraph {
  std::shared_ptr<const graph_ir::Graph> graph;
  std::shared_ptr<const std::vector<bool>> grad_nodes;  // null: every node
};

// Runs the graph on `inputs` (one per placeholder), each node through
// Call (grad mode off for the nodes the trace did not record).
absl::StatusOr<std::vector<tensor::Tensor>> RunGraphRecorded(
    const GradGraph& g, std::span<const tensor::Tensor> inputs);

// Gives the outputs of the graph (computed from `inputs` by compiled
// code) that carry history from an input requiring grad one
// CompiledFunctionBackward node. Nothing when grad mode is off or no
// input requires grad.
void AttachCompiledHistory(const GradGraph& g, std::span<const tensor::Tensor> inputs,
                           std::span<tensor::Tensor> outputs);

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_GRAPH_RUN_H_
