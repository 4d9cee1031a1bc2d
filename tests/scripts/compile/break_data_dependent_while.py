# A `while` whose condition is a tensor: each test of the condition is a
# data-dependent jump. The frame is not skipped; the loop body lives in a resume
# function that is compiled once and then reused for every later iteration, so
# there are two graphs and two break reasons (graph_break_count is still 1).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    while x.sum() > 0:
        x = x - 1
    return x


out = torch._dynamo.explain(f)(torch.ones(3) * 2)
print(out.graph_count, out.graph_break_count, out.op_count, len(out.break_reasons))
for r in out.break_reasons:
    print(r.reason, [(fr.name, fr.lineno) for fr in r.user_stack])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])

cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
print(opt(torch.ones(3) * 4), cnt.frame_count, cnt.op_count)
print(opt(torch.ones(3) * 7), cnt.frame_count, cnt.op_count)
print(opt(-torch.ones(3)), cnt.frame_count, cnt.op_count)
