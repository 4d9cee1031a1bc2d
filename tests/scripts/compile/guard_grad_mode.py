# Grad mode is a global-state guard: calling under torch.no_grad() recompiles;
# both entries are reused later.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x * 2


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
x = torch.ones(2, requires_grad=True)
print(opt(x).requires_grad, cnt.frame_count)
with torch.no_grad():
    print(opt(x).requires_grad, cnt.frame_count)
print(opt(x).requires_grad, cnt.frame_count)
with torch.no_grad():
    print(opt(x).requires_grad, cnt.frame_count)
with torch.enable_grad():
    print(opt(x).requires_grad, cnt.frame_count)
