# Tensor.tolist(): on a float tensor it is a graph break ("Tensor.tolist() with
# non-integer tensor"); on an integer tensor it is not a graph break, but the
# reason "Data dependent operator" is still recorded on the single graph.
import torch
import torch._dynamo


def f(x):
    y = x + 1
    values = y.tolist()
    return y * len(values), values


for x in [torch.arange(3.0), torch.arange(3)]:
    out = torch._dynamo.explain(f)(x)
    print(x.dtype, out.graph_count, out.graph_break_count, out.op_count, len(out.break_reasons))
    for r in out.break_reasons:
        print("  ", r.reason.split("\n")[0], "|", r.reason.split("\n")[1])
    print(torch.compile(f, backend="eager")(x))
