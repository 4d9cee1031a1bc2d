# F.one_hot, F.pad (constant, reflect, replicate, circular; 1-3 padded dims), pixel_shuffle,
# pixel_unshuffle; nn Flatten, Unflatten, Identity, ModuleList, ModuleDict, Sequential
# slicing/indexing/len/append, ParameterList, the padding and pixel-shuffle modules; errors.
import torch
import torch.nn as nn
import torch.nn.functional as F

from _catch_helper import catch as err


def pads(x):
    return [F.pad(x, (1, 2)), F.pad(x, (1, 0, 0, 2), value=-1.5), F.pad(x[0], (2, 1), mode="reflect"), F.pad(x, (1, 1, 2, 0), mode="reflect"), F.pad(x, (2, 1, 1, 1), mode="replicate"), F.pad(x[0], (3, 1), "replicate"), F.pad(x, (1, 2, 2, 1), mode="circular"), F.pad(x, (-1, 1)), F.pad(x, (0, 0, -1, -1)), F.pad(x, (1, 1, 1, 1, 1, 1))]


def shuffles(x):
    y = F.pixel_shuffle(x, 2)
    return y, F.pixel_unshuffle(y, 2), nn.PixelShuffle(2)(x).shape, nn.PixelUnshuffle(1)(x).shape


x = torch.arange(24.0).reshape(1, 2, 3, 4)
for r in pads(x):
    print(r.shape, r)
v = torch.arange(5.0).reshape(1, 1, 5)
print(F.pad(v, (2, 2), mode="reflect"), F.pad(v, (1, 3), mode="circular"), F.pad(v, (2, 0), mode="replicate"))
cube = torch.arange(8.0).reshape(1, 1, 2, 2, 2)
print(F.pad(cube, (1, 1, 1, 0, 0, 1), mode="replicate").sum(), F.pad(cube, (1, 0, 1, 0, 1, 0), mode="circular")[0, 0, 0], F.pad(cube, (1, 1, 1, 1, 1, 1), mode="reflect").shape)
print(F.pad(torch.ones(2, 3, dtype=torch.int64), (1, 1), value=7), F.pad(torch.ones(3), (1, 1)).dtype)
s = torch.arange(32.0).reshape(1, 8, 2, 2)
for r in shuffles(s):
    print(r)
print(F.one_hot(torch.tensor([0, 2, 1])), F.one_hot(torch.tensor([[1], [3]]), 5), F.one_hot(torch.tensor([1, 0]), num_classes=2).dtype)
print(nn.ZeroPad2d(1)(torch.ones(1, 1, 1, 2)), nn.ConstantPad1d((1, 2), 3.5)(torch.zeros(1, 2)), nn.ReflectionPad1d(1)(v), nn.ReplicationPad2d((1, 0, 0, 1))(x).shape, nn.CircularPad1d(2)(v))
print(nn.ZeroPad2d(1), nn.ConstantPad1d((1, 2), 3.5), nn.ReflectionPad2d(2), nn.ReplicationPad1d((1, 0)), nn.CircularPad2d(1), nn.ZeroPad1d((2, 3)), nn.ReflectionPad3d(1))
print(nn.Unflatten(1, (2, 2)), nn.Flatten(), nn.Identity(3, k=1), nn.PixelShuffle(2), nn.PixelUnshuffle(3))
u = nn.Unflatten(1, (3, 4))
print(u(torch.arange(24.0).reshape(2, 12)).shape, nn.Flatten(0)(x).shape, nn.Identity()(v) is v)
seq = nn.Sequential(nn.Flatten(), nn.Unflatten(1, (4, 6)), nn.Identity())
print(seq(x).shape, len(seq), seq[0], seq[-1], seq[1:])
seq.append(nn.Flatten(0))
print(seq, seq(x).shape)
ml = nn.ModuleList([nn.Identity(), nn.Flatten()])
ml.append(nn.Identity())
print(len(ml), ml[1], ml[-1], ml[:2], [type(m).__name__ for m in ml])
md = nn.ModuleDict({"flat": nn.Flatten(), "id": nn.Identity()})
md["unflat"] = nn.Unflatten(0, (1, 1))
print(md, len(md), list(md.keys()), "id" in md, md["flat"](x).shape, [k for k in md])
print([type(m).__name__ for m in md.values()], [k for k, _ in md.items()], md.pop("id"), len(md))
pl = nn.ParameterList([nn.Parameter(torch.ones(2)), nn.Parameter(torch.zeros(3, 2))])
pl.append(nn.Parameter(torch.full((1,), 2.0)))
print(pl, len(pl), pl[2], pl[-2].shape)
print([n for n, _ in pl.named_parameters()], sum(p.numel() for p in pl.parameters()))
holder = nn.Module()
holder.blocks = nn.ModuleDict({"a": nn.Flatten()})
holder.ps = pl
print([n for n, _ in holder.named_parameters()], [n for n, _ in holder.named_modules()])
err(lambda: F.pad(x, (1, 2, 3)))
err(lambda: F.pad(x, (5, 5), mode="reflect"))
err(lambda: F.pad(x, (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)))
err(lambda: F.pad(x, (1, 1), mode="foo"))
err(lambda: F.pad(x, (1, 1), mode="reflect", value=2.0))
err(lambda: F.pad(x, (-5, -5)))
err(lambda: F.pad(torch.ones(4), (1, 1), mode="reflect"))
err(lambda: F.pad(torch.ones(2, 4), (1, 1, 1, 1), mode="replicate"))
err(lambda: F.pad(torch.ones(1, 2, 3), (3, 0), mode="reflect"))
err(lambda: F.pixel_shuffle(torch.ones(2, 3), 2))
err(lambda: F.pixel_shuffle(torch.ones(5, 2, 3), 2))
err(lambda: F.pixel_unshuffle(torch.ones(4, 3, 3), 2))
err(lambda: F.pixel_unshuffle(torch.ones(4, 4, 3), 2))
err(lambda: F.one_hot(torch.tensor([1, 5]), 3))
err(lambda: F.one_hot(torch.tensor([1, -1])))
err(lambda: F.one_hot(torch.tensor([1.0])))
err(lambda: F.one_hot(torch.tensor([], dtype=torch.long)))
err(lambda: nn.Unflatten(1, 3))
err(lambda: md["nope"])
err(lambda: pl[5])
