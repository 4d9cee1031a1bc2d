# toy_example without the print: only the data-dependent `if` breaks. 2 graphs,
# 1 break, 6 ops (abs add truediv lt | mul mul); the reason is the jump.
import torch
import torch._dynamo


def bar(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


out = torch._dynamo.explain(bar)(torch.arange(4.0), -torch.ones(4))
print("Graph Count:", out.graph_count)
print("Graph Break Count:", out.graph_break_count)
print("Op Count:", out.op_count)
print([r.reason for r in out.break_reasons])
print([[f.name for f in r.user_stack] for r in out.break_reasons])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
out = torch._dynamo.explain(bar)(torch.arange(4.0), torch.ones(4))
print(out.graph_count, out.graph_break_count, out.op_count)
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
