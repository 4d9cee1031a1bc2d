# math on Python numbers (constants, shapes) is computed while tracing; only the
# tensor ops are in the graph. math.* applied to a tensor element would need its
# value (see break_item), so only constants and sizes are used here.
import math
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def attention_scale(q, k):
    d = q.shape[-1]
    s = 1.0 / math.sqrt(d)
    return (q @ k.t()) * s, s


def g(x):
    return x * math.pi + math.floor(2.7) + math.log(math.e) + abs(-2) + max(3, 7) + round(2.5)


cnt = CompileCounter()
q = torch.ones(2, 4)
k = torch.ones(3, 4)
print(torch.compile(attention_scale, backend=cnt)(q, k), cnt.frame_count, cnt.op_count)
print(torch.compile(g, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
out = torch._dynamo.explain(g)(torch.ones(2))
print(out.op_count, [[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
