# User functions called from a compiled function are inlined: one frame, their
# ops counted in it; default and keyword arguments, *args and recursion on a
# constant depth are resolved while tracing.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def scale(x, factor=2.0, *, bias=0.0):
    return x * factor + bias


def combine(*parts):
    total = parts[0]
    for p in parts[1:]:
        total = total + p
    return total


def depth(x, n):
    if n == 0:
        return x
    return depth(x * 2, n - 1)


def f(x):
    a = scale(x)
    b = scale(x, 3.0, bias=1.0)
    return combine(a, b, depth(x, 3))


cnt = CompileCounter()
print(torch.compile(f, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
out = torch._dynamo.explain(f)(torch.ones(2))
print(out.graph_count, out.graph_break_count, out.op_count)
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
