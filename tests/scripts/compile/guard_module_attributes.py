# nn.Module attributes are guarded as constants: changing a Python attribute of
# the module (an int scale, a bool switch) recompiles every time; another
# instance with equal attributes reuses the cache entry.
import torch
import torch.nn as nn
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 2
        self.use_relu = True
        self.register_buffer("offset", torch.ones(2))

    def forward(self, x):
        y = x * self.scale + self.offset
        if self.use_relu:
            y = torch.relu(y)
        return y


cnt = CompileCounter()
m = M()
opt = torch.compile(m, backend=cnt)
x = torch.tensor([-3.0, 1.0])
print(opt(x), cnt.frame_count, cnt.op_count)
m.use_relu = False
print(opt(x), cnt.frame_count, cnt.op_count)
m.scale = 3
print(opt(x), cnt.frame_count, cnt.op_count)
m.scale = 4
print(opt(x), cnt.frame_count, cnt.op_count)
m.use_relu = True
m.scale = 2
print(opt(x), cnt.frame_count, cnt.op_count)
m2 = M()
print(torch.compile(m2, backend=cnt)(x), cnt.frame_count)
with torch.no_grad():
    m2.offset.fill_(10.0)
print(torch.compile(m2, backend=cnt)(x), cnt.frame_count)
