# torch.autograd.Function: forward/backward with ctx (save_for_backward,
# needs_input_grad, attributes, mark_dirty, mark_non_differentiable,
# set_materialize_grads), the setup_context style, non-tensor inputs and
# outputs, grad_fn names, double backward, once_differentiable, and
# PyTorch's errors (caught: PyTorch raises them inside its library).
import torch
from torch.autograd import Function
from torch.autograd.function import once_differentiable
from _attempt import attempt


class Exp(Function):
    @staticmethod
    def forward(ctx, x, scale):
        y = x.exp() * scale
        ctx.save_for_backward(y)
        ctx.scale = scale
        print("needs_input_grad", ctx.needs_input_grad)
        return y

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return g * y, None


x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y = Exp.apply(x, 2.0)
print(y)
print(type(y.grad_fn).__name__, y.grad_fn.name(), y.grad_fn.scale)
print(type(y.grad_fn.next_functions[0][0]).__name__, len(y.grad_fn.next_functions))
print(y.requires_grad, y.is_leaf)
(y * y).sum().backward()
print(x.grad)


# A Function in the middle of a graph, gradients through both sides.
class MulAdd(Function):
    @staticmethod
    def forward(ctx, a, b, c):
        ctx.save_for_backward(a, b)
        return a * b + c

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        ga = gb = gc = None
        if ctx.needs_input_grad[0]:
            ga = g * b
        if ctx.needs_input_grad[1]:
            gb = g * a
        if ctx.needs_input_grad[2]:
            gc = g
        return ga, gb, gc


a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = torch.tensor([[0.5, -0.5], [2.0, 1.0]], requires_grad=True)
c = torch.tensor([1.0, -1.0])
out = MulAdd.apply(a.sin(), b, c)
print(out.grad_fn.next_functions[0][0].name(), out.grad_fn.next_functions[2])
out.pow(2).sum().backward()
print(a.grad)
print(b.grad)


# Several outputs, one of them non-differentiable, and a non-tensor one.
class MaxArg(Function):
    @staticmethod
    def forward(ctx, x):
        idx = x.argmax()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(x, idx)
        return x.max(), idx, "label"

    @staticmethod
    def backward(ctx, g_val, g_idx, g_label):
        x, idx = ctx.saved_tensors
        print("grads in", g_val, g_idx, g_label)
        grad = torch.zeros_like(x)
        grad[idx] = g_val
        return grad


x = torch.tensor([1.0, 5.0, 3.0], requires_grad=True)
v, i, label = MaxArg.apply(x)
print(v, i, label, v.requires_grad, i.requires_grad)
(v * 3).backward()
print(x.grad)


# set_materialize_grads(False): a missing gradient arrives as None.
class Two(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("two", g1, g2)
        grad = None
        if g1 is not None:
            grad = g1 * 2
        if g2 is not None:
            grad = g2 * 3 if grad is None else grad + g2 * 3
        return grad


x = torch.tensor([1.0, 2.0], requires_grad=True)
p, q = Two.apply(x)
p.sum().backward()
print(x.grad)


class TwoMaterialized(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("materialized", g1, g2)
        return g1 * 2 + g2 * 3


x = torch.tensor([1.0, 2.0], requires_grad=True)
p, q = TwoMaterialized.apply(x)
q.sum().backward()
print(x.grad)


# mark_dirty: the input is written in place and returned.
class Double(Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 2


x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 1
r = Double.apply(h)
print(r is h, r.grad_fn.name(), h._version, h)
r.sum().backward()
print(x.grad)
attempt("dirty leaf", lambda: Double.apply(x))


# An input returned as it is becomes a new tensor of the node.
class Identity(Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 10


x = torch.tensor([1.0, 2.0], requires_grad=True)
o = Identity.apply(x)
print(o is x, o.grad_fn.name(), x.grad_fn)
o.sum().backward()
print(x.grad)
attempt("view inplace", lambda: Identity.apply(x * 1).mul_(2))


# The setup_context style.
class Scale(Function):
    @staticmethod
    def forward(x, k):
        return x * k

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, k = inputs
        ctx.k = k
        ctx.save_for_backward(output)

    @staticmethod
    def backward(ctx, g):
        (out,) = ctx.saved_tensors
        return g * ctx.k + out * 0, None


x = torch.tensor([1.0, -2.0], requires_grad=True)
o = Scale.apply(x, 5.0)
print(o, o.grad_fn.k)
o.sum().backward()
print(x.grad)


# Double backward through a backward made of differentiable ops.
class Cube(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 3 * x**2


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Cube.apply(x).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g.detach(), g.requires_grad)
(gg,) = torch.autograd.grad(g.sum(), x)
print(gg)


# once_differentiable: the first backward works, differentiating it fails.
class CubeOnce(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 3 * x**2


x = torch.tensor([1.0, 2.0], requires_grad=True)
(g,) = torch.autograd.grad(CubeOnce.apply(x).sum(), x, create_graph=True)
print(g, g.requires_grad)
attempt("twice differentiated", lambda: g.sum().backward())
x.grad = None
CubeOnce.apply(x).sum().backward()
print(x.grad)


# No grad: outputs have no history, backward never runs.
with torch.no_grad():
    print(Exp.apply(torch.tensor([1.0], requires_grad=True), 1.0).requires_grad)
print(Exp.apply(torch.tensor([1.0]), 1.0).grad_fn)
print(Cube.apply(torch.tensor([2.0])).requires_grad)

# A hook on an output of a Function.
x = torch.tensor([1.0, 2.0], requires_grad=True)
o = Cube.apply(x)
o.register_hook(lambda g: g * 100)
o.sum().backward()
print(x.grad)


# Errors.
class WrongCount(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g, g


class GradForNumber(Function):
    @staticmethod
    def forward(ctx, x, k):
        return x * k

    @staticmethod
    def backward(ctx, g):
        return g, g


class TooFew(Function):
    @staticmethod
    def forward(ctx, x, y):
        return x * y

    @staticmethod
    def backward(ctx, g):
        return g


class ExtraNones(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2, None, None


class NotATensor(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return 3


class WrongShape(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(3)


class NoBackward(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2


class SavesNumber(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 3)
        return x * 2


class Raises(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        raise ValueError("custom backward failed")


x = torch.tensor([1.0, 2.0], requires_grad=True)
attempt("wrong count", lambda: WrongCount.apply(x).sum().backward())
attempt("grad for number", lambda: GradForNumber.apply(x, 2).sum().backward())
attempt("too few", lambda: TooFew.apply(x, x).sum().backward())
x.grad = None
attempt("extra nones", lambda: ExtraNones.apply(x).sum().backward())
print(x.grad)
attempt("not a tensor", lambda: NotATensor.apply(x).sum().backward())
attempt("wrong shape", lambda: WrongShape.apply(x).sum().backward())
attempt("no backward", lambda: NoBackward.apply(x).sum().backward())
attempt("saves number", lambda: SavesNumber.apply(x))
attempt("raises", lambda: Raises.apply(x).sum().backward())


def saved_output_modified():
    y = Exp.apply(x, 1.0)
    y.add_(1)
    y.sum().backward()


def saved_input_modified():
    h = x * 1
    y = Cube.apply(h)
    h.mul_(2)
    y.sum().backward()


def twice():
    y = Exp.apply(x, 1.0)
    y.sum().backward()
    y.sum().backward()


def saved_after_backward():
    y = Exp.apply(x, 1.0)
    y.sum().backward()
    print(y.grad_fn.saved_tensors)


attempt("saved output modified", saved_output_modified)
attempt("saved input modified", saved_input_modified)
attempt("twice", twice)
attempt("saved after backward", saved_after_backward)
attempt("forward of base", lambda: Function.forward(None, x))
attempt("call instance", lambda: Exp()(x))
