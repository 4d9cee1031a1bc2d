# `if` on a tensor value is a data-dependent jump: the graph ends with the
# condition as an output, Python takes the branch, and only the branch taken is
# compiled (as a resume function). Reason: "generic_jump TensorVariable()".
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    y = x * 2
    if y.sum() > 0:
        return y + 1
    return y - 1


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
print(opt(torch.ones(3)), cnt.frame_count, cnt.op_count)
print(opt(torch.ones(3)), cnt.frame_count, cnt.op_count)
print(opt(-torch.ones(3)), cnt.frame_count, cnt.op_count)
print(opt(-torch.ones(3)), cnt.frame_count, cnt.op_count)

out = torch._dynamo.explain(f)(torch.ones(3))
print(out.graph_count, out.graph_break_count, out.op_count)
print([r.reason for r in out.break_reasons])
print([[(fr.name, fr.lineno) for fr in r.user_stack] for r in out.break_reasons])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])


def g(x):
    if x.max() > 2:
        x = x / 2
    elif x.min() < 0:
        x = -x
    return x * 10


out = torch._dynamo.explain(g)(torch.tensor([-1.0, 1.0]))
print(out.graph_count, out.graph_break_count, out.op_count, len(out.break_reasons))
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
print(torch.compile(g, backend="eager")(torch.tensor([-1.0, 1.0])))
print(torch.compile(g, backend="eager")(torch.tensor([4.0, 1.0])))
