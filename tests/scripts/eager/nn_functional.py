# torch.nn.functional equivalents of the nn modules, checked against the modules.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([[-1.5, 0.0, 2.0, 0.5], [3.0, -0.25, 1.0, -2.0]])
print(F.relu(x), F.gelu(x), F.silu(x))
print(F.softmax(x, dim=-1), F.log_softmax(x, dim=-1))
W = torch.arange(8.0).reshape(2, 4) / 8
b = torch.tensor([1.0, -1.0])
print(F.linear(x, W), F.linear(x, W, b))
lin = nn.Linear(4, 2)
with torch.no_grad():
    lin.weight.copy_(W)
    lin.bias.copy_(b)
    print(torch.equal(lin(x), F.linear(x, W, b)))
print(F.layer_norm(x, (4,)), F.layer_norm(x, [4], torch.full((4,), 2.0), torch.ones(4)))
E = torch.arange(10.0).reshape(5, 2)
print(F.embedding(torch.tensor([4, 0, 4]), E))
print(F.dropout(x, p=0.3, training=False), F.dropout(x, training=False).equal(x))
target = torch.zeros(2, 4)
print(F.mse_loss(x, target), F.mse_loss(x, target, reduction="none"), F.mse_loss(x, target, reduction="sum"))
print(F.cross_entropy(x, torch.tensor([2, 0])), F.cross_entropy(x, torch.tensor([3, 1]), reduction="none"))
print(torch.equal(F.relu(x), nn.ReLU()(x)), torch.equal(F.gelu(x), nn.GELU()(x)))
print((F.layer_norm(x, (4,)) - nn.LayerNorm(4)(x)).abs().max().item() < 1e-6)
print(torch.equal(F.mse_loss(x, target), nn.MSELoss()(x, target)))
print(F.softmax(x, 0), F.log_softmax(x, 0).exp().sum(0))
h = F.gelu(F.linear(x, W, b))
print(h, F.softmax(h, -1).argmax(-1))
