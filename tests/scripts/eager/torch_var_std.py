# var and std, unbiased/correction, dim, keepdim.
import torch

x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 8.0, 16.0]])
print(x.var(), x.std(), torch.var(x), torch.std(x))
print(x.var(1), x.std(1), x.var(0), x.std(dim=0))
print(x.var(1, unbiased=False), x.std(1, unbiased=False))
print(x.var(dim=1, correction=0), x.std(dim=1, correction=2))
print(x.var(dim=1, keepdim=True), x.std(dim=0, keepdim=True).shape)
print(x.var(dim=(0, 1)), x.std(dim=-1))
c = torch.tensor([5.0, 5.0, 5.0])
print(c.var(), c.std())
d = torch.arange(10.0, dtype=torch.float64)
print(d.var(), d.std(), d.var(unbiased=False))
y = torch.arange(24.0).reshape(2, 3, 4) ** 1.5
print(y.var(1), y.std(2, keepdim=True))
mean = x.mean(1, keepdim=True)
manual = ((x - mean) ** 2).sum(1) / (x.shape[1] - 1)
print(manual, (manual - x.var(1)).abs().max() < 1e-4)
