# index_put_ (accumulate, tuple of tensors, bool masks), index_add_ (alpha), index_copy_,
# index_fill_, scatter_add_, scatter_reduce_ (sum, prod, mean, amax, amin; include_self),
# masked_scatter_, take_along_dim, and their out-of-place forms; their errors.
import torch

from _catch_helper import catch as err


def writes(x, i, src):
    a = x.index_add(0, i, src)
    b = torch.index_add(x, 1, torch.tensor([3, 0, 3]), torch.ones(3, 3), alpha=2)
    c = x.index_copy(0, i, src)
    d = x.index_fill(1, torch.tensor([0, 2]), -1.0)
    e = torch.index_fill(x, 0, torch.tensor([1]), torch.tensor(5.0))
    return a, b, c, d, e


def scatters(x, idx, src):
    out = [x.scatter_add(0, idx, src), torch.scatter_add(x, 1, idx, src)]
    for reduce in ["sum", "prod", "mean", "amax", "amin"]:
        out.append(x.scatter_reduce(0, idx, src, reduce))
        out.append(x.scatter_reduce(0, idx, src, reduce=reduce, include_self=False))
    return out


def takes(x, idx):
    return torch.take_along_dim(x, idx, 1), x.take_along_dim(torch.tensor([[0, 1, 2, 0], [2, 2, 1, 0]]), 0), torch.take_along_dim(x, torch.tensor([0, 5, 11])), torch.take_along_dim(x, torch.tensor([[1], [0], [2]]), dim=1)


x = torch.arange(12.0).reshape(3, 4)
i = torch.tensor([2, 0])
src = torch.tensor([[10.0, 20.0, 30.0, 40.0], [1.0, 2.0, 3.0, 4.0]])
for r in writes(x, i, src):
    print(r)
print(x.index_add(0, torch.tensor([1, 1]), src), x.index_add(0, i, src, alpha=-0.5))
idx = torch.tensor([[0, 1, 2, 0], [2, 2, 0, 0]])
s2 = torch.tensor([[1.5, 2.0, -3.0, 4.0], [5.0, -6.0, 7.0, 8.0]])
for r in scatters(x, idx, s2):
    print(r)
ints = torch.ones(3, dtype=torch.int64)
print(ints.scatter_reduce(0, torch.tensor([0, 0, 2]), torch.tensor([3, 4, -7]), "mean"), ints.scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([3, 4]), "mean", include_self=False))
print(ints.scatter_reduce(0, torch.tensor([1, 1]), torch.tensor([3, -4]), "amin", include_self=False), ints.scatter_reduce(0, torch.tensor([1]), torch.tensor([9]), "prod"))
print(torch.zeros(3).scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([float("nan"), 1.0]), "amax"))
for r in takes(x, torch.tensor([[0, 3], [1, 1], [2, 0]])):
    print(r)
mask = torch.tensor([[True, False, True, False], [False, False, False, True], [True, True, False, False]])
print(x.masked_scatter(mask, torch.arange(100.0, 112.0)), torch.masked_scatter(x, torch.tensor([True, False, False, True]), -torch.ones(8)))
print(x.index_put((torch.tensor([0, 2]), torch.tensor([1, 3])), torch.tensor([-1.0, -2.0])))
print(x.index_put((torch.tensor([1, 1]),), torch.tensor(1.0), accumulate=True), torch.index_put(x, (torch.tensor([0, 0]), torch.tensor([1, 1])), torch.tensor([5.0, 6.0]), True))
print(x.index_put((torch.tensor([[0], [2]]), torch.tensor([0, 3])), torch.tensor(0.5)), x.index_put((mask,), torch.tensor(-9.0)))
print(x.index_put((torch.tensor([True, False, True]),), torch.tensor([1.0, 2.0, 3.0, 4.0])), x.index_put((torch.tensor([-1]),), torch.zeros(4)))
# In-place forms write into self (and into the base of a view).
y = x.clone()
r = y.index_add_(0, i, src)
print(r is y, y)
y.index_copy_(1, torch.tensor([0]), torch.tensor([[7.0], [8.0], [9.0]]))
y.index_fill_(0, torch.tensor([-1]), 0.25)
y.scatter_add_(1, torch.tensor([[0, 0], [1, 1], [2, 2]]), torch.ones(3, 2))
y.scatter_reduce_(0, torch.tensor([[1, 1, 1, 1]]), torch.full((1, 4), 2.0), "prod")
y.masked_scatter_(torch.tensor([False, True, False, False]), torch.tensor([-5.0, -6.0, -7.0]))
y.index_put_((torch.tensor([0]), torch.tensor([0])), torch.tensor([1000.0]), accumulate=True)
print(y)
v = torch.zeros(4, 4)
col = v[:, 1]
col.index_fill_(0, torch.tensor([0, 3]), 1.0)
v.diagonal().index_add_(0, torch.tensor([0, 1, 1]), torch.tensor([1.0, 2.0, 3.0]))
print(v)
n = torch.zeros(2, 3, dtype=torch.int32)
n.index_put_((torch.tensor([0, 0, 1]), torch.tensor([2, 2, 0])), torch.tensor([1, 2, 3], dtype=torch.int32), accumulate=True)
print(n, torch.zeros(3, dtype=torch.bool).index_put((torch.tensor([1]),), torch.tensor(True)))
err(lambda: x.index_add(0, i, torch.ones(3, 4)))
err(lambda: x.index_add(0, i, torch.ones(2, 4, dtype=torch.float64)))
err(lambda: x.index_add(0, i.float(), src))
err(lambda: x.index_add(0, torch.tensor([[0]]), torch.ones(1, 4)))
err(lambda: x.index_add(0, torch.tensor([5, 0]), src))
err(lambda: x.index_add(0, torch.tensor([0]), torch.ones(1, 3)))
err(lambda: x.index_copy(0, i, torch.ones(3, 4)))
err(lambda: x.index_copy(0, torch.tensor([5, 0]), src))
err(lambda: x.index_copy(0, torch.tensor([0]), torch.ones(1, 3)))
err(lambda: x.index_copy(0, torch.tensor([0]), torch.ones(1, 4, dtype=torch.float64)))
err(lambda: x.index_fill(0, torch.tensor([5]), 1.0))
err(lambda: x.index_fill(2, i, 1.0))
err(lambda: x.index_fill(0, i, torch.tensor([1.0, 2.0])))
err(lambda: x.index_fill(0, torch.tensor([0.0]), 1))
err(lambda: x.index_fill(0, torch.tensor([[0]]), 1))
err(lambda: x.scatter_add(0, torch.tensor([[5]]), torch.ones(1, 1)))
err(lambda: x.scatter_add(0, torch.tensor([[0]]), torch.ones(1, 1, dtype=torch.float64)))
err(lambda: x.scatter_add(0, torch.tensor([[0.0]]), torch.ones(1, 1)))
err(lambda: x.scatter_reduce(0, torch.tensor([[0]]), torch.ones(1, 1), "foo"))
err(lambda: x.masked_scatter(torch.ones(3, 4, dtype=torch.bool), torch.ones(5)))
err(lambda: x.masked_scatter(torch.ones(3, 4), torch.ones(12)))
err(lambda: x.masked_scatter(torch.ones(4, dtype=torch.bool), torch.ones(20, dtype=torch.float64)))
err(lambda: x.index_put((i,), torch.ones(3, 4)))
err(lambda: x.index_put((torch.tensor([7]),), torch.ones(4)))
err(lambda: x.index_put((torch.tensor([0]),), torch.ones(4, dtype=torch.float64)))
err(lambda: x.index_put((torch.tensor([0]), torch.tensor([0]), torch.tensor([0])), torch.ones(1)))
err(lambda: x.index_put((torch.tensor([0.0]),), torch.ones(1)))
err(lambda: x.index_put((torch.tensor([0, 1]), torch.tensor([0, 1, 2])), torch.ones(1)))
err(lambda: torch.take_along_dim(x, torch.tensor([[0.0]]), 1))
err(lambda: torch.take_along_dim(x, torch.tensor([0]), 1))
