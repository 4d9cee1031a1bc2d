# ExplainOutput.out_guards: the guards of every compiled frame. Only the guards on
# frame locals are printed (name and create function); global/ambient guards are
# internal and left out. Also the types of the other fields.
import torch
import torch._dynamo


def f(x, n, flag):
    if flag:
        return torch.sin(x) * n
    return x


out = torch._dynamo.explain(f)(torch.ones(2), 3, True)
print(type(out).__name__, type(out.graphs).__name__, type(out.out_guards).__name__)
print(type(out.graphs[0]).__name__, type(out.ops_per_graph[0]).__name__)
for g in out.out_guards:
    if g.name.startswith("L["):
        print(g.name, g.create_fn_name())
print(out.compile_times.split("\n")[0])
