// Autograd's state of one variable (tensor::Tensor's AutogradMetaInterface)
// and the accessors PyTorch's Tensor attributes are made of:
// requires_grad, is_leaf, grad_fn, .grad, retain_grad, register_hook.
//
// A tensor autograd never saw has no meta: it is a leaf that does not
// require grad. Copies of a tensor::Tensor share their meta, so every
// script object holding the same variable sees one .grad and one grad_fn.
#ifndef TC_AUTODIFF_AUTOGRAD_META_H_
#define TC_AUTODIFF_AUTOGRAD_META_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"

#include "tc/autodiff/node.h"
#include "tc/tensor/tensor.h"

namespace tc::autodiff {

class AutogradMeta final : public tensor::AutogradMetaInterface {
 public:
  // Leaves: the user's flag. Non-leaves: true (they have a grad_fn).
  bool requires_grad = false;
  // The node that produced this variable; null for leaves.
  std::shared_ptr<Node> grad_fn;
  // Which of grad_fn's outputs this variable is.
  uint32_t output_nr = 0;
  // .grad: accumulated by backward for leaves (and retain_grad non-leaves).
  tensor::Tensor grad;
  bool retains_grad = false;
  // Leaves: the AccumulateGrad node every edge to this leaf points at,
  // made on first use; weak, as the graph owns it.
  std::weak_ptr<Node> grad_accumulator;
  // Hooks registered on a leaf, run by its AccumulateGrad before adding.
  std::vector<GradHook> leaf_hooks;
  // An input a torch.autograd.Function returned as it is: the Function's
  // name ("Id"). PyTorch makes such an output a view that must not be
  // written in place (the write's history would bypass the custom
  // backward).
  std::string custom_function_view;
  // A view made by a recorded op (its storage is its base's): the base
  // variable, the root one for a view of a view. An in-place write into
  // the view rewrites the base's history too (RebaseHistory), as PyTorch's
  // CopySlices does.
  tensor::Tensor view_base;
};

// The meta of `t`, or null.
inline AutogradMeta* MetaOf(const tensor::Tensor& t) {
  return static_cast<AutogradMeta*>(t.autograd_meta());
}
// The meta of `t`, made when absent (on this copy of the tensor; callers
// pass the variable's own Tensor, e.g. the one a script object holds).
AutogradMeta& MaterializeMeta(tensor::Tensor& t);

inline bool RequiresGrad(const tensor::Tensor& t) {
  const AutogradMeta* m = MetaOf(t);
  return m != nullptr && m->requires_grad;
}
inline bool IsLeaf(const tensor::Tensor& t) {
  const AutogradMeta* m = MetaOf(t);
  return m == nullptr || m->grad_fn == nullptr;
}
inline Node* GradFn(const tensor::Tensor& t) {
  const AutogradMeta* m = MetaOf(t);
  return m == nullptr ? nullptr : m->grad_fn.get();
}

// requires_grad_(flag) / .requires_grad = flag, with PyTorch's errors:
// only floating-point tensors can require gradients; a non-leaf's flag
// cannot be changed.
absl::Status SetRequiresGrad(tensor::Tensor& t, bool flag);

// The edge a gradient for `t` travels: (grad_fn, output_nr) for a
// non-leaf, the leaf's AccumulateGrad for a leaf that requires grad, an
// invalid edge otherwise.
Edge GradientEdge(const tensor::Tensor& t);

// A new variable over the same data with no history (Tensor.detach()).
tensor::Tensor Detach(const tensor::Tensor& t);

// Makes `t` the output `output_nr` of `fn` (requires_grad, not a leaf).
void SetHistory(tensor::Tensor& t, std::shared_ptr<Node> fn, uint32_t output_nr);

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_AUTOGRAD_META_H_
