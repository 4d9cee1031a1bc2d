# Tensor.item() breaks the graph (capture_scalar_outputs is False by default):
# the first graph holds only the call_method `sum` (0 explain ops), the second
# the multiplication by the Python float. Reason first line and explanation.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    n = x.sum().item()
    return x * n


print(torch._dynamo.config.capture_scalar_outputs)
out = torch._dynamo.explain(f)(torch.arange(4.0))
print(out.graph_count, out.graph_break_count, out.op_count)
for r in out.break_reasons:
    lines = r.reason.split("\n")
    print(lines[0])
    print(lines[1])
    print([(fr.name, fr.lineno) for fr in r.user_stack])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])

cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
print(opt(torch.arange(4.0)), cnt.frame_count, cnt.op_count)
print(opt(torch.arange(4.0) + 1), cnt.frame_count, cnt.op_count)
