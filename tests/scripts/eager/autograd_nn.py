# Eager autograd through nn layers and losses: a small MLP trained by hand
# with SGD (linear, relu, gelu, layer_norm, softmax, log_softmax,
# cross_entropy, mse_loss); losses and gradients printed each step.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.LayerNorm(8), nn.Linear(8, 4))
x = torch.randn(5, 6)
target = torch.tensor([0, 3, 1, 2, 3])


def loss_fn(model, x, target):
    return F.cross_entropy(model(x), target)


def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad


for step in range(3):
    for p in model.parameters():
        p.grad = None
    loss = loss_fn(model, x, target)
    loss.backward()
    sgd_step(model.parameters(), 0.1)
    print(step, round(loss.item(), 4), loss.requires_grad)
    print([round(p.grad.abs().sum().item(), 4) for p in model.parameters()])

y = torch.randn(5, 4, requires_grad=True)
l2 = F.mse_loss(F.softmax(y, dim=1), torch.full((5, 4), 0.25)) + F.log_softmax(y, dim=-1).mean()
print(l2)
l2.backward()
print(y.grad)

g = torch.randn(3, 5, requires_grad=True)
act = F.gelu(g) + F.gelu(g, approximate="tanh") + F.silu(g)
act.sum().backward()
print(g.grad)

emb = nn.Embedding(6, 3, padding_idx=1)
idx = torch.tensor([[1, 2, 4], [4, 4, 0]])
emb(idx).pow(2).sum().backward()
print(emb.weight.grad)
