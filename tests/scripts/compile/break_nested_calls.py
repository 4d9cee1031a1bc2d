# A graph break three calls deep (fn -> fn1 -> fn2 -> fn3, graph_break() in fn3).
# With the default config.nested_graph_breaks = False every caller breaks at its
# call site and every callee is traced again as its own frame: 8 graphs, 7
# breaks, 8 ops, and 4 reasons whose user stacks shrink by one frame each.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn3(x):
    x = torch.sin(x)
    torch._dynamo.graph_break()
    return torch.cos(x)


def fn2(x):
    x = torch.tan(x)
    x = fn3(x)
    return torch.tan(x)


def fn1(x):
    x = torch.sigmoid(x)
    x = fn2(x)
    return torch.sigmoid(x)


def fn(x):
    x = torch.relu(x)
    x = fn1(x)
    return torch.relu(x)


print(torch._dynamo.config.nested_graph_breaks)
x = torch.linspace(-1.0, 1.0, 4)
out = torch._dynamo.explain(fn)(x)
print(out.graph_count, out.graph_break_count, out.op_count, len(out.break_reasons))
for r in out.break_reasons:
    print(r.reason.split("\n")[0], [(fr.name, fr.lineno) for fr in r.user_stack])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
cnt = CompileCounter()
print(torch.compile(fn, backend=cnt)(x))
print(cnt.frame_count, cnt.op_count)
print(fn(x))
