#include "tc/autodiff/autograd_meta.h"

namespace tc::autodiff {

AutogradMeta& MaterializeMeta(tensor::Tensor& t) {
  if (AutogradMeta* m = MetaOf(t)) return *m;
  auto meta = std::make_shared<AutogradMeta>();
  AutogradMeta& ref = *meta;
  t.set_autograd_meta(std::move(meta));
  return ref;
}

absl::Status SetRequiresGrad(tensor::Tensor& t, bool flag) {
  if (!IsLeaf(t)) {
    if (flag) return absl::OkStatus();  // already requires grad
    return absl::InvalidArgumentError(
        "you can only change requires_grad flags of leaf variables. If you want to use a computed "
        "variable in a subgraph that doesn't require differentiation use var_no_grad = "
        "var.detach().");
  }
  if (flag && !tensor::IsFloatingPoint(t.dtype())) {
    return absl::InvalidArgumentError("only Tensors of floating point dtype can require gradients");
  }
  if (!flag && MetaOf(t) == nullptr) return absl::OkStatus();
  MaterializeMeta(t).requires_grad = flag;
  return absl::OkStatus();
}

Edge GradientEdge(const tensor::Tensor& t) {
  AutogradMeta* m = MetaOf(t);
  if (m == nullptr) return {};
  if (m->grad_fn != nullptr) return Edge{m->grad_fn, m->output_nr};
  if (!m->requires_grad) return {};
  std::shared_ptr<Node> acc = m->grad_accumulator.lock();
  if (acc == nullptr) {
    acc = std::make_shared<AccumulateGrad>(t);
    m->grad_accumulator = acc;
  }
  return Edge{std::move(acc), 0};
}

tensor::Tensor Detach(const tensor::Tensor& t) {
  tensor::Tensor d = t;
  d.set_autograd_meta(nullptr);
  return d;
}

void SetHistory(tensor::Tensor& t, std::shared_ptr<Node> fn, uint32_t output_nr) {
  AutogradMeta& m = MaterializeMeta(t);
  m.requires_grad = true;
  m.grad_fn = std::move(fn);
  m.output_nr = output_nr;
}

}  // namespace tc::autodiff
