// DecomposedNode: the tape's node for a composite op that ran its fused
// eager kernel (batch_norm, group_norm, rms_norm, instance_norm...) but
// has no derivative formula of its own. The forward keeps the fused
// kernel's values (PyTorch's); at backward the node runs the op's
// decomposition on the tape from the saved inputs and differentiates
// that, so the gradients are the decomposition's, exactly.
#ifndef TC_AUTODIFF_SRC_DECOMPOSED_NODE_H_
#define TC_AUTODIFF_SRC_DECOMPOSED_NODE_H_

#include <span>
#include <string>
#include <vector>

#include "tc/autodiff/node.h"
#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"

namespace tc::autodiff::internal {

class DecomposedNode final : public Node {
 public:
  DecomposedNode(const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args,
                 uint32_t num_outputs, std::string name);
  std::string name() const override { return name_; }
  absl::StatusOr<GradList> Apply(GradList grads) override;
  void ReleaseSaved() override;

 private:
  const graph_ir::OpDef& op_;
  std::vector<kernels::KernelArg> args_;  // tensors detached, with their versions below
  std::vector<bool> requires_grad_;       // per flattened tensor input
  std::vector<uint64_t> versions_;
  std::string name_;
  bool released_ = false;
};

// The op's decomposition run on the tape (each core op recorded).
absl::StatusOr<std::vector<tensor::Tensor>> CallDecomposed(
    const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args);

}  // namespace tc::autodiff::internal

#endif  // TC_AUTODIFF_SRC_DECOMPOSED_NODE_H_
