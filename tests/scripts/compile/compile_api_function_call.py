# torch.compile(fn, backend="eager") as a call: returns a new callable (the
# original is untouched), compiles lazily on the first call, and gives the same
# results as eager. CompileCounter as backend counts frames and ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x, y):
    z = torch.sin(x) * y
    return z + x.cos(), z.sum()


x = torch.linspace(0.0, 1.0, 5)
y = torch.arange(5.0)
opt = torch.compile(f, backend="eager")
print(opt is f, callable(opt), opt.__name__)
print(f(x, y))
print(opt(x, y))
a, b = opt(x, y)
print(a.shape, b.shape, a.dtype)

cnt = CompileCounter()
opt2 = torch.compile(f, backend=cnt)
print("before call:", cnt.frame_count, cnt.op_count)
opt2(x, y)
print("after call:", cnt.frame_count, cnt.op_count)
opt2(x * 2, y + 1)
print("same shapes again:", cnt.frame_count, cnt.op_count)
print(f(x, y)[1], opt2(x, y)[1])
