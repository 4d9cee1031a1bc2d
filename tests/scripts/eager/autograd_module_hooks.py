# nn.Module backward hooks: register_full_backward_hook (grad_input and
# grad_output tuples, replacing grad_input), register_full_backward_pre_hook
# (replacing grad_output), handles that remove them, the global
# torch.nn.modules.module.register_module_full_backward_hook, non-tensor
# inputs and outputs, and PyTorch's errors (caught: PyTorch raises them
# inside its library).
import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_full_backward_hook
from _attempt import attempt


def shapes(gs):
    return [tuple(g.shape) if g is not None else None for g in gs]


torch.manual_seed(0)
lin = nn.Linear(3, 2)
x = torch.randn(4, 3, requires_grad=True)


def hook(module, grad_input, grad_output):
    print("hook", type(module).__name__, shapes(grad_input), shapes(grad_output))
    print(grad_output[0])


handle = lin.register_full_backward_hook(hook)
y = lin(x)
print(type(y.grad_fn).__name__, [type(f).__name__ for f, _ in y.grad_fn.next_functions])
(y * torch.arange(8.0).reshape(4, 2)).sum().backward()
print(x.grad)

# A hook returning a replacement grad_input; a pre-hook scaling grad_output.
handle.remove()
x.grad = None
lin.register_full_backward_hook(lambda m, gi, go: (gi[0] * 0 + 1,))
lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 10,))
lin.zero_grad()
lin(x).sum().backward()
print(x.grad)
print(lin.weight.grad)


# Several tensor and non-tensor inputs and outputs.
class Pair(nn.Module):
    def forward(self, a, scale, b):
        return a * scale, "tag", b.sum(1)


pair = Pair()
calls = []


def pair_hook(module, grad_input, grad_output):
    calls.append((shapes(grad_input), shapes(grad_output)))


pair.register_full_backward_hook(pair_hook)
a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(2, 3)
p, tag, q = pair(a, 2.0, b)
print(tag, p.requires_grad, q.requires_grad)
p.sum().backward()
print(calls)
print(a.grad)

# No input requires grad: the full hook sees no grad_input.
frozen = nn.Linear(3, 2)
frozen.register_full_backward_hook(
    lambda m, gi, go: print("frozen", gi, shapes(go)))
out = frozen(torch.randn(4, 3))
out.sum().backward()

# Global hooks run for every module, before the module's own.
seq = nn.Sequential(nn.Linear(3, 3), nn.Tanh(), nn.Linear(3, 1))
order = []
global_handle = register_module_full_backward_hook(
    lambda m, gi, go: order.append("global " + type(m).__name__))
seq[2].register_full_backward_hook(lambda m, gi, go: order.append("own Linear"))
seq(x).sum().backward()
print(order)
global_handle.remove()
order.clear()
seq(x).sum().backward()
print(order)

# Errors.
bad = nn.Linear(3, 2)
bad.register_full_backward_hook(lambda m, gi, go: (gi[0], gi[0]))
attempt("wrong count", lambda: bad(x).sum().backward())
bad_pre = nn.Linear(3, 2)
bad_pre.register_full_backward_pre_hook(lambda m, go: ())
attempt("pre wrong count", lambda: bad_pre(x).sum().backward())
hooked = nn.Linear(3, 3)
hooked.register_full_backward_hook(lambda m, gi, go: None)
attempt("inplace output", lambda: hooked(x).relu_())
relu = nn.ReLU(inplace=True)
attempt("inplace after", lambda: relu(hooked(x)))
frozen_bad = nn.Linear(3, 2)
frozen_bad.register_full_backward_hook(lambda m, gi, go: (torch.ones(1),))
attempt("frozen returns", lambda: frozen_bad(torch.randn(4, 3)).sum().backward())
