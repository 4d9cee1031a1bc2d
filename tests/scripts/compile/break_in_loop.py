# A graph break inside a for loop cannot be resumed: the whole frame falls back
# to eager (no graph at all, graph_break_count -1), both for graph_break() and
# for a data-dependent `if` in the loop body. Breaks after the loop are fine.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def loop_break(x):
    for i in range(2):
        torch._dynamo.graph_break()
        x = x + 1
    return x


def loop_if(x):
    for i in range(3):
        if x.sum() > 0:
            x = x - 1
    return x


def loop_then_print(x):
    for i in range(3):
        x = x + i
    print("after loop")
    return x * 2


for fn in [loop_break, loop_if, loop_then_print]:
    out = torch._dynamo.explain(fn)(torch.ones(3))
    print(fn.__name__, out.graph_count, out.graph_break_count, out.op_count)
    print("  ", [[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
    cnt = CompileCounter()
    print("  ", torch.compile(fn, backend=cnt)(torch.ones(3)), cnt.frame_count, cnt.op_count)
