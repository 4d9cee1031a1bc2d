# dynamic=False versus the default (dynamic=None, automatic dynamic shapes):
# with dynamic=False every new input size is a new static graph; by default the
# second size compiles one dynamic graph that serves all later sizes. (Two
# distinct functions: each code object has its own cache.)
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x.relu() * 2


def g(x):
    return x.relu() * 2


static_cnt = CompileCounter()
default_cnt = CompileCounter()
static_f = torch.compile(f, backend=static_cnt, dynamic=False)
default_f = torch.compile(g, backend=default_cnt)
for n in [2, 3, 4, 5, 6, 3]:
    x = torch.arange(float(n)) - 1
    a = static_f(x)
    print(n, a, static_cnt.frame_count, default_cnt.frame_count)
    b = default_f(x)
    print(n, b, static_cnt.frame_count, default_cnt.frame_count)
