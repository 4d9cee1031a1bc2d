# Training through compiled functions under AOT autograd (suite
# same-answers-inductor runs this with every function compiled by
# inductor: joint graph, partition, generated forward and backward), found
# by the backward differential fuzz: a second-order grad through the
# compiled backward, an input that requires grad but gets no gradient
# (None, not zeros), and an output that is a strided view (its tangent
# arrives contiguous).
import torch
import torch.nn.functional as F


def cubic(x, w):
    return (x * x * w).sum()


x = torch.tensor([1.0, 2.0, -0.5], requires_grad=True)
w = torch.tensor([0.5, 1.5, 2.0], requires_grad=True)
(g,) = torch.autograd.grad(cubic(x, w), x, create_graph=True)
print(g.detach(), g.requires_grad)
print(torch.autograd.grad((g * g).sum(), [x, w], allow_unused=True))


def scaled(x, w):
    with torch.no_grad():
        s = w.sum()
    return (x * s).sum()


scaled(x, w).backward()
print(x.grad, w.grad)


def strided(x, w):
    h = torch.tanh(x @ w)
    return h.t()[0], h[:, 1]


x = torch.tensor([[0.84, 0.89, -1.12], [0.12, -0.88, 1.73]], requires_grad=True)
w = torch.tensor([[-1.6, 1.58], [0.18, 1.85], [1.93, -0.54]], requires_grad=True)
a, b = strided(x, w)
print(a.detach(), b.detach())
(a * torch.tensor([1.0, -2.0]) + b).sum().backward()
print(x.grad)
print(w.grad)
