// The public view of torch.Tensor objects (tensor_value.h).
#include "tc/script_torch/tensor_value.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/record.h"

#include "torch_tensor.h"

namespace tc::script_torch {

bool IsTensorValue(const Value& v) { return IsTensor(v); }
const tensor::Tensor& TensorOfValue(const Value& v) { return Cast<TensorObject>(v)->t; }
bool TensorRequiresGrad(const Value& v) { return autodiff::RequiresGrad(Cast<TensorObject>(v)->t); }

Value NewTensorValue(tensor::Tensor t, bool requires_grad, Type* type) {
  if (type == nullptr || type == TensorType()) {
    if (requires_grad) (void)autodiff::SetRequiresGrad(t, true);
    return WrapTensor(std::move(t));
  }
  Object* o = type->alloc(type);
  auto* to = static_cast<TensorObject*>(o);
  to->t = std::move(t);
  if (requires_grad) (void)autodiff::SetRequiresGrad(to->t, true);
  return Value::Adopt(o);
}

Value NewCompiledOutputValue(tensor::Tensor t, bool requires_grad, Type* type) {
  // Recorded by RunGraphWithAutograd: it has its history already.
  if (t.autograd_meta() != nullptr) {
    // Unless the traced tensor had none (x.detach(), a result computed
    // under no_grad that the graph gave the value of a recorded one): an
    // alias without history, as eager mode's detach() returns.
    if (!requires_grad && autodiff::RequiresGrad(t)) {
      t = tensor::Tensor(t.storage(), t.dtype(), t.sizes(), t.strides(), t.storage_offset());
    }
    return NewTensorValue(std::move(t), false, type);
  }
  if (requires_grad && tensor::IsFloatingPoint(t.dtype()) && autodiff::GradModeEnabled()) {
    // Training through a compiled frame needs AOT autograd: its backward
    // says so instead of computing a wrong gradient.
    t.set_autograd_meta(nullptr);
    autodiff::RecordWithoutDerivative("compiled_function", "CompiledFunctionBackward", {},
                                      std::span<tensor::Tensor>(&t, 1));
    requires_grad = false;
  }
  return NewTensorValue(std::move(t), requires_grad, type);
}

Type* TensorValueType() { return TensorType(); }
bool GradModeEnabled() { return GradEnabled(); }
void SetGradModeEnabled(bool enabled) { SetGradEnabled(enabled); }

}  // namespace tc::script_torch
