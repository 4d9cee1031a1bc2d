# torch._dynamo.disallow_in_graph(torch.sub): calls to torch.sub break the graph
# and run eagerly. add, add, sub, add, add -> 2 frames, 4 ops. The flag is global
# until allow_in_graph(torch.sub) puts it back. disallow_in_graph on a callable
# Dynamo would not put in the graph as-is is an error.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a):
    x = torch.add(a, 1)
    x = torch.add(x, 1)
    x = torch.sub(x, 1)
    x = torch.add(x, 1)
    x = torch.add(x, 1)
    return x


print(torch._dynamo.disallow_in_graph(torch.sub) is torch.sub)
cnt = CompileCounter()
print(torch.compile(fn, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
out = torch._dynamo.explain(fn)(torch.ones(2))
print(out.graph_count, out.graph_break_count, out.op_count)
for r in out.break_reasons:
    print(r.reason.split("\n")[0], [(fr.name, fr.lineno) for fr in r.user_stack])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])

torch._dynamo.allow_in_graph(torch.sub)
torch._dynamo.reset()
cnt = CompileCounter()
print(torch.compile(fn, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)


def plain(x):
    return x


try:
    torch._dynamo.disallow_in_graph(plain)
    print("no error")
except RuntimeError as e:
    print(type(e).__name__, str(e).split("\n")[0])
