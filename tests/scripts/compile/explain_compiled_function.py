# torch._dynamo.explain of a function that is already torch.compile'd (and of
# an OptimizedModule's forward) explains what the wrapper wraps; the nested
# compile contexts must not disturb each other (tc used to crash here).
import torch


@torch.compile
def f(x):
    return x * 2 + 1


x = torch.ones(3)
e = torch._dynamo.explain(f)(x)
print(e.graph_count, e.graph_break_count, e.op_count)
print([str(op) for ops in e.ops_per_graph for op in ops])
print(f(x))


@torch.compile
def g(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y.cos()


e = torch._dynamo.explain(g)(x)
print(e.graph_count, e.graph_break_count, e.op_count)
print(g(x))
