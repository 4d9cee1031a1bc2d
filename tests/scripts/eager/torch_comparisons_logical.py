# Comparison operators, eq/ne/lt/..., logical_and/or/not/xor, & | ~ on bool tensors.
import torch

a = torch.tensor([1, 2, 3, 4])
b = torch.tensor([4, 2, 1, 4])
print(a == b, a != b, a < b, a <= b, a > b, a >= b)
print(a == 2, a > 2.5, 3 > a, a != 0)
print(torch.eq(a, b), torch.ne(a, b), torch.lt(a, b), torch.le(a, b), torch.gt(a, b), torch.ge(a, b))
print(a.eq(b), a.gt(1), a.lt(3))
p = a > 1
q = b > 1
print(p & q, p | q, ~p, p ^ q)
print(torch.logical_and(p, q), torch.logical_or(p, q), torch.logical_not(p), torch.logical_xor(p, q))
print(torch.logical_and(a, torch.tensor([0, 1, 0, 1])), torch.logical_not(torch.tensor([0.0, 2.0])))
print((a > 1) & (a < 4), ((a == 1) | (a == 4)).sum())
f = torch.tensor([0.5, float("nan"), 1.0])
print(f == f, f != f, f > 0.7)
print(torch.equal(a, a.clone()), torch.equal(a, b))
m = torch.arange(6).reshape(2, 3)
print(m > 2, (m > 2).sum(), (m % 2 == 0).int(), (m >= 1).float().mean())
print((a > 2).any(), (a > 2).all(), (a > 0).all(), (a > 10).any())
print(torch.tensor([True, False]) == torch.tensor([True, True]))
print(a.float() == a, (a / 2) > 1)
mask = (m > 0) & (m < 5)
print(mask, m[mask])
