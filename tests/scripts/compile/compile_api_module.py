# torch.compile(module) returns an OptimizedModule wrapping the original
# (an nn.Module itself; _orig_mod is the original); forward = Linear + relu is one
# graph whose inputs are the parameters and the input (printed by a backend).
import torch
import torch.nn as nn
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)

    def forward(self, x):
        return torch.relu(self.lin(x))


m = M()
with torch.no_grad():
    m.lin.weight.copy_(torch.arange(12.0).reshape(3, 4) / 10 - 0.5)
    m.lin.bias.fill_(0.1)
x = torch.arange(8.0).reshape(2, 4) / 4

cnt = CompileCounter()
om = torch.compile(m, backend=cnt)
print(type(om).__name__, isinstance(om, nn.Module), om._orig_mod is m)
print(om.lin is m.lin, [n for n, p in om.named_parameters()])
print(om(x).detach())
print(m(x).detach())
print(cnt.frame_count, cnt.op_count)
om(x)
print(cnt.frame_count, cnt.op_count)


def backend(gm, example_inputs):
    print("inputs:", len(example_inputs), [tuple(t.shape) for t in example_inputs])
    print("ops:", [n.op for n in gm.graph.nodes])
    return gm.forward


torch._dynamo.reset()
om2 = torch.compile(m, backend=backend)
y = om2(x)
print(y.shape, y.requires_grad)
y.sum().backward()
print(m.lin.bias.grad)
