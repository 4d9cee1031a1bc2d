# Compiled forwards of different module instances of one class (Sequential,
# ModuleList indexed and iterated, a user container with __iter__/__len__/
# __getitem__) must each use their own submodules and weights: the code is
# shared, so only guards on what the trace read tell the instances apart.
import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(2, 5)


def show(tag, out):
    print(tag, tuple(out.shape), round(out.sum().item(), 4))


for width in (4, 3, 6):
    seq = nn.Sequential(nn.Linear(5, width), nn.Tanh())
    show("sequential", torch.compile(seq)(x))
    show("sequential eager", seq(x))

deep = nn.Sequential(nn.Linear(5, 5), nn.ReLU(), nn.Linear(5, 2))
show("deeper sequential", torch.compile(deep)(x))


class Stack(nn.Module):
    def __init__(self, widths):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(5, w) for w in widths])

    def forward(self, x):
        outs = [self.layers[i](x) for i in range(len(self.layers))]
        outs += [layer(x) for layer in self.layers]
        return torch.cat(outs, dim=1)


for widths in ([1, 2], [3], [2, 2, 2]):
    stack = Stack(widths)
    show("stack", torch.compile(stack)(x))
    show("stack eager", stack(x))


class Bag:
    def __init__(self, *mods):
        self.mods = list(mods)

    def __len__(self):
        return len(self.mods)

    def __iter__(self):
        return iter(self.mods)

    def __getitem__(self, i):
        return self.mods[i]


def run_bag(bag, x):
    y = bag[0](x)
    for m in bag:
        y = y + m(x).sum()
    return y * len(bag)


compiled = torch.compile(run_bag)
for bag in (Bag(nn.Linear(5, 3)), Bag(nn.Linear(5, 3), nn.Linear(5, 3)), Bag(nn.Linear(5, 7))):
    show("bag", compiled(bag, x))
    show("bag eager", run_bag(bag, x))
