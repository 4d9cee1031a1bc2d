# A custom nn.Module: parameters, buffers, submodules, named_parameters, named_buffers,
# children, modules, parameter counts.
import torch
import torch.nn as nn

class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.scale = nn.Parameter(torch.ones(dim))
        self.register_buffer("running", torch.zeros(dim))
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.proj(x)) * self.scale + self.running

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(10, 4)
        self.block1 = Block(4)
        self.block2 = Block(4)
        self.head = nn.Linear(4, 2, bias=False)
        self.register_buffer("steps", torch.tensor(0))
        self.name = "net"

    def forward(self, idx):
        h = self.embed(idx)
        h = self.block1(h)
        h = self.block2(h)
        return self.head(h)

net = Net()
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.dtype, p.requires_grad)
for name, b in net.named_buffers():
    print("buffer", name, b)
print(len(list(net.parameters())), sum([p.numel() for p in net.parameters()]))
print([name for name, _ in net.named_children()])
print([name for name, _ in net.named_modules()])
print(len(list(net.modules())), len(list(net.children())), len(list(net.buffers())))
print(isinstance(net.block1, Block), isinstance(net.block1, nn.Module), net.name)
with torch.no_grad():
    for i, p in enumerate(net.parameters()):
        p.copy_(torch.linspace(-1.0, 1.0, p.numel()).reshape(p.shape) * (0.5 + 0.1 * i))
    out = net(torch.tensor([[1, 2, 3], [4, 5, 6]]))
print(out.shape)
print(out)
print(net.block1.scale, net.block1.running)
net.steps += 1
print(net.steps)
print(net.block2.proj.weight.shape, net.head.weight.shape, net.head.bias)

class WithParamList(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.zeros(2, 2))
        self.frozen = nn.Parameter(torch.ones(2), requires_grad=False)

m = WithParamList()
print([(n, p.requires_grad) for n, p in m.named_parameters()])
print(m.w, m.frozen)
