# Globals and closure cells. A global tensor becomes a graph input (reassigning
# it does not recompile); a global int is a constant guard that recompiles on
# every new value. A closure-captured int recompiles once and then goes dynamic;
# a closure-captured tensor is an input.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

G = torch.ones(2)
K = 2


def g(x):
    return x * K + G


cnt = CompileCounter()
opt = torch.compile(g, backend=cnt)
print(opt(torch.ones(2)), cnt.frame_count)
G = torch.zeros(2)
print(opt(torch.ones(2)), cnt.frame_count)
K = 5
print(opt(torch.ones(2)), cnt.frame_count)
K = 6
print(opt(torch.ones(2)), cnt.frame_count)
K = 2
print(opt(torch.ones(2)), cnt.frame_count)


def make(scale, t):
    def inner(x):
        return x * scale + t
    return inner


cnt = CompileCounter()
for scale, t in [(2, torch.ones(2)), (3, torch.ones(2)), (3, torch.zeros(2)), (4, torch.zeros(2))]:
    print(torch.compile(make(scale, t), backend=cnt)(torch.ones(2)), cnt.frame_count)
