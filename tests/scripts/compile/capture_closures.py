# Closures: functions closing over tensors, constants and other functions are
# inlined; nonlocal counters mutated inside the compiled function are updated.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def make_affine(w, b):
    def affine(x):
        return x * w + b
    return affine


def make_counter():
    count = 0

    def step(x):
        nonlocal count
        count = count + 1
        return x + count
    return step


affine = make_affine(torch.full((2,), 3.0), 1.0)
step = make_counter()


def f(x):
    y = affine(x)
    y = step(y)
    y = step(y)
    return y


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
print(opt(torch.ones(2)), cnt.frame_count, cnt.op_count)
print(opt(torch.ones(2)), cnt.frame_count, cnt.op_count)
print(f(torch.ones(2)))
