// torch.autograd.Function in the torch module (torch_function.cc): the
// node whose backward is the script's, and what torch_autograd.cc needs
// of it to show a call's context as the output's grad_fn.
#ifndef TC_SCRIPT_TORCH_SRC_TORCH_FUNCTION_H_
#define TC_SCRIPT_TORCH_SRC_TORCH_FUNCTION_H_

#include "tc/autodiff/node.h"
#include "tc/script/native.h"

#include "script_names.h"

namespace tc::script_torch {

// The ctx object of a Function call's node (its grad_fn as the script
// sees it), or null for other nodes.
Value FunctionNodeObject(const autodiff::Node& node);

// grad_fn.next_functions of `node`: ((next grad_fn or None, input_nr), ...)
// (torch_autograd.cc).
Value NextFunctionsTuple(const autodiff::Node& node);

// torch.autograd.function (torch.autograd's Function, once_differentiable).
bool InitAutogradFunctionModule(VM& vm, ModuleObject* m);

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_SRC_TORCH_FUNCTION_H_
