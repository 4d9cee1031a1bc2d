# Broadcasting across shapes for arithmetic, comparisons and where.
import torch

a = torch.arange(3.0).reshape(3, 1)
b = torch.arange(4.0).reshape(1, 4)
print(a + b, (a + b).shape)
print(a * b, a - b, b / (a + 1))
c = torch.arange(24.0).reshape(2, 3, 4)
print(c + torch.tensor([1.0, 0.0, -1.0, 0.0]))
print(c * torch.tensor([[1.0], [10.0], [100.0]]))
print((c - c.mean(dim=-1, keepdim=True)).sum(-1))
print((c / c.sum(dim=(1, 2), keepdim=True)).sum((1, 2)))
print(torch.tensor(2.0) * c[0], c[0] + torch.tensor([[0.5]]))
shapes = [((3,), (1,)), ((2, 1), (3,)), ((4, 1, 2), (3, 1)), ((1,), (5, 1, 1)), ((2, 3), (2, 1)), ((), (2, 2))]
for s1, s2 in shapes:
    r = torch.zeros(s1) + torch.zeros(s2)
    print(s1, "+", s2, "->", tuple(r.shape))
x = torch.tensor([[1, 2, 3]])
y = torch.tensor([[1], [2]])
print(x == y, x > y, torch.maximum(x, y), torch.where(x > y, x, y))
rows = torch.arange(4).unsqueeze(1)
cols = torch.arange(4).unsqueeze(0)
print(rows >= cols, (rows - cols).abs())
pts = torch.tensor([[0.0, 0.0], [3.0, 4.0], [1.0, 1.0]])
diff = pts[:, None, :] - pts[None, :, :]
print((diff ** 2).sum(-1).sqrt())
