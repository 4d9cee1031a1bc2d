# explain on an nn.Module (Linear + relu): nn.Linear is inlined, so F.linear is a
# call_function op next to relu: 1 graph, 0 breaks, 2 ops. A module whose
# forward prints breaks once.
import torch
import torch.nn as nn
import torch._dynamo


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)

    def forward(self, x):
        return torch.relu(self.lin(x))


class P(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        x = self.lin(x)
        print("between layers")
        return self.lin(x).relu()


x = torch.ones(2, 4)
out = torch._dynamo.explain(M())(x)
print(out.graph_count, out.graph_break_count, out.op_count)
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
out = torch._dynamo.explain(P())(x)
print(out.graph_count, out.graph_break_count, out.op_count)
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
for r in out.break_reasons:
    print(r.reason.split("\n")[0], [(f.name, f.lineno) for f in r.user_stack])
