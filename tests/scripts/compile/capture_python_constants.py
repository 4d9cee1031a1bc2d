# Python constants inside the compiled function are folded at trace time: int and
# float arithmetic, string formatting, comparisons, conditionals on constants.
# Only tensor operations reach the graph.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

LIMIT = 4


def f(x):
    k = 3 * 4 - 2
    scale = k / 4
    name = "scale=" + str(scale)
    if len(name) > 5 and LIMIT > 3:
        x = x * scale
    else:
        x = x * 0
    flag = not (k == 10)
    return x + k, name, flag, k // 3, k % 3, 2 ** 5


cnt = CompileCounter()
print(torch.compile(f, backend=cnt)(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
out = torch._dynamo.explain(f)(torch.ones(2))
print(out.graph_count, out.op_count, [[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
