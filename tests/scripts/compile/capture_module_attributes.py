# A compiled module's parameters, buffers, Python attributes and submodules are
# read while tracing: parameters and buffers are graph inputs, attributes are
# constants. Training flags select paths at trace time.
import torch
import torch.nn as nn
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2, bias=False)
        self.register_buffer("shift", torch.tensor([1.0, -1.0]))
        self.gain = 3
        self.names = ["lin", "shift"]
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))

    def forward(self, x):
        y = self.lin(x) + self.shift
        if self.training:
            y = y * self.gain
        return y, len(self.names), self.lin.weight.shape[0]


def backend(gm, example_inputs):
    print("graph inputs:", [tuple(t.shape) for t in example_inputs])
    return gm.forward


m = Block()
opt = torch.compile(m, backend=backend)
x = torch.tensor([[1.0, 1.0]])
y, n, rows = opt(x)
print(y.detach(), n, rows)
m.eval()
y, n, rows = opt(x)
print(y.detach(), n, rows)
print([name for name, b in m.named_buffers()], m.training)
