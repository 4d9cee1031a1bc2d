# A Python number divided by a tensor: PyTorch computes
# tensor.reciprocal() * number (two roundings), which differs from a true
# division in the last bit for some elements; printed in full (tolist).
import torch


def scaled(t, k):
    return k / t


g = torch.Generator().manual_seed(0)
x = torch.randn(40, generator=g).abs() + 0.1
print(scaled(x, 1.5).tolist())
print(scaled(x, 3).tolist())
print(scaled(x.double(), 0.7).tolist())
print(scaled(torch.tensor([3, 4, 7]), 2), scaled(torch.tensor([3, 4, 7]), 2).dtype)
print(scaled(torch.tensor([True, False]), 2))
print(scaled(torch.tensor(0.3), 1.5).item(), scaled(x.half()[:5], 1.5).tolist())
