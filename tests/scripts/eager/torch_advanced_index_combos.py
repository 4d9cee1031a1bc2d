# Advanced indexing in every position: integer tensors and lists, bool masks, None, slices and
# Ellipsis combined, for reads and writes; PyTorch's result shapes (advanced indices separated
# by a slice go first) and errors.
import torch

from _catch_helper import catch as err


def reads(x, i, j):
    return [x[i], x[:, i], x[..., j], x[i, :, j], x[i, j], x[:, i, j], x[None, i], x[i, None], x[i, ..., None], x[1:, i], x[i, 1], x[1, :, j], x[..., i, :], x[i, 0:2, j], x[None, :, i, None, j]]


x = torch.arange(60).reshape(3, 4, 5)
i = torch.tensor([0, 2])
j = torch.tensor([[1, 3], [0, 2]])
for r in reads(x, i, j):
    print(r.shape, r.sum().item(), r.flatten()[:6])
mask = torch.tensor([True, False, True, True])
m2 = x[0] % 3 == 0
print(x[:, mask].shape, x[1, mask], x[..., torch.tensor([True, False, False, False, True])].shape, x[:, m2].shape, x[:, m2][1])
print(x[i, mask[:2].nonzero().flatten()].shape if False else x[torch.tensor([True, False, True]), 1:3].shape)
print(x[[0, 2], [1, 3]], x[[[0], [2]], [1, 3]].shape, x[[0, 1], ..., [2, 3]], x[i, None, :, j[0]].shape)
print(x[torch.tensor(1)], x[torch.tensor([1])].shape, x[1, [1, 2], [0, 1]], x[-1, -1, [-1, -5]])
print(x[x > 55], x[x.sum(-1) > 100].shape, x[:, :, 0][x[:, :, 0] > 20])
y = torch.zeros(3, 4, 5)
y[i, :, 0] = 1.0
y[:, mask] += 2.0
y[..., torch.tensor([0, 4])] -= 0.5
y[1, [0, 3], [1, 2]] = torch.tensor([7.0, 8.0])
y[i, 1:3, j[0]] = torch.tensor([[10.0], [20.0]])
y[None, 2, [1]] = 9.0
y[y > 8] *= -1
print(y)
z = torch.zeros(4, 4)
z[[0, 0, 1], [1, 1, 2]] = torch.tensor([1.0, 2.0, 3.0])
z[torch.tensor([True, False, False, True])] = torch.tensor([5.0, 6.0, 7.0, 8.0])
z[:, torch.tensor([3])] = torch.tensor([[1.0], [2.0], [3.0], [4.0]])
print(z)
w = torch.arange(10)
w[w % 2 == 0] += 100
w[[1, 3]] = w[[3, 1]]
print(w)


def compiled_like(t, idx):
    u = t.clone()
    u[idx] = 0
    return u[:, idx].sum(), u


print(compiled_like(torch.ones(5, 5), torch.tensor([1, 3])))
err(lambda: x[5])
err(lambda: x[:, 4])
err(lambda: x[torch.tensor([3])])
err(lambda: x[:, torch.tensor([0, 4])])
err(lambda: x[..., torch.tensor([-6])])
err(lambda: x[i, torch.tensor([0, 1, 2])])
err(lambda: x[0, 0, 0, 0])
err(lambda: x[torch.tensor([True, False])])
err(lambda: x[torch.tensor([0.5])])
err(lambda: y.__setitem__((torch.tensor([7]),), 1.0))
err(lambda: y.__setitem__((i,), torch.ones(3, 4, 5)))
