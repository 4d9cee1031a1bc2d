# A function with no break: one graph, zero breaks, and the "Break Reasons:"
# header with nothing under it. sin, cos and + are all call_function ops.
import torch
import torch._dynamo


def f(x):
    return torch.sin(x) + torch.cos(x)


out = torch._dynamo.explain(f)(torch.zeros(3))
print(out.graph_count, out.graph_break_count, out.op_count, len(out.break_reasons))
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
for line in str(out).split("\n"):
    if line.startswith("Out Guards:"):
        break
    print(line.split(" at 0x")[0])
