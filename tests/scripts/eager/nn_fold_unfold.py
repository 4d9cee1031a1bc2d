# F.unfold / F.fold (im2col / col2im) with kernel_size, dilation, padding and
# stride as ints and pairs, batched and unbatched, their round trip, the
# nn.Unfold / nn.Fold modules and reprs, PyTorch's errors, and
# Tensor.unfold: a view with PyTorch's sizes and strides that shares its
# base's storage.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 5, 6)
for kw in (dict(kernel_size=2), dict(kernel_size=(2, 3)), dict(kernel_size=3, padding=1),
           dict(kernel_size=(3, 2), dilation=(2, 1), padding=(1, 0), stride=(1, 2)),
           dict(kernel_size=2, stride=2), dict(kernel_size=1)):
    u = F.unfold(x, **kw)
    print("unfold", kw, tuple(u.shape), u.flatten().tolist())
    f = F.fold(u, output_size=(5, 6), **kw)
    print("fold", kw, tuple(f.shape), f.flatten().tolist())


def roundtrip(t, k):
    return F.fold(F.unfold(t, k, padding=1), (5, 6), k, padding=1) / 2


print(roundtrip(x, 3).flatten().tolist())
print(F.unfold(x[0], 2, 1, 0, 1).shape, F.fold(F.unfold(x[0], 2), (5, 6), 2).shape)
print(F.unfold(torch.zeros(0, 3, 5, 6), 2).shape)
xi = torch.arange(2 * 3 * 4 * 4.).reshape(2, 3, 4, 4)
print(F.unfold(xi, 2, stride=2).tolist())
print(F.fold(F.unfold(xi.double(), 3, padding=1), 4, 3, padding=1).tolist())
# Overlapping windows sum in PyTorch's order.
cols = torch.randn(1, 3 * 4, 16)
print(F.fold(cols, (5, 5), 2).flatten().tolist())

for m in (nn.Unfold(kernel_size=(2, 3)), nn.Unfold(3, dilation=2, padding=1, stride=2),
          nn.Fold(output_size=(5, 6), kernel_size=2), nn.Fold((4, 4), 3, 1, 1, 1)):
    print(m)
print(nn.Fold((5, 6), 2)(nn.Unfold(2)(x))[1, 2].tolist())


def err(f):
    try:
        print("no error", tuple(f().shape))  # used, so a compiled graph keeps the op
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: F.unfold(x, 0))
err(lambda: F.unfold(x, 2, dilation=0))
err(lambda: F.unfold(x, 2, padding=-1))
err(lambda: F.unfold(x, 2, stride=0))
err(lambda: F.unfold(x, 7))
err(lambda: F.unfold(x, (2, 2, 2)))
err(lambda: F.unfold(torch.zeros(2, 5), 2))
err(lambda: F.unfold(torch.zeros(2, 0, 5, 6), 2))
err(lambda: F.fold(torch.zeros(2, 12, 20), (5, 6), 2))
err(lambda: F.fold(torch.zeros(2, 13, 30), (5, 6), 2))
err(lambda: F.fold(torch.zeros(2, 12, 30), (5, 6), 2, stride=0))
err(lambda: F.fold(torch.zeros(2, 12, 30), (5, 6, 1), 2))
err(lambda: F.fold(torch.zeros(2, 3, 4, 5), (5, 6), 2))
err(lambda: F.fold(torch.zeros(2, 12, 1), (1, 1), 2))
err(lambda: F.unfold(torch.zeros(1, 2, 3, 3, dtype=torch.long), 2))
err(lambda: F.fold(torch.zeros(1, 4, 4, dtype=torch.int32), 3, 2))

# Tensor.unfold.
t = torch.arange(24.).reshape(2, 3, 4)
for args in ((0, 1, 1), (1, 2, 1), (2, 2, 2), (-1, 3, 1), (2, 4, 3), (1, 3, 5), (2, 0, 1)):
    v = t.unfold(*args)
    print("Tensor.unfold", args, tuple(v.shape), v.stride(), v.is_contiguous(), v.tolist())
w = t.transpose(0, 2).unfold(1, 2, 1)
print(tuple(w.shape), w.stride(), w.storage_offset(), w.tolist())
s = t[:, 1:, 1:].unfold(2, 2, 1)
print(tuple(s.shape), s.stride(), s.storage_offset(), s.tolist())
print(torch.tensor(5.).unfold(0, 1, 1), torch.tensor(5.).unfold(0, 1, 1).shape)
base = torch.zeros(6)
view = base.unfold(0, 3, 1)
base.add_(torch.arange(6.))
print(view.tolist())
view[0, 2] = 100.
print(base.tolist())
err(lambda: t.unfold(2, 5, 1))
err(lambda: t.unfold(2, 2, 0))
err(lambda: t.unfold(3, 2, 1))
err(lambda: t.unfold(2, -1, 1))
