# Strides are part of the tensor guard: a transposed (non-contiguous) input of
# the same shape recompiles; a contiguous copy reuses the first entry.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x + 1


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
a = torch.arange(12.0).reshape(3, 4)
b = torch.arange(12.0).reshape(4, 3).t()
print(a.shape, a.stride(), b.shape, b.stride())
print(opt(a), cnt.frame_count)
print(opt(b), cnt.frame_count)
print(opt(b.contiguous()), cnt.frame_count)
print(opt(b), cnt.frame_count)
