# Autograd's errors, as PyTorch words them (caught: PyTorch raises them
# from inside its own library, so a traceback would name its files).
import torch


def attempt(name, fn):
    try:
        fn()
        print(name, "no error")
    except Exception as e:
        print(name, type(e).__name__, e)


def no_grad_fn():
    x = torch.ones(3)
    (x * 2).sum().backward()


def twice():
    x = torch.ones(3, requires_grad=True)
    y = (x.exp() * x).sum()
    y.backward()
    print(x.grad)
    y.backward()


def leaf_inplace():
    x = torch.ones(3, requires_grad=True)
    x.add_(1)


def nonscalar():
    x = torch.ones(3, requires_grad=True)
    (x * 2).backward()


def version():
    x = torch.ones(3, requires_grad=True)
    y = x.exp()
    z = (y * 2).sum() + y.sum()
    y.mul_(2)
    z.backward()


def version_leaf():
    x = torch.ones(3, requires_grad=True)
    w = torch.ones(3)
    y = (x * w).sum()
    w.add_(1)
    y.backward()


def unused():
    x = torch.ones(3, requires_grad=True)
    u = torch.ones(3, requires_grad=True)
    torch.autograd.grad((x * 2).sum(), [x, u])


def int_requires_grad():
    torch.ones(3, dtype=torch.long).requires_grad_()


def nonleaf_flag():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.requires_grad = False


def shape_mismatch():
    x = torch.ones(3, requires_grad=True)
    (x * 2).backward(torch.ones(2))


def factory():
    torch.zeros(2, dtype=torch.long, requires_grad=True)


for name, fn in [("no_grad_fn", no_grad_fn), ("twice", twice), ("leaf_inplace", leaf_inplace),
                 ("nonscalar", nonscalar), ("version", version), ("version_leaf", version_leaf),
                 ("unused", unused), ("int_requires_grad", int_requires_grad),
                 ("nonleaf_flag", nonleaf_flag), ("shape_mismatch", shape_mismatch),
                 ("factory", factory)]:
    attempt(name, fn)

# Not errors: inplace on a non-leaf keeps the graph; an unused input with
# allow_unused gives None.
x = torch.ones(3, requires_grad=True)
y = x * 2
y.add_(1)
y.mul_(3)
y.sum().backward()
print(x.grad, y.grad_fn.name())
u = torch.ones(2, requires_grad=True)
print(torch.autograd.grad((x * x).sum(), [x, u], allow_unused=True))
