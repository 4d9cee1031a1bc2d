# nn.Linear with deterministic weights: repr, parameter shapes, forward, F.linear equivalence.
import torch
import torch.nn as nn
import torch.nn.functional as F

lin = nn.Linear(3, 2)
print(lin)
print(lin.in_features, lin.out_features, lin.weight.shape, lin.bias.shape)
print(lin.weight.dtype, lin.weight.requires_grad, isinstance(lin.weight, nn.Parameter))
with torch.no_grad():
    lin.weight.copy_(torch.arange(6.0).reshape(2, 3) / 10)
    lin.bias.copy_(torch.tensor([0.5, -0.5]))
print(lin.weight)
print(lin.bias)
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.0, 1.0]])
with torch.no_grad():
    y = lin(x)
    print(y, y.shape)
    print(F.linear(x, lin.weight, lin.bias))
    print(x @ lin.weight.T + lin.bias)
    print(lin(torch.ones(3)), lin(torch.ones(4, 5, 3)).shape)
nb = nn.Linear(4, 3, bias=False)
print(nb, nb.bias)
with torch.no_grad():
    nb.weight.fill_(0.25)
    print(nb(torch.arange(8.0).reshape(2, 4)))
print([name for name, p in lin.named_parameters()], [tuple(p.shape) for p in lin.parameters()])
print(sum([p.numel() for p in lin.parameters()]), sum([p.numel() for p in nb.parameters()]))
big = nn.Linear(128, 64)
print(big, big.weight.shape, sum([p.numel() for p in big.parameters()]))
bound = 1 / 128 ** 0.5
print("default init within bound:", bool(big.weight.abs().max() <= bound), bool(big.bias.abs().max() <= bound))
d = nn.Linear(2, 2, dtype=torch.float64)
print(d.weight.dtype)
out = lin(x)
print(out.shape, out.requires_grad)
