# Ops whose output shape depends on tensor data (nonzero, argwhere,
# masked_select, unique, unique_consecutive, bool-mask indexing) are graph
# breaks, "Dynamic shape operator" naming the aten op Dynamo names; the
# compiled function still gives eager's answer.
import torch
import torch._dynamo


def nonzero(x):
    y = x * 2
    return torch.nonzero(y) + 1


def argwhere(x):
    return torch.argwhere(x - 1)


def masked(x):
    return torch.masked_select(x * 2, x > 0.5)


def mask_index(x):
    return (x * 2)[x > 0.5]


def unique(x):
    return torch.unique(x * 2, return_counts=True)


def unique_dim(x):
    return x.reshape(2, 2).unique(dim=0)


def consecutive(x):
    return (x + 1).unique_consecutive(return_inverse=True)


x = torch.tensor([1.0, 0.0, 2.0, 2.0])
for fn in (nonzero, argwhere, masked, mask_index, unique, unique_dim, consecutive):
    out = torch._dynamo.explain(fn)(x)
    print(fn.__name__, out.graph_count, out.graph_break_count, out.op_count, len(out.break_reasons))
    for r in out.break_reasons:
        lines = r.reason.split("\n")
        print("  ", lines[0], "|", lines[1], "|", lines[2])
    print(torch.compile(fn, backend="eager")(x))
