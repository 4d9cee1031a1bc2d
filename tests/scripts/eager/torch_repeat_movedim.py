# repeat, repeat_interleave, tile, expand_as, chunk, split, unbind, movedim, unflatten; views
# where PyTorch returns views; their errors.
import torch

from _catch_helper import catch as err


def repeats(x):
    return x.repeat(2, 1), x.repeat(1, 2, 2), x.tile((2,)), torch.tile(x, (2, 1, 1)), x.tile(2, 2), x.repeat_interleave(2), x.repeat_interleave(2, dim=1), torch.repeat_interleave(x, 3, 0, output_size=9)


def moves(b):
    return b.movedim(0, 2), torch.movedim(b, (0, 1), (2, 0)), b.moveaxis(-1, 0), b.unflatten(2, (2, 2)), torch.unflatten(b, 1, (3, -1)), b.expand_as(torch.zeros(2, 2, 3, 4))


x = torch.tensor([[1, 2], [3, 4], [5, 6]])
for r in repeats(x):
    print(r, r.shape)
b = torch.arange(24.0).reshape(2, 3, 4)
for r in moves(b):
    print(r.shape, r.stride(), r.sum())
print(b.movedim(0, 2)[1])
print(x.repeat_interleave(torch.tensor([1, 0, 2]), dim=0), torch.repeat_interleave(torch.tensor([1, 2, 3])))
print(x.repeat_interleave(torch.tensor([2, 1]), dim=1, output_size=3), torch.repeat_interleave(torch.tensor(2), 2))
print(x.repeat_interleave(torch.tensor([2]), dim=0), torch.tensor(5).repeat_interleave(3))
print(torch.chunk(torch.arange(7), 3), torch.arange(6).reshape(2, 3).chunk(3, 1), torch.split(b, [1, 3], 2)[1].shape)
print(torch.unbind(x), x.unbind(1), torch.split(torch.arange(5), 2))
# Views share storage with their base.
base = torch.zeros(2, 6)
u = base.unflatten(1, (2, 3))
u[0, 1, 2] = 5.0
m = base.movedim(1, 0)
m[0, 1] = 7.0
c0, c1 = base.chunk(2, dim=1)
c1[1, 0] = 9.0
s = base.split([4, 2], 1)[0]
s[0, 0] = 1.0
row = base.unbind(0)[1]
row[5] = 3.0
e = torch.tensor([1.0, 2.0]).reshape(2, 1)
ex = e.expand_as(base)
print(base, ex.stride(), ex[1])
t = x.tile((1,))
t[0, 0] = 100
r11 = x.repeat(1, 1)
r11[0, 1] = -7
print(x[0, 0], x[0, 1])
err(lambda: x.repeat(2))
err(lambda: x.repeat(-1, 1))
err(lambda: x.repeat_interleave(-1))
err(lambda: x.repeat_interleave(torch.tensor([-1, 2, 1]), dim=0))
err(lambda: x.repeat_interleave(torch.tensor([[1]]), dim=0))
err(lambda: x.repeat_interleave(torch.tensor([1.0]), dim=0))
err(lambda: x.repeat_interleave(torch.tensor([1, 2]), dim=0))
err(lambda: x.repeat_interleave(2, dim=0, output_size=3))
err(lambda: torch.repeat_interleave(torch.tensor([[1, 2]])))
err(lambda: b.movedim((0, 0), (1, 2)))
err(lambda: b.movedim((0, 1), (1, 1)))
err(lambda: b.movedim((0, 1), (0,)))
err(lambda: b.movedim(0, 5))
err(lambda: b.unflatten(1, ()))
err(lambda: b.unflatten(1, (2, 2)))
err(lambda: b.unflatten(1, (-1, 2)))
err(lambda: b.expand_as(torch.ones(2, 2)))
err(lambda: b.chunk(0))
err(lambda: b.split(0))
err(lambda: b.split([1, 2]))
err(lambda: b.unbind(3))
err(lambda: torch.tensor(1.0).unbind())
err(lambda: torch.tensor(1.0).chunk(2))
err(lambda: x.tile())
