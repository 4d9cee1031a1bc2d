# Python constants passed as arguments are guarded. An int is specialized on its
# first value and becomes dynamic after it changes (one recompile, then reuse);
# floats behave the same; bools and strings recompile per distinct value.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def scale(x, n):
    return x * n


cnt = CompileCounter()
opt = torch.compile(scale, backend=cnt)
for n in [2, 2, 3, 4, 5, 2]:
    print("int", n, opt(torch.ones(2), n), cnt.frame_count)

torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(scale, backend=cnt)
for n in [2.5, 2.5, 3.5, 4.5]:
    print("float", n, opt(torch.ones(2), n), cnt.frame_count)


def pick(x, flag):
    if flag:
        return x + 1
    return x - 1


cnt = CompileCounter()
opt = torch.compile(pick, backend=cnt)
for fl in [True, True, False, False, True]:
    print("bool", fl, opt(torch.ones(2), fl), cnt.frame_count)


def mode(x, m):
    if m == "add":
        return x + 1
    return x * 3


cnt = CompileCounter()
opt = torch.compile(mode, backend=cnt)
for m in ["add", "mul", "add", "other", "mul"]:
    print("str", m, opt(torch.ones(2), m), cnt.frame_count)
