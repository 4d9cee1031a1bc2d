# Module backward hooks (register_full_backward_hook,
# register_full_backward_pre_hook and their global forms), as PyTorch's
# torch/utils/hooks.py BackwardHook implements them: the module's tensor
# inputs and outputs pass through a BackwardHookFunction whose backward
# calls the hooks (grad_output when the gradients reach the outputs,
# grad_input once they reach the inputs).
#
# Runs in torch.nn's namespace after nn_module.py (nn_module.cc), which
# calls _call_with_backward_hooks from Module.__call__ when a hook exists.
import torch
from torch.utils.hooks import RemovableHandle


_global_backward_hooks = _OrderedDict()
_global_backward_pre_hooks = _OrderedDict()


def register_module_full_backward_hook(hook):
    handle = RemovableHandle(_global_backward_hooks)
    _global_backward_hooks[handle.id] = hook
    return handle


def register_module_full_backward_pre_hook(hook):
    handle = RemovableHandle(_global_backward_pre_hooks)
    _global_backward_pre_hooks[handle.id] = hook
    return handle


class BackwardHookFunction(torch.autograd.Function):
    # Passes its tensors through. Its backward runs `hook` as PyTorch runs
    # a hook on this node's grad_fn: hook(grad_inputs, grad_outputs), the
    # gradients it returns (missing ones as zeros) and those it received
    # (missing ones as None); a result replaces grad_inputs.
    @staticmethod
    def forward(ctx, hook, *args):
        ctx.hook = hook
        ctx.set_materialize_grads(False)
        ctx.metas = [(arg.shape, arg.dtype) for arg in args]
        ctx.mark_non_differentiable(*[arg for arg in args if not arg.requires_grad])
        return args

    @staticmethod
    def backward(ctx, *grads):
        grad_inputs = tuple(
            g if g is not None else torch.zeros(shape, dtype=dtype)
            for g, (shape, dtype) in zip(grads, ctx.metas)
        )
        res = ctx.hook(grad_inputs, grads)
        if res is not None:
            if len(res) != len(grad_inputs):
                raise RuntimeError(
                    f"hook 'hook' has returned an incorrect number of values "
                    f"(got {len(res)}, but expected {len(grad_inputs)})"
                )
            grad_inputs = tuple(res)
        return (None,) + grad_inputs


class BackwardHook:
    def __init__(self, module, user_hooks, user_pre_hooks):
        self.user_hooks = user_hooks
        self.user_pre_hooks = user_pre_hooks
        self.module = module
        self.grad_outputs = None
        self.n_outputs = -1
        self.output_tensors_index = None
        self.n_inputs = -1
        self.input_tensors_index = None

    def _pack_with_none(self, indices, values, size):
        res = [None] * size
        for idx, val in zip(indices, values):
            res[idx] = val
        return tuple(res)

    def _unpack_none(self, indices, values):
        return tuple(values[idx] for idx in indices)

    def _input_hook(self, grad_input, _):
        if self.grad_outputs is None:
            # The gradient reached the inputs without passing through the
            # outputs (double backward).
            return None
        res = self._pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
        for hook in self.user_hooks:
            out = hook(self.module, res, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(res):
                raise RuntimeError(
                    "Backward hook returned an invalid number of grad_input, "
                    f"got {len(out)}, but expected {len(res)}"
                )
            res = out
        self.grad_outputs = None
        return self._unpack_none(self.input_tensors_index, res)

    def _output_hook(self, _, grad_output):
        self.grad_outputs = self._pack_with_none(
            self.output_tensors_index, grad_output, self.n_outputs
        )
        if self.user_pre_hooks:
            expected_len = len(self.grad_outputs)
            for user_pre_hook in self.user_pre_hooks:
                hook_grad_outputs = user_pre_hook(self.module, self.grad_outputs)
                if hook_grad_outputs is None:
                    continue
                actual_len = len(hook_grad_outputs)
                if actual_len != expected_len:
                    raise RuntimeError(
                        "Backward pre hook returned an invalid number of grad_output, "
                        f"got {actual_len}, but expected {expected_len}"
                    )
                self.grad_outputs = hook_grad_outputs
        local_grad_outputs = self.grad_outputs
        if self.input_tensors_index is None:
            # No input requires grad: the full hooks run now, with no
            # grad_input (PyTorch also warns).
            if self.user_hooks:
                grad_inputs = self._pack_with_none([], [], self.n_inputs)
                for user_hook in self.user_hooks:
                    res = user_hook(self.module, grad_inputs, self.grad_outputs)
                    if res is not None and not (
                        isinstance(res, tuple) and all(el is None for el in res)
                    ):
                        raise RuntimeError(
                            "Backward hook for Modules where no input requires "
                            "gradient should always return None or None for all gradients."
                        )
            self.grad_outputs = None
        if local_grad_outputs is not None:
            return tuple(local_grad_outputs[i] for i in self.output_tensors_index)
        return None

    def _apply_on_tensors(self, hook, args):
        tensors_idx = []
        tensors = []
        requires_grad = False
        for i, arg in enumerate(args):
            if isinstance(arg, torch.Tensor):
                tensors_idx.append(i)
                tensors.append(arg)
                requires_grad = requires_grad or arg.requires_grad
        if not (requires_grad and torch.is_grad_enabled()):
            return args, None
        new_tensors = BackwardHookFunction.apply(hook, *tensors)
        if len(new_tensors) == 0:
            raise RuntimeError("Cannot set Module backward hook for a Module with no input Tensors.")
        arg_list = list(args)
        for idx, val in zip(tensors_idx, new_tensors):
            arg_list[idx] = val
        return tuple(arg_list), tensors_idx

    def setup_input_hook(self, args):
        res, input_idx = self._apply_on_tensors(self._input_hook, args)
        self.n_inputs = len(args)
        self.input_tensors_index = input_idx
        return res

    def setup_output_hook(self, args):
        is_tuple = True
        if not isinstance(args, tuple):
            args = (args,)
            is_tuple = False
        res, output_idx = self._apply_on_tensors(self._output_hook, args)
        self.n_outputs = len(args)
        self.output_tensors_index = output_idx
        if not is_tuple:
            res = res[0]
        return res


def _call_with_backward_hooks(module, args, kwargs):
    pre_hooks = list(_global_backward_pre_hooks.values())
    if module._tc_backward_pre_hooks:
        pre_hooks += list(module._tc_backward_pre_hooks.values())
    full_hooks = list(_global_backward_hooks.values())
    if module._tc_backward_hooks:
        full_hooks += list(module._tc_backward_hooks.values())
    if not full_hooks and not pre_hooks:
        return module.forward(*args, **kwargs)
    bw_hook = BackwardHook(module, full_hooks, pre_hooks)
    args = bw_hook.setup_input_hook(args)
    result = module.forward(*args, **kwargs)
    return bw_hook.setup_output_hook(result)
