# Random ops inside functions: under tc's same-answers suite these functions are
# compiled, and a compiled function must draw exactly what the eager one draws.
import torch


def draws(x):
    a = torch.rand(3)
    b = torch.randn(20)
    c = x + torch.randn_like(x)
    d = torch.randint(0, 10, (4,))
    return a, b[:4], c, d


def noisy(x):
    y = torch.nn.functional.dropout(x, 0.5)
    unused = torch.rand(5)  # still advances the generator
    return y * 2 + torch.rand(1)


torch.manual_seed(0)
for step in range(2):
    a, b, c, d = draws(torch.ones(2))
    print(step, a.tolist(), b.tolist(), c.tolist(), d.tolist())
    print(step, noisy(torch.arange(6.0)).tolist())
print(torch.rand(2).tolist())
