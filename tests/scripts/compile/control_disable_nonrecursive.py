# disable(recursive=False) skips only the decorated function's own frame: the
# functions it calls are still compiled as their own frames. The caller breaks
# at the call with reason "Skip inlining `torch.compiler.disable()`d function".
import torch
import torch._dynamo


def graphs_backend(gm, example_inputs):
    ops = []
    for n in gm.graph.nodes:
        if n.op == "call_function" or n.op == "call_method":
            ops.append(getattr(n.target, "__name__", str(n.target)))
    print("  graph:", ops)
    return gm.forward


def inner(x):
    return x * 3


def inner_with_break(x):
    x = x * 5
    torch._dynamo.graph_break()
    return x + 5


@torch.compiler.disable(recursive=False)
def outer(x):
    return inner(x + 1)


@torch._dynamo.disable(recursive=False)
def outer2(x):
    return inner_with_break(x - 1)


def f(x):
    x = x + 1
    x = outer(x)
    return x - 1


def g(x):
    x = x * 2
    x = outer2(x)
    return x * 2


print("f:")
print(torch.compile(f, backend=graphs_backend)(torch.ones(2)))
print("g:")
print(torch.compile(g, backend=graphs_backend)(torch.ones(2)))
out = torch._dynamo.explain(f)(torch.ones(2))
print(out.graph_count, out.graph_break_count, out.op_count, len(out.break_reasons))
for r in out.break_reasons:
    print(r.reason.split("\n")[0], [(fr.name, fr.lineno) for fr in r.user_stack])
