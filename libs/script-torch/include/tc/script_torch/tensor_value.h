// Tensors as script values, for libraries above script (frame-capture,
// compiler) that must look into torch.Tensor objects or make them without
// knowing the torch module's object layout.
#ifndef TC_SCRIPT_TORCH_TENSOR_VALUE_H_
#define TC_SCRIPT_TORCH_TENSOR_VALUE_H_

#include "tc/script/object.h"
#include "tc/script/value.h"
#include "tc/tensor/tensor.h"

namespace tc::script_torch {

// torch.Tensor or a subclass (nn.Parameter, script subclasses).
bool IsTensorValue(const script::Value& v);
// The tensor inside; `v` must satisfy IsTensorValue.
const tensor::Tensor& TensorOfValue(const script::Value& v);
bool TensorRequiresGrad(const script::Value& v);
// A new tensor object of `type` (torch.Tensor when null) holding `t`.
script::Value NewTensorValue(tensor::Tensor t, bool requires_grad = false,
                             script::Type* type = nullptr);
// The output of a compiled frame: like NewTensorValue, but one that
// requires grad is a non-leaf whose grad_fn is PyTorch's
// CompiledFunctionBackward.
script::Value NewCompiledOutputValue(tensor::Tensor t, bool requires_grad,
                                     script::Type* type = nullptr);
// torch.Tensor itself.
script::Type* TensorValueType();
// Whether grad mode is on (torch.is_grad_enabled()).
bool GradModeEnabled();
// Sets it (torch._C._set_grad_enabled): frame capture restores the mode
// after a trace that ran torch.set_grad_enabled(...).
void SetGradModeEnabled(bool enabled);

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_TENSOR_VALUE_H_
