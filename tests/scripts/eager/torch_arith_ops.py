# Arithmetic operators on tensors and scalars, reverse operators, in-place forms.
import torch

a = torch.tensor([1.0, 2.0, 3.0, 4.0])
b = torch.tensor([0.5, -1.0, 2.0, 8.0])
print(a + b, a - b, a * b, a / b, a ** 2, a ** b, -a)
print(a + 1, a - 1, a * 2, a / 2, 1 + a, 1 - a, 2 * a, 12 / a, 2 ** a)
print(a // 3, a % 3, (-a) // 3, (-a) % 3, a // -3, a % -3)
print(torch.add(a, b), torch.sub(a, b), torch.mul(a, b), torch.div(a, b), torch.neg(a))
print(torch.add(a, b, alpha=2), torch.sub(a, 1), a.add(10), a.mul(b), a.div(4), a.sub(b))
print(torch.pow(a, 2), torch.pow(2, a), a.pow(0.5), torch.remainder(a, 3), torch.floor_divide(a, 3))
print(torch.div(a, 2), torch.remainder(-a, 3))
i = torch.tensor([7, -7, 8, -8])
j = torch.tensor([2, 2, -3, -3])
print(i + j, i - j, i * j, i // j, i % j, i / j, i ** 2)
print(i // 2, i % 2, -i, abs(i), i * 1.5, i / 2)
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(m + torch.tensor([10.0, 20.0]), m * torch.tensor([[2.0], [3.0]]), m - m.T)
c = a.clone()
c += 1
print(c)
c -= 0.5
print(c)
c *= 2
print(c)
c /= 4
print(c)
c **= 2
print(c)
d = torch.zeros(3)
d.add_(5)
d.mul_(torch.tensor([1.0, 2.0, 3.0]))
d.sub_(1)
d.div_(2)
print(d)
e = torch.arange(5)
e += 10
e *= 2
print(e, e.dtype)
print(a.sum() + 1, (a * 0).sum(), 10 - a.mean(), a.max() * 2)
x = torch.tensor([1, 2, 3])
print(x + True, x * False, x - 1.0, x * 2.5)
