# The seed toy_example with a positive b: the `if` is not taken, so the last graph
# holds only `x * b`. 3 graphs, 2 breaks, 5 ops; CompileCounter counts the
# call_method `sum` too.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    print("woo")
    if b.sum() < 0:
        b = b * -1
    return x * b


a = torch.linspace(-1.0, 1.0, 10)
b = torch.ones(10)
out = torch._dynamo.explain(toy_example)(a, b)
print(out.graph_count, out.graph_break_count, out.op_count)
for r in out.break_reasons:
    print(r.reason.split("\n")[0], "|", [(f.name, f.lineno) for f in r.user_stack])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])

cnt = CompileCounter()
opt = torch.compile(toy_example, backend=cnt)
print(opt(a, b))
print("frame_count", cnt.frame_count, "op_count", cnt.op_count)
print(opt(a, b))
print("after second call: frame_count", cnt.frame_count, "op_count", cnt.op_count)
print(opt(a, -b))
print("negative b now: frame_count", cnt.frame_count, "op_count", cnt.op_count)
