# A small CNN (conv-relu-pool twice, adaptive average pool, linear) under
# torch.compile: one frame, and the compiled forward gives exactly the
# eager forward's values.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(8, 16, 3, stride=1, padding='same')
        self.gap = nn.AdaptiveAvgPool2d((2, 2))
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = F.avg_pool2d(F.relu(self.conv2(x)), 2, ceil_mode=True)
        x = self.gap(x)
        return self.fc(torch.flatten(x, 1))


torch.manual_seed(0)
model = SmallCNN()
print(model)
x = torch.randn(4, 3, 16, 16)
with torch.no_grad():
    eager = model(x)
    counter = CompileCounter()
    compiled = torch.compile(model, backend=counter)
    out = compiled(x)
    again = compiled(x)
print(out.shape, counter.frame_count)
print(torch.equal(eager, out), torch.equal(out, again))
print([round(v, 3) for v in out[0].tolist()])


def pools(t):
    a, i = F.max_pool2d(t, 3, 2, 1, return_indices=True)
    return a + F.adaptive_max_pool2d(t, a.shape[-2:]) + F.conv_transpose2d(t, torch.ones(3, 3, 1, 1))[..., ::2, ::2], i


c2 = CompileCounter()
f = torch.compile(pools, backend=c2)
t = torch.randn(2, 3, 8, 8)
r, i = f(t)
e, ei = pools(t)
print(torch.equal(r, e), torch.equal(i, ei), c2.frame_count, r.shape)
