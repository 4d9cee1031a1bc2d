# clamp, maximum, minimum, where.
import torch

x = torch.tensor([-3.0, -1.0, 0.0, 0.5, 2.0, 7.0])
print(torch.clamp(x, -1.0, 1.0), x.clamp(min=0.0), x.clamp(max=0.5), torch.clamp(x, min=-2, max=3))
print(x.clamp(0, 1), torch.clamp(torch.tensor([-5, 0, 5]), -1, 1))
y = torch.tensor([1.0, -2.0, 0.5, 0.5, 3.0, -7.0])
print(torch.maximum(x, y), torch.minimum(x, y), torch.max(x, y), torch.min(x, y))
print(torch.maximum(torch.tensor([1, 5]), torch.tensor([3, 2])))
cond = x > 0
print(cond, torch.where(cond, x, y), torch.where(cond, x, 0.0), torch.where(cond, 1, -1))
print(torch.where(x > y, x - y, y - x))
print(torch.where(torch.tensor([True, False]), torch.tensor([1, 2]), torch.tensor([10.5, 20.5])))
m = torch.arange(9.0).reshape(3, 3)
print(torch.where(m % 2 == 0, m, -m))
print(torch.where(m > 4, m, torch.tensor([100.0, 200.0, 300.0])))
print(torch.where(m > 4, torch.tensor([[1.0], [2.0], [3.0]]), 0.0))
c = x.clone()
c.clamp_(-1, 1)
print(c)
print(torch.clamp(torch.tensor([[0.1, 0.9], [1.5, -0.5]]), 0, 1))
leaky = torch.where(x > 0, x, 0.1 * x)
print(leaky)
print(torch.maximum(x, torch.tensor(0.0)), torch.clamp(x, min=0.0).equal(torch.relu(x)))
