// The backward engine: runs the nodes between some outputs and the leaves
// (or the requested inputs), latest-created first among those ready, as
// PyTorch's engine orders them on one thread, so gradients that meet add
// up in PyTorch's order.
#ifndef TC_AUTODIFF_ENGINE_H_
#define TC_AUTODIFF_ENGINE_H_

#include <span>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "tc/tensor/tensor.h"

namespace tc::autodiff {

// tensor.backward() / torch.autograd.backward: accumulates into the .grad
// of the leaves (only those in `inputs` when given). `grad_tensors[i]`
// undefined means ones for a scalar output (an error for others).
absl::Status Backward(std::span<const tensor::Tensor> tensors,
                      std::span<const tensor::Tensor> grad_tensors, bool retain_graph,
                      bool create_graph, std::span<const tensor::Tensor> inputs = {});

// torch.autograd.grad: the gradients of `outputs` with respect to
// `inputs`, returned (an undefined tensor for an unused input when
// allow_unused); .grad is left alone.
absl::StatusOr<std::vector<tensor::Tensor>> Grad(std::span<const tensor::Tensor> outputs,
                                                 std::span<const tensor::Tensor> inputs,
                                                 std::span<const tensor::Tensor> grad_outputs,
                                                 bool retain_graph, bool create_graph,
                                                 bool allow_unused);

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_ENGINE_H_
