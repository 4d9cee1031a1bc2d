# Gradients through functions that write in place, return views of their
# inputs or read detached aliases (found by the backward differential fuzz,
# tests/fuzz/backward_gen.py): compiled, each must give eager's gradients.
import torch


def write_intermediate(x):
    h = x * 2
    h[0] = 1
    return h


x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
o = write_intermediate(x)
print(o.detach(), o.requires_grad, o.is_leaf)
o.sum().backward()
print(x.grad)


def views_of_input(x, w):
    return (w + x, x.unsqueeze(0), x.t(), x[1])


x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
w = torch.tensor([[0.5, 1.5], [2.0, -1.0]], requires_grad=True)
o = views_of_input(x, w)
print([t.requires_grad and not t.is_leaf for t in o])
(o[0].sum() + (o[1] * 2).sum() + (o[2] * o[2]).sum() + o[3].sum() * 5).backward()
print(x.grad, w.grad)


def detached(x, y):
    h = x * 2
    st = y + (h - y).detach()
    return h * h.detach(), st, h.detach()


x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = torch.tensor([[0.5, 1.5], [2.0, -1.0]], requires_grad=True)
a, b, c = detached(x, y)
print(a.detach(), b.detach(), c, c.requires_grad)
(a.sum() + b.sum()).backward()
print(x.grad, y.grad)


def clamp_input(x, w):
    x.clamp_(min=-0.5)
    x[0] = 0.5
    return (x * w).sum()


a = torch.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True)
w = torch.tensor([[0.5, 1.5], [2.0, -1.0]])
xin = a * 1.0
o = clamp_input(xin, w)
print(o.item(), xin.detach())
o.backward()
print(a.grad)


def write_with_grad(x, w):
    x[:, 0] = w[:, 0] * 3
    return x.sum(), x.t()


a = torch.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True)
w = torch.tensor([[0.5, 1.5], [2.0, -1.0]], requires_grad=True)
xin = a * 1.0
s, t = write_with_grad(xin, w)
(s + (t * t).sum()).backward()
print(a.grad, w.grad)


def returns_written_view(x, w):
    x.add_(w)
    x.mul_(2)
    return x.t()


a = torch.tensor([[1.0, -2.0, 0.5], [3.0, 4.0, -1.5]], requires_grad=True)
w = torch.tensor([[0.5, 1.5, 1.0], [2.0, -1.0, 0.25]], requires_grad=True)
r = returns_written_view(a * 1.0, w)
print(r.detach(), r.requires_grad, r.is_leaf)
(r * r).sum().backward()
print(a.grad, w.grad)
