# flip, roll, rot90, tril, triu, diag, diagonal (a view), trace; their errors.
import torch

from _catch_helper import catch as err


def rotations(x):
    return x.flip(0), torch.flip(x, [0, 1]), x.flip(-1), x.fliplr(), x.flipud(), x.rot90(), torch.rot90(x, 2), x.rot90(-1, [1, 0]), x.rot90(4)


def rolls(x):
    return torch.roll(x, 1), x.roll(-2, 1), x.roll((1, -1), (0, 1)), x.roll(5, 0), x.roll(0, 1)


def triangles(x):
    return x.tril(), x.triu(), torch.tril(x, 1), torch.triu(x, -1), x.tril(-5), x.triu(10)


def diags(x, v):
    return torch.diag(v), torch.diag(v, 1), v.diag(-2), x.diag(), x.diag(1), torch.diag(x, -1), x.diagonal(), x.diagonal(1), torch.diagonal(x, -1), x.trace(), torch.trace(x)


x = torch.arange(12.0).reshape(3, 4)
v = torch.tensor([1, 2, 3])
for r in rotations(x):
    print(r, r.shape, r.stride())
for r in rolls(x):
    print(r)
for r in triangles(x):
    print(r)
for r in diags(x, v):
    print(r)
print(torch.roll(torch.arange(5), 2), torch.arange(6).reshape(2, 3).flip(0, 1))
b = torch.arange(24).reshape(2, 3, 4)
print(b.flip(1), b.tril(), b.triu(1), b.diagonal(0, 1, 2), b.diagonal(1, 0, 2), b.diagonal(0, -1, 0), b.rot90(1, (1, 2)).shape)
print(torch.tril(torch.ones(3, 3, dtype=torch.bool)), torch.triu(torch.ones(2, 3, dtype=torch.float64)))
print(torch.trace(torch.arange(9, dtype=torch.int32).reshape(3, 3)), torch.trace(torch.ones(2, 3)).dtype)
print(torch.diag(torch.tensor([1.5, -2.0]), -1), torch.diag(torch.ones(2, 3), 5), torch.tensor(3.0).flip(0))
# diagonal is a view: writes go through to the base, and back.
m = torch.zeros(3, 3)
d = m.diagonal()
d.fill_(7.0)
print(m, d.stride(), d.is_contiguous())
m[1, 1] = -1.0
print(d)
off = m.diagonal(1)
off += 2.0
print(m)
# flip, roll, tril, diag copy.
f = m.flip(0)
f[0, 0] = 100.0
print(m[2, 0])
t = m.tril_()
print(t is m, m)
u = torch.ones(3, 3).triu_(1)
print(u)
print(x.diagonal().storage_offset(), x.diagonal(2).storage_offset(), x.diagonal(-1).storage_offset())
err(lambda: x.flip(2))
err(lambda: x.flip(0, 0))
err(lambda: x.diagonal(0, 0, 0))
err(lambda: x.diagonal(0, -2, 0))
err(lambda: torch.trace(torch.ones(2, 2, 2)))
err(lambda: torch.trace(torch.ones(2, 2, dtype=torch.bool)))
err(lambda: torch.diag(torch.ones(2, 2, 2)))
err(lambda: torch.diag(torch.tensor(1.0)))
err(lambda: torch.tril(torch.ones(3)))
err(lambda: torch.triu(torch.tensor(1)))
err(lambda: x.roll(1, (0, 1)))
err(lambda: torch.roll(x, (1, 2)))
err(lambda: x.roll([], []))
err(lambda: x.rot90(1, (0, 0)))
err(lambda: x.rot90(1, (0, 1, 2)))
err(lambda: torch.ones(3).rot90())
err(lambda: torch.rot90(x, 1, (0, 2)))
err(lambda: torch.ones(3).fliplr())
