# Degenerate explain results: a function that traces no tensor op compiles no
# graph (graph_count 0, graph_break_count -1); a print before the first op leaves
# an empty prefix graph, so no break reason is recorded; a print after the last
# op records a reason but the empty resume graph is not compiled.
import torch
import torch._dynamo


def identity(x):
    return x


def print_first(x):
    print("first")
    return x + 1


def print_last(x):
    y = x * 2
    print("last")
    return y


def constant_only(x):
    return 3 + 4


for fn in [identity, print_first, print_last, constant_only]:
    out = torch._dynamo.explain(fn)(torch.ones(2))
    print(fn.__name__, out.graph_count, out.graph_break_count, out.op_count,
          len(out.break_reasons), len(out.ops_per_graph))
    for r in out.break_reasons:
        print("  reason:", r.reason.split("\n")[0], [(f.name, f.lineno) for f in r.user_stack])
