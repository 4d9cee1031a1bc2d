# torch.autograd.gradcheck and gradgradcheck over tc's autograd: ops and
# custom Functions in float64, a wrong backward caught (the Jacobian
# mismatch message as PyTorch lays it out, and raise_exception=False),
# eps/atol/rtol, several inputs and outputs, and the input checks.
import torch
from torch.autograd import Function, gradcheck, gradgradcheck
from torch.autograd.gradcheck import GradcheckError

torch.manual_seed(0)
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
b = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
c = torch.randn(3, dtype=torch.float64, requires_grad=True)

print(gradcheck(lambda x: x.sin() * x, (a,)))
print(gradcheck(torch.matmul, (a, b)))
print(gradcheck(lambda x, y: (x @ y).tanh().sum(1) + c.exp(), (a, b)))
print(gradcheck(lambda x: (x.softmax(1), x.sum()), (a,)))
print(gradcheck(lambda x, k: x * k, (c, 3.0)))
print(gradcheck(lambda x: x[1:, ::2].pow(2), (a,), eps=1e-5, atol=1e-4))
print(gradgradcheck(lambda x: x.sin() * x, (c,), (torch.ones(3, dtype=torch.float64),)))
print(gradgradcheck(lambda x, y: x @ y, (a, b)))


class Square(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g


class BadSquare(Square):
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 3 * x * g


class Ignores(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones_like(g) * 2


x = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64, requires_grad=True)
print(gradcheck(Square.apply, (x,)))
print(gradgradcheck(Square.apply, (x,), (torch.ones(3, dtype=torch.float64),)))
print(gradcheck(BadSquare.apply, (x,), raise_exception=False))
try:
    gradcheck(BadSquare.apply, (x,))
except GradcheckError as e:
    print("GradcheckError", isinstance(e, RuntimeError))
    print(e)
try:
    gradcheck(Ignores.apply, (x,))
except GradcheckError as e:
    print(e)
print(gradcheck(BadSquare.apply, (x,), atol=10.0))
print(gradcheck(lambda t: t * 1e4, (x,), rtol=0.0, atol=1e-6, raise_exception=False))

try:
    gradcheck(lambda t: t * 2, (torch.ones(2, dtype=torch.float64),))
except ValueError as e:
    print("ValueError", e)
try:
    gradcheck(lambda t: t * 2, (torch.ones(1, dtype=torch.float64).expand(3).requires_grad_(),))
except RuntimeError as e:
    print("RuntimeError", e)
