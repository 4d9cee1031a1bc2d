# all/any reductions with and without dim, on bool and numeric tensors.
import torch

b = torch.tensor([[True, False, True], [True, True, True]])
print(b.all(), b.any(), torch.all(b), torch.any(b))
print(b.all(0), b.all(1), b.any(0), b.any(dim=1), b.all(dim=1, keepdim=True))
n = torch.tensor([[0, 1, 2], [3, 0, 0]])
print(n.all(), n.any(), n.all(1), n.any(0), torch.any(n, dim=1))
f = torch.tensor([0.0, 0.5, -1.0])
print(f.all(), f.any(), (f > -2).all(), (f > 0).any(), (f == 1).any())
e = torch.zeros(0, dtype=torch.bool)
print(e.all(), e.any())
x = torch.arange(12).reshape(3, 4)
print((x % 2 == 0).any(1), (x < 10).all(0), (x >= 0).all().item(), bool((x > 11).any()))
if (x > 5).any():
    print("some > 5")
if not (x > 100).any():
    print("none > 100")
print(torch.tensor([True]).all().dtype, n.any().dtype)
