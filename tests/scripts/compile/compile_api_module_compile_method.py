# nn.Module.compile(backend=...) compiles in place: the module keeps its class,
# and calling it runs the compiled forward. Compiling a bound method and a module
# holding submodules (Sequential) works the same way.
import torch
import torch.nn as nn
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(3))
        self.layers = nn.Sequential(nn.Linear(3, 3), nn.ReLU())
        with torch.no_grad():
            self.layers[0].weight.copy_(torch.eye(3))
            self.layers[0].bias.fill_(-1.0)

    def forward(self, x):
        return self.layers(x * self.w) * 2.0

    def double(self, x):
        return self.forward(x) * 2


cnt = CompileCounter()
m = Scale()
m.compile(backend=cnt)
print(type(m).__name__)
x = torch.arange(6.0).reshape(2, 3)
print(m(x).detach(), cnt.frame_count, cnt.op_count)
print(m(x).detach(), cnt.frame_count, cnt.op_count)
m2 = Scale()
od = torch.compile(m2.double, backend=cnt)
print(od(x).detach(), cnt.frame_count, cnt.op_count)
