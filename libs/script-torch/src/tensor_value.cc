// The public view of torch.Tensor objects (tensor_value.h).
#include "tc/script_torch/tensor_value.h"

#include "torch_tensor.h"

namespace tc::script_torch {

bool IsTensorValue(const Value& v) { return IsTensor(v); }
const tensor::Tensor& TensorOfValue(const Value& v) { return Cast<TensorObject>(v)->t; }
bool TensorRequiresGrad(const Value& v) { return Cast<TensorObject>(v)->requires_grad; }

Value NewTensorValue(tensor::Tensor t, bool requires_grad, Type* type) {
  if (type == nullptr || type == TensorType()) {
    Value v = WrapTensor(std::move(t));
    Cast<TensorObject>(v)->requires_grad = requires_grad;
    return v;
  }
  Object* o = type->alloc(type);
  auto* to = static_cast<TensorObject*>(o);
  to->t = std::move(t);
  to->requires_grad = requires_grad;
  return Value::Adopt(o);
}

Type* TensorValueType() { return TensorType(); }
bool GradModeEnabled() { return GradEnabled(); }
void SetGradModeEnabled(bool enabled) { SetGradEnabled(enabled); }

}  // namespace tc::script_torch
