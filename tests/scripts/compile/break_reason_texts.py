# The complete break-reason strings explain records for the common breaks, line
# by line: print, data-dependent `if`, graph_break(), a disabled function (its
# repr's address is cut: "<function helper at 0x...>" -> "<function helper>"),
# Tensor.item(). Everything else in these texts is stable.
import torch
import torch._dynamo


@torch.compiler.disable
def helper(x):
    return x * 2


def with_print(x):
    x = x + 1
    print("hi")
    return x


def with_jump(x):
    if x.sum() > 0:
        return x + 1
    return x - 1


def with_graph_break(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x * 2


def with_disabled(x):
    x = x + 1
    x = helper(x)
    return x - 1


def with_item(x):
    n = x.sum().item()
    return x * n


def cut_addresses(line):
    while " at 0x" in line:
        head, rest = line.split(" at 0x", 1)
        k = rest.find(">")
        line = head + rest[k:]
    return line


for fn in [with_print, with_jump, with_graph_break, with_disabled, with_item]:
    out = torch._dynamo.explain(fn)(torch.ones(2))
    print("=== " + fn.__name__, len(out.break_reasons))
    for line in out.break_reasons[0].reason.split("\n"):
        print(cut_addresses(line))
