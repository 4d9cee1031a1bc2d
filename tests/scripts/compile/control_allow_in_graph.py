# allow_in_graph: the function is not traced into; it becomes one call_function
# node (named after the function) in the graph. add, add, custom, add, add ->
# 1 frame, 5 ops. torch.compiler.allow_in_graph works as a decorator too and
# returns the function itself.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def my_custom_function(x):
    return x + 1


print(torch._dynamo.allow_in_graph(my_custom_function) is my_custom_function)


def fn(a):
    x = torch.add(a, 1)
    x = torch.add(x, 1)
    x = my_custom_function(x)
    x = torch.add(x, 1)
    x = torch.add(x, 1)
    return x


cnt = CompileCounter()
print(torch.compile(fn, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
out = torch._dynamo.explain(fn)(torch.ones(2))
print(out.graph_count, out.graph_break_count, out.op_count)
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])


@torch.compiler.allow_in_graph
def triple(x):
    return x * 3


print(triple.__name__)


def fn2(a):
    return triple(a + 1) - 1


cnt = CompileCounter()
print(torch.compile(fn2, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
out = torch._dynamo.explain(fn2)(torch.ones(2))
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
