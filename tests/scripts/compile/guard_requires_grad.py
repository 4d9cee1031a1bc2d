# requires_grad is part of the tensor guard: switching it recompiles, and both
# entries are reused afterwards.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return (x * 3).sum()


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
for rg in [False, False, True, True, False]:
    x = torch.ones(3, requires_grad=rg)
    y = opt(x)
    print(rg, y.detach(), y.requires_grad, "frames:", cnt.frame_count)
x = torch.ones(3, requires_grad=True)
opt(x).backward()
print(x.grad)
