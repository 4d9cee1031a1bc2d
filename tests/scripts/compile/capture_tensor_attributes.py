# Tensor metadata (shape, size(), dim(), dtype, numel, requires_grad) is known at
# trace time: branches on it are resolved without a graph break, and returned
# metadata values are plain Python values.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    if x.dtype == torch.float32 and x.dim() == 2:
        y = x.sum(dim=1)
    else:
        y = x.float() * 2
    return y, x.shape[0], x.size(1) if x.dim() > 1 else -1, x.numel(), x.requires_grad


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
print(opt(torch.ones(2, 3)), cnt.frame_count)
print(opt(torch.ones(5, dtype=torch.int64)), cnt.frame_count)
out = torch._dynamo.explain(f)(torch.ones(2, 3))
print(out.graph_count, out.graph_break_count, out.op_count)
