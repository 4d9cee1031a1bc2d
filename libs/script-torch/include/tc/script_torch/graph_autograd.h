// Autograd for compiled frames (frame-capture cannot use autodiff
// directly): a compiled graph called with inputs that require grad, in
// grad mode, runs through a backend that records its own history (AOT
// autograd in the compiler library: a compiled forward and backward), or
// on the tape node by node (inputs that require grad written in place),
// or compiled with a CompiledFunctionBackward node that recomputes the
// forward on the tape at backward (autodiff/graph_run.h; script-defined
// backends).
#ifndef TC_SCRIPT_TORCH_GRAPH_AUTOGRAD_H_
#define TC_SCRIPT_TORCH_GRAPH_AUTOGRAD_H_

#include <memory>
#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"
#include "tc/kernels/eager.h"
#include "tc/script/value.h"
#include "tc/script/vm.h"
#include "tc/tensor/tensor.h"

namespace tc::script_torch {

// Grad mode is on and an input requires grad.
bool GraphNeedsAutograd(std::span<const tensor::Tensor> inputs);

// Whether `t` requires grad.
bool RequiresGrad(const tensor::Tensor& t);

// Whether an op called now on `args` is recorded by autograd (what a
// tracer notes per graph node: `grad_nodes` below).
bool OpRecordsGrad(std::span<const kernels::KernelArg> args);

// `graph` on `inputs`, each node recorded where `grad_nodes` (one flag per
// node, from the trace) says the traced code recorded it.
absl::StatusOr<std::vector<tensor::Tensor>> RunGraphWithAutograd(
    std::shared_ptr<const graph_ir::Graph> graph,
    std::shared_ptr<const std::vector<bool>> grad_nodes, std::span<const tensor::Tensor> inputs);

// Writes a compiled frame's new value of an input back into it (the
// graph ran the write functionally): recorded when the value has history,
// else under no_grad, as the traced write was.
bool WriteBackInput(script::VM& vm, const script::Value& dst, const tensor::Tensor& value);

// The outputs of a compiled run of `graph` get their history.
void AttachCompiledHistory(std::shared_ptr<const graph_ir::Graph> graph,
                           std::shared_ptr<const std::vector<bool>> grad_nodes,
                           std::span<const tensor::Tensor> inputs,
                           std::span<tensor::Tensor> outputs);

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_GRAPH_AUTOGRAD_H_
