# Advanced indexing (integer lists/tensors, boolean masks), index_select, gather, scatter,
# masked_fill.
import torch

x = torch.arange(20).reshape(4, 5)
idx = torch.tensor([0, 2, 3])
print(x[idx], x[[1, 3]], x[:, idx], x[[0, 1, 2], [4, 3, 2]], x[idx, 1])
print(x[torch.tensor([[0, 1], [2, 3]])].shape, x[[-1, 0]], x[1:3, [0, 4]])
print(x[torch.tensor([3, 3, 0])], x[[0, 0]], x[[2]].shape, x[[2], [2]])
mask = x % 3 == 0
print(mask, x[mask], x[mask].shape)
rows = torch.tensor([True, False, True, False])
print(x[rows], x[rows, 2], x[:, torch.tensor([True, False, False, False, True])])
y = x.clone()
y[y > 10] = -1
print(y)
y[[0, 1], [0, 1]] = 100
print(y)
y[torch.tensor([3])] = 0
print(y)
f = torch.arange(6.0)
f[f < 3] += 0.5
print(f)
print(torch.index_select(x, 0, idx), x.index_select(1, torch.tensor([4, 0])), x.index_select(0, torch.tensor([1, 1])))
src = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
g = torch.tensor([[2, 0], [1, 1]])
print(torch.gather(src, 1, g), src.gather(0, torch.tensor([[1, 0, 1]])))
labels = torch.tensor([2, 0])
print(src.gather(1, labels.unsqueeze(1)).squeeze(1))
z = torch.zeros(3, 4)
print(z.scatter(1, torch.tensor([[1], [3], [0]]), 1.0))
print(torch.zeros(2, 5).scatter(1, torch.tensor([[0, 1], [3, 4]]), torch.tensor([[1.0, 2.0], [3.0, 4.0]])))
print(torch.zeros(3, 3).scatter_(0, torch.tensor([[2, 1, 0]]), 7.0))
print(torch.zeros(4).scatter(0, torch.tensor([3, 1]), torch.tensor([9.0, 8.0])))
print(torch.scatter(torch.zeros(2, 2), 1, torch.tensor([[1], [0]]), 5.0))
one_hot = torch.zeros(4, 3).scatter(1, torch.tensor([0, 2, 1, 2]).unsqueeze(1), 1.0)
print(one_hot)
m = torch.arange(9.0).reshape(3, 3)
print(m.masked_fill(m > 4, -1.0), torch.masked_fill(m, m == 0, 100.0))
causal = torch.tensor([[False, True, True], [False, False, True], [False, False, False]])
print(m.masked_fill(causal, float("-inf")))
print(m.masked_fill(torch.tensor([True, False, True]), 0.0))
n = m.clone()
n.masked_fill_(n < 3, 0.5)
print(n)
print(x[torch.tensor([0, 2])][:, torch.tensor([1, 3])], x[[0, 2]][:, [1, 3]].sum())
b = torch.tensor([10, 20, 30, 40])
print(b[torch.tensor([True, True, False, True])], b[b > 15], b[torch.tensor([], dtype=torch.int64)])
