# matmul, mm, bmm, @, addmm, F.linear, @=.
import torch
import torch.nn.functional as F

a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4) - 5
print(a @ b, torch.matmul(a, b), torch.mm(a, b), a.mm(b), a.matmul(b))
v = torch.tensor([1.0, -1.0, 2.0])
w = torch.tensor([0.5, 0.5, 0.5])
print(v @ w, torch.matmul(v, w), (v @ w).shape)
print(a @ v, (a @ v).shape, torch.tensor([1.0, 2.0]) @ a, (torch.tensor([1.0, 2.0]) @ a).shape)
x = torch.arange(24.0).reshape(2, 3, 4)
y = torch.arange(16.0).reshape(2, 4, 2)
print(torch.bmm(x, y), x.bmm(y).shape, (x @ y).shape)
print((x @ torch.ones(4, 5)).shape, (torch.ones(5, 2, 3) @ torch.ones(3, 1)).shape)
print((torch.ones(2, 1, 3, 4) @ torch.ones(5, 4, 2)).shape, (x @ torch.ones(4)).shape)
bias = torch.tensor([100.0, 200.0, 300.0, 400.0])
print(torch.addmm(bias, a, b), torch.addmm(bias, a, b, beta=0.5, alpha=2.0))
print(torch.addmm(torch.ones(2, 4), a, b, beta=0.0))
W = torch.tensor([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]])
bb = torch.tensor([0.1, -0.1])
print(F.linear(a, W), F.linear(a, W, bb), a @ W.T + bb)
print(F.linear(x[:, :, :3], W, bb).shape)
i = torch.tensor([[1, 2], [3, 4]])
print(i @ i, torch.mm(i, i).dtype, i @ torch.tensor([1, 1]))
d = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64)
print(d @ d, (d @ d).dtype)
e = torch.eye(3)
print(torch.equal(a @ e, a), (e @ e @ e).sum())
m = torch.tensor([[2.0, 0.0], [0.0, 3.0]])
m @= torch.tensor([[1.0, 1.0], [1.0, 1.0]])
print(m)
p = torch.tensor([[0.0, 1.0], [1.0, 0.0]])
acc = torch.eye(2)
for _ in range(3):
    acc = acc @ p
print(acc)
print(a.T @ a, a @ a.T, (a * a).sum())
print(torch.matmul(torch.ones(3), torch.ones(3, 2)), torch.mm(torch.zeros(2, 0), torch.zeros(0, 3)))
