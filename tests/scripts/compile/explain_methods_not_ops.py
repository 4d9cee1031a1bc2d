# explain's Op Count counts only call_function nodes: Tensor methods are
# call_method nodes and are not counted, while CompileCounter counts every call_*.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def methods(x):
    return x.sin().cos()


def functions(x):
    return torch.cos(torch.sin(x))


def mixed(x):
    y = torch.sin(x).cos()
    return y.sum() + 1


for fn in [methods, functions, mixed]:
    out = torch._dynamo.explain(fn)(torch.ones(2))
    cnt = CompileCounter()
    r = torch.compile(fn, backend=cnt)(torch.ones(2))
    print(fn.__name__, "explain:", out.graph_count, out.graph_break_count, out.op_count,
          "counter:", cnt.frame_count, cnt.op_count)
    print("  ops:", [[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
    print("  result:", r)
