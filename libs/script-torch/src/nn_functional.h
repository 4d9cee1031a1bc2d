// Shared by the torch.nn.functional files: argument readers and the
// function tables each file contributes to the module.
#ifndef TC_SCRIPT_TORCH_SRC_NN_FUNCTIONAL_H_
#define TC_SCRIPT_TORCH_SRC_NN_FUNCTIONAL_H_

#include <span>

#include "torch_tensor.h"

namespace tc::script_torch {

// An optional tensor argument: None (or absent) becomes a None constant.
bool OptTensor(VM& vm, const Value& v, const char* f, const char* arg, kernels::KernelArg* out);

// The normalization functions (nn_functional_norm.cc).
std::span<const MethodDef> NormFunctions();

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_SRC_NN_FUNCTIONAL_H_
