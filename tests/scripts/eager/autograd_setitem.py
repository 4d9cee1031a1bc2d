# x[idx] = v on tensors in an autograd graph: basic-index writes give the
# tensor a CopySlices node, advanced-index and mask writes IndexPutBackward0
# / IndexFillBackward0 / MaskedFillBackward0; gradients flow to the earlier
# history (zero where overwritten) and to the value. Writes into a leaf
# that requires grad are PyTorch's errors (caught: PyTorch raises them
# inside its library).
import torch
from _attempt import attempt


def names(t):
    return [type(f).__name__ if f is not None else None for f, _ in t.grad_fn.next_functions]


x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]],
                 requires_grad=True)
v = torch.tensor([0.5, -1.0, 2.0, 3.0], requires_grad=True)

y = x * 2
y[1] = v
print(type(y.grad_fn).__name__, y.grad_fn.name(), names(y), y._version)
print(y.grad_fn.next_functions[1][0].name())
print(y)
(y * y).sum().backward()
print(x.grad)
print(v.grad)

x.grad = None
v.grad = None
y = x * 2
y[0, 1:3] = 5.0
print(type(y.grad_fn).__name__, names(y))
(y * y).sum().backward()
print(x.grad)

# x[idx] += v: read, add, write back.
x.grad = None
v.grad = None
y = x * 2
y[:, 0] += v[:3]
print(type(y.grad_fn).__name__)
(y * y).sum().backward()
print(x.grad)
print(v.grad)

# Advanced indices.
x.grad = None
v.grad = None
y = x.exp() * 0 + x
y[torch.tensor([0, 2])] = v
print(type(y.grad_fn).__name__, names(y), y._version)
(y * 3).sum().backward()
print(x.grad)
print(v.grad)

x.grad = None
y = x * 1
y[torch.tensor([0, 2])] = 0.0
print(type(y.grad_fn).__name__, names(y))
y.sum().backward()
print(x.grad)

x.grad = None
v.grad = None
y = x * 1
y[torch.tensor([0, 2, 2]), torch.tensor([1, 3, 0])] = v[:3]
print(type(y.grad_fn).__name__, names(y))
(y * y).sum().backward()
print(x.grad)
print(v.grad)

# Masks.
x.grad = None
y = x * 1
y[y > 6] = 0.0
print(type(y.grad_fn).__name__, names(y))
(y * 2).sum().backward()
print(x.grad)

x.grad = None
s = torch.tensor(4.0, requires_grad=True)
y = x * 1
y[x < 3] = s
print(type(y.grad_fn).__name__, names(y))
y.sum().backward()
print(x.grad, s.grad)

# Into a tensor without history: the value's gradient only.
v.grad = None
z = torch.zeros(3)
z[0] = v[0]
z[2] = v[3] * 2
print(z.requires_grad, type(z.grad_fn).__name__, names(z))
(z * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(v.grad)

# A value of another dtype, broadcast over the region.
x.grad = None
y = x * 1
y[1:, :2] = torch.tensor([7.0], dtype=torch.float64, requires_grad=True)
print(y.dtype, type(y.grad_fn).__name__)
y.sum().backward()
print(x.grad)

# Double backward through a write.
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = w * w
y[1] = (w ** 3).sum()
(g,) = torch.autograd.grad(y.sum(), w, create_graph=True)
print(g)
(gg,) = torch.autograd.grad(g.sum(), w)
print(gg)

# A saved tensor overwritten by the write (at module level: a compiled
# function's graph with a write in it has no backward in tc yet).
try:
    y = x.exp()
    y[0] = 1.0
    y.sum().backward()
except RuntimeError as e:
    print("saved overwritten", e)
attempt("leaf basic", lambda: x.__setitem__(0, 1.0))
attempt("leaf slice", lambda: x.__setitem__((slice(None), 0), torch.ones(3)))
attempt("leaf advanced", lambda: x.__setitem__(torch.tensor([0]), 1.0))
attempt("leaf mask", lambda: x.__setitem__(x > 0, 1.0))
with torch.no_grad():
    c = x.clone()
    c[0] = 1.0
print(c.requires_grad, c[0])

# In-place ops through views of a tensor with history rewrite the base's
# history (CopySlices), so its gradient sees the write.
x.grad = None
b = x * 1
r = b[0]
r.mul_(2)
print(type(b.grad_fn).__name__)
(b * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
print(x.grad)

x.grad = None
b = x.exp()
c = b * 1
c[:, 1].add_(torch.tensor([10.0, 20.0, 30.0]))
t = c.t()
t[0] += 100
(c * c).sum().backward()
print(c)
print(x.grad)

x.grad = None
v.grad = None
b = x * 1
r = b[1]
r[1:] = v[:3]
(b * b).sum().backward()
print(b)
print(x.grad, v.grad)

x.grad = None
b = x * 1
b.view(4, 3).zero_()
b.sum().backward()
print(x.grad)

x.grad = None
b = x * 1
b.t()[2].copy_(torch.tensor([5.0, 6.0, 7.0]))
(b * 2).sum().backward()
print(b)
print(x.grad)
attempt("leaf view inplace", lambda: x[0].mul_(2))
attempt("leaf transposed inplace", lambda: x.t().add_(1))


# Writes in a function without autograd (compiled in the compiled modes).
def fill_row(t, i, value):
    t = t.clone()
    t[i] = value
    t[t > 10] = -1.0
    return t


print(fill_row(x.detach(), 1, torch.tensor([0.5, 1.5, 2.5, 3.5])))
