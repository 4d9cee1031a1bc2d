# Calling a torch.compiler.disable'd function from compiled code breaks the graph
# ("Skip calling `torch.compiler.disable()`d function"); the function runs
# eagerly and nothing inside it is compiled. The explanation names the function
# by repr (with an address), so only its head is printed.
import torch
import torch._dynamo


@torch.compiler.disable
def helper(x):
    return x * 2


def f(x):
    x = x + 1
    x = helper(x)
    return x - 1


out = torch._dynamo.explain(f)(torch.ones(3))
print(out.graph_count, out.graph_break_count, out.op_count)
for r in out.break_reasons:
    lines = r.reason.split("\n")
    print(lines[0])
    print(lines[1].split("`")[0] + "`" + lines[1].split("`")[1].split(" at 0x")[0] + ">`")
    print(lines[1].split(" since ")[1])
    print([(fr.name, fr.lineno) for fr in r.user_stack])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
print(torch.compile(f, backend="eager")(torch.ones(3)))
