# torch._dynamo.graph_break() forces a break; with msg= the message appears in the
# Explanation line. In eager code it does nothing.
import torch
import torch._dynamo


def f(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x * 2


def g(x):
    x = x + 1
    torch._dynamo.graph_break(msg="split here")
    x = x * 2
    torch._dynamo.graph_break()
    return x - 1


print("eager:", f(torch.ones(2)), g(torch.ones(2)))
for fn in [f, g]:
    out = torch._dynamo.explain(fn)(torch.ones(2))
    print(fn.__name__, out.graph_count, out.graph_break_count, out.op_count)
    for r in out.break_reasons:
        lines = r.reason.split("\n")
        print("  " + lines[0])
        print("  " + lines[1].strip())
        print("  " + lines[2].strip())
        print("  " + lines[4].strip())
        print("  " + lines[6].strip())
        print("  ", [(fr.name, fr.lineno) for fr in r.user_stack])
    print(torch.compile(fn, backend="eager")(torch.ones(2)))
