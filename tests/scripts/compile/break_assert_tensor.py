# `assert` on a tensor condition is not a graph break: it is rewritten to
# torch._assert_async inside the graph (1 graph, 3 ops: gt, _assert_async, add).
# A failing assertion raises when the compiled graph runs.
import torch
import torch._dynamo


def f(x):
    assert x.sum() > 0
    return x + 1


out = torch._dynamo.explain(f)(torch.ones(3))
print(out.graph_count, out.graph_break_count, out.op_count)
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
opt = torch.compile(f, backend="eager")
print(opt(torch.ones(3)))
try:
    opt(-torch.ones(3))
    print("no error")
except RuntimeError as e:
    print(type(e).__name__, str(e).split("\n")[0])


def g(x, n):
    assert n > 1, "n too small"
    return x * n


optg = torch.compile(g, backend="eager")
print(optg(torch.ones(2), 2))
try:
    optg(torch.ones(2), 0)
except AssertionError as e:
    print(type(e).__name__, e)
