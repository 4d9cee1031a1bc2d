# torch.autograd.Function: custom forward/backward pairs. The class of a
# call's context is made per Function subclass (ExpBackward for Exp, as
# PyTorch's metaclass does); that context is the output's grad_fn, and
# _function_apply (torch_function.cc) runs the forward, records the node
# and calls ctx.apply(*grads) from the backward engine.
import torch


class BackwardCFunction(_FunctionBase):
    # The engine's entry: the subclass's backward (or vjp) on this ctx.
    def apply(self, *args):
        backward_fn = self._forward_cls.backward
        vjp_fn = self._forward_cls.vjp
        if backward_fn is not Function.backward and vjp_fn is not Function.vjp:
            raise RuntimeError(
                "Implementing both 'backward' and 'vjp' for a custom "
                "Function is not allowed. You should only implement one "
                "of them."
            )
        user_fn = vjp_fn if vjp_fn is not Function.vjp else backward_fn
        return user_fn(self, *args)


class FunctionMeta(type):
    def __init__(cls, name, bases, attrs):
        backward_fn = type(name + "Backward", (BackwardCFunction,), {"_forward_cls": cls})
        cls._backward_cls = backward_fn
        super().__init__(name, bases, attrs)


class FunctionCtx:
    pass


class _SingleLevelFunction(metaclass=FunctionMeta):
    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError(
            "You must implement the forward function for custom autograd.Function."
        )

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError(
            "You must implement either the backward or vjp method for "
            "your custom autograd.Function to use it with backward "
            "mode AD."
        )

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError(
            "You must implement the jvp function for custom "
            "autograd.Function to use it with forward mode AD."
        )


class Function(_SingleLevelFunction):
    # PyTorch warns (DeprecationWarning) on instantiation; tc has no
    # warnings output.
    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            "Legacy autograd function with non-static forward method is deprecated. "
            "Please use new-style autograd function with static forward method. "
            "(Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)"
        )

    generate_vmap_rule = False

    @classmethod
    def apply(cls, *args):
        setup = cls.setup_context is not _SingleLevelFunction.setup_context
        needs = tuple(isinstance(a, torch.Tensor) and a.requires_grad for a in args)
        return _function_apply(cls, setup, args, needs)


class InplaceFunction(Function):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace


class DelayedError(Function):
    # once_differentiable's guard: passes its inputs through; a backward
    # through it (a second differentiation) raises.
    @staticmethod
    def forward(ctx, *args):
        return tuple(a.clone() for a in args)

    @staticmethod
    def backward(ctx, *grads):
        raise RuntimeError(
            "trying to differentiate twice a function that was marked with @once_differentiable"
        )


def once_differentiable(fn):
    def wrapper(ctx, *args):
        with torch.no_grad():
            outputs = fn(ctx, *args)
        if not torch.is_grad_enabled():
            return outputs
        requires_grad = any(isinstance(arg, torch.Tensor) and arg.requires_grad for arg in args)
        if not requires_grad:
            return outputs
        if not isinstance(outputs, tuple):
            outputs_ = (outputs,)
        else:
            outputs_ = outputs

        def fake_requires_grad(var):
            if var is not None:
                var = var.detach()
                var.requires_grad = True
            return var

        errs = DelayedError.apply(*[fake_requires_grad(v) for v in outputs_])
        return errs if isinstance(outputs, tuple) else errs[0]

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper
