# A break inside an inlined helper: the caller's graph ends before the call, the
# helper is compiled as its own frame (its pre-break part is empty and not
# compiled), and the caller resumes after the call. CompileCounter sees 3 frames.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def helper(x):
    torch._dynamo.graph_break()
    return x + 1


def fn(a):
    x = a + 1
    x = x + 1
    x = helper(x)
    x = x + 1
    return x + 1


cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
print(opt(torch.zeros(2)))
print(cnt.frame_count, cnt.op_count)
out = torch._dynamo.explain(fn)(torch.zeros(2))
print(out.graph_count, out.graph_break_count, out.op_count)
for r in out.break_reasons:
    print(r.reason.split("\n")[0], [(fr.name, fr.lineno) for fr in r.user_stack])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])


def clean_helper(x):
    return x * 3 + 1


def fn2(a):
    return clean_helper(a) - clean_helper(a * 2)


cnt = CompileCounter()
print(torch.compile(fn2, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
