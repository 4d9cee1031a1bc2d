# The seed toy_example under torch._dynamo.explain with a negative b: print breaks
# the first graph, the data-dependent `if` breaks the second, the taken branch
# (b = b * -1) is the third graph. 3 graphs, 2 breaks, 6 call_function ops.
import torch
import torch._dynamo


def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    print("woo")
    if b.sum() < 0:
        b = b * -1
    return x * b


a = torch.arange(10.0) - 5
b = -torch.ones(10)
print("eager:", toy_example(a, b))
out = torch._dynamo.explain(toy_example)(a, b)
print("graph_count:", out.graph_count)
print("graph_break_count:", out.graph_break_count)
print("op_count:", out.op_count)
print("len(graphs):", len(out.graphs), "len(break_reasons):", len(out.break_reasons))
for i, r in enumerate(out.break_reasons):
    print("reason", i + 1, ":", r.reason.split("\n")[0])
    print("  graph_break:", r.graph_break)
    for f in r.user_stack:
        print("  frame:", f.name, "line", f.lineno)
for i, ops in enumerate(out.ops_per_graph):
    print("ops of graph", i + 1, ":", [getattr(op, "__name__", str(op)) for op in ops])
print("compiled:", torch.compile(toy_example, backend="eager")(a, b))
