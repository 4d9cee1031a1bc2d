# torch.* functions, torch.nn.functional calls, Tensor methods and operators all
# land in one graph. Explain counts call_function nodes only (torch.*, F.*,
# operators); CompileCounter counts methods too.
import torch
import torch.nn.functional as F
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    a = torch.exp(x) + torch.sqrt(x + 1)
    b = F.relu(a - 3).softmax(dim=0)
    c = a.mean() * b.max()
    d = x.reshape(2, 2).t().contiguous().view(-1)
    return torch.where(d > 0.4, c, -c), b


x = torch.arange(4.0) / 4
cnt = CompileCounter()
r = torch.compile(f, backend=cnt)(x)
print(r)
print(cnt.frame_count, cnt.op_count)
out = torch._dynamo.explain(f)(x)
print(out.graph_count, out.op_count)
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
print(f(x))
