# randn/rand/randint with manual_seed: shapes, dtypes and seed-independent facts (the values
# themselves are checked by torch_rng_values.py).
import torch

torch.manual_seed(0)
a = torch.randn(3, 4)
b = torch.rand(2, 5)
c = torch.randint(0, 10, (4, 3))
d = torch.randint(5, (6,))
print(a.shape, a.dtype, b.shape, b.dtype, c.shape, c.dtype, d.shape, d.dtype)
print(bool((b >= 0).all()), bool((b < 1).all()))
print(bool((c >= 0).all()), bool((c < 10).all()), bool((d >= 0).all()), bool((d < 5).all()))
print(torch.randn(2, 3, dtype=torch.float64).dtype, torch.rand(3, dtype=torch.float16).dtype)
print(torch.randint(0, 3, (2, 2), dtype=torch.int32).dtype, torch.randn(()).shape, torch.rand(0).shape)
print(torch.randn_like(a).shape, torch.rand_like(b).dtype, torch.randint_like(c, 0, 5).shape)
torch.manual_seed(123)
x1 = torch.randn(5)
torch.manual_seed(123)
x2 = torch.randn(5)
print("same seed, same values:", torch.equal(x1, x2))
x3 = torch.randn(5)
print("next draw differs:", not torch.equal(x1, x3))
big = torch.randn(100000)
print("mean near 0:", abs(big.mean().item()) < 0.05, "std near 1:", abs(big.std().item() - 1) < 0.05)
u = torch.rand(100000)
print("uniform mean near 0.5:", abs(u.mean().item() - 0.5) < 0.05, bool(u.min() >= 0), bool(u.max() < 1))
r = torch.randint(0, 4, (10000,))
counts = [(r == k).sum().item() for k in range(4)]
print("every value drawn:", all([n > 2000 for n in counts]), sum(counts))
