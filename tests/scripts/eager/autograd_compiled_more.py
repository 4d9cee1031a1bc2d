# More cases the backward differential fuzz found (tests/fuzz/backward_gen.py):
# writes whose value has no history keep the target differentiable
# (CopyBackwards, FillBackward2, ZeroBackward0); a function returning its
# input through a no-op expand; amin over dim 0 of a 0-d tensor; a
# second-order grad through a function that breaks its graph and returns
# its input.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
for op in ["copy", "fill", "zero"]:
    x = a * 2
    if op == "copy":
        x.copy_(torch.tensor([3.0, 4.0]))
    elif op == "fill":
        x.fill_(1.5)
    else:
        x.zero_()
    print(op, x, x.requires_grad)
    (x * 3).sum().backward()
    print(a.grad)


def same_shape(x, y):
    h = (y + x).expand(2, 3)
    return x.expand(2, 3), h.sum()


x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], requires_grad=True)
y = torch.ones(2, 3)
e, s = same_shape(x, y)
print(e.requires_grad, e.is_leaf)
(e * e).sum().backward()
print(x.grad)


def scalar_amin(x):
    return x.sum().amin(dim=0, keepdim=True) * 2


print(scalar_amin(torch.ones(2, 3)))


def breaks(x, y):
    h = (y + x).expand(3, 2)
    print('mid shape', tuple(h.shape))
    if h.sum() > 0:
        h = h * h
    else:
        h = h - 1
    return x, h.mean()


x = torch.tensor([[-0.07, 1.06], [0.82, 0.88], [1.85, 0.37]], requires_grad=True)
y = torch.tensor([[1.88, 1.24], [-1.8, -1.13], [-1.57, 0.06]])
o = breaks(x, y)
(g,) = torch.autograd.grad(o[0].sum() + o[1].sum(), x, create_graph=True)
print(g.detach())
print(torch.autograd.grad((g * g).sum(), x))
