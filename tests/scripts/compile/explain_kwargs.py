# explain passes positional and keyword arguments through to the function;
# Python arguments become constants of the graph. Several explain calls in a row
# are independent (each resets Dynamo).
import torch
import torch._dynamo


def f(x, scale=1.0, shift=None):
    y = x * scale
    if shift is not None:
        y = y + shift
    return y


for kwargs in [{}, {"scale": 2.0}, {"scale": 3.0, "shift": torch.ones(2)}]:
    out = torch._dynamo.explain(f)(torch.ones(2), **kwargs)
    print(sorted(kwargs.keys()), out.graph_count, out.graph_break_count, out.op_count,
          [[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
