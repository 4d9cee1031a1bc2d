# More fullgraph=True failures, first line of each: a disabled function,
# graph_break(), float tolist(); and what is NOT an error under fullgraph in
# torch 2.15 although it breaks without it: .item() (captured), integer tolist().
import torch
import torch._dynamo


@torch.compiler.disable
def dis(x):
    return x + 1


def calls_disabled(x):
    return dis(x) * 2


def calls_graph_break(x):
    torch._dynamo.graph_break()
    return x


def float_tolist(x):
    return x.tolist()


def item_mid(x):
    n = x.sum().item()
    return x * n


def int_tolist(x):
    return (x + 1).tolist()


cases = [(calls_disabled, torch.ones(2)), (calls_graph_break, torch.ones(2)),
         (float_tolist, torch.ones(2)), (item_mid, torch.arange(3.0)), (int_tolist, torch.arange(3))]
for fn, arg in cases:
    try:
        r = torch.compile(fn, backend="eager", fullgraph=True)(arg)
        print(fn.__name__, "ok", r)
    except torch._dynamo.exc.Unsupported as e:
        print(fn.__name__, type(e).__name__, str(e).split("\n")[0])
