# fullgraph=True on break-free code: one graph per compile, results as eager;
# Python-level control flow on constants and shapes is traced away.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def f(x, n):
    for i in range(n):
        x = x + i
    if x.dim() == 1:
        x = x.unsqueeze(0)
    return torch.cat([x, x * 2], dim=0)


print(f(torch.arange(3.0), 3))
print(cnt.frame_count, cnt.op_count)
print(f(torch.arange(3.0), 3))
print(cnt.frame_count, cnt.op_count)
print(f(torch.ones(2, 3), 1))
print(cnt.frame_count, cnt.op_count)
