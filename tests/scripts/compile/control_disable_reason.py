# torch.compiler.disable(reason=...) shows the reason in the break explanation;
# a disable decorator on a method of a module skips just that method.
import torch
import torch.nn as nn
import torch._dynamo
from torch._dynamo.testing import CompileCounter


@torch.compiler.disable(reason="too dynamic")
def dr(x):
    return x + 100


def h(x):
    return dr(x * 2) + 1


out = torch._dynamo.explain(h)(torch.ones(2))
print(out.graph_count, out.graph_break_count, out.op_count)
for r in out.break_reasons:
    print(r.reason.split("\n")[0])
    print(r.reason.split("\n")[1].split(" since ")[1])


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    @torch.compiler.disable
    def side(self, x):
        return x.sum()

    def forward(self, x):
        y = self.lin(x)
        s = self.side(y)
        return y * 0 + s


cnt = CompileCounter()
m = M()
print(torch.compile(m, backend=cnt)(torch.ones(1, 2)).shape, cnt.frame_count, cnt.op_count)
