# Memory layout of the copying shape ops as PyTorch's: flip and sort keep a
# dense input's layout (empty_like preserve_format), cat keeps the inputs'
# common channels_last format, pad (all but circular), pixel_shuffle and
# interpolate answer in the format their input suggests, masked_fill answers
# contiguous; tensors without elements are contiguous whatever their strides.
# Values are printed too: the layout must not change them.
import torch
import torch.nn.functional as F


def flips(t):
    return t.flip(0), t.flip(1), t.flip(0, 1)


def show(tag, *ts):
    print(tag, *[(t.stride(), t.is_contiguous(),
                  t.is_contiguous(memory_format=torch.channels_last) if t.dim() == 4 else None)
                 for t in ts])
    for t in ts:
        print("  ", t.flatten().tolist()[:12], float(t.double().sum()))


torch.manual_seed(0)
a = torch.arange(12.).reshape(3, 4).t()
cl = torch.randn(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
nd = torch.randn(2, 3, 8, 5)[:, :, ::2]
show("flip", *flips(a), *flips(cl), *flips(nd), cl.flip(2, 3))
show("roll", a.roll(1, 0), cl.roll(1, 2), cl.roll((1, 2), (1, 3)))
show("rot90", torch.rot90(cl, 1, (2, 3)), torch.rot90(a, 1, (0, 1)))
show("cat", torch.cat([cl, cl], 1), torch.cat([cl, cl], 3), torch.cat([cl, cl.contiguous()], 0),
     torch.cat([a, a], 0))
show("sort", a.sort(0)[0], a.sort(1)[1], cl.sort(1)[0], cl.sort(-1)[1], nd.sort(2)[0],
     a.argsort(0), a.msort())
show("masked_fill", cl.masked_fill(cl > 0, 1.0), a.masked_fill(a > 5, -1.0))
show("pad", F.pad(cl, (1, 1, 2, 0)), F.pad(cl, (1, 1, 1, 1), mode="reflect"),
     F.pad(cl, (1, 1, 1, 1), mode="replicate"), F.pad(cl, (1, 1, 1, 1), mode="circular"),
     F.pad(cl, (1, 2), value=3.0))
ps = torch.randn(2, 8, 3, 3).contiguous(memory_format=torch.channels_last)
show("pixel_shuffle", F.pixel_shuffle(ps, 2), F.pixel_unshuffle(F.pixel_shuffle(ps, 2), 2))
show("interpolate", F.interpolate(cl, scale_factor=2), F.interpolate(cl, scale_factor=2, mode="bilinear"),
     F.interpolate(cl, size=(3, 7), mode="bicubic", align_corners=True),
     F.interpolate(cl, scale_factor=0.5, mode="nearest-exact"))
cl3 = torch.randn(1, 2, 3, 4, 5).contiguous(memory_format=torch.channels_last_3d)
up3 = F.interpolate(cl3, scale_factor=2, mode="trilinear")
print("interpolate3d", up3.stride(), up3.is_contiguous(memory_format=torch.channels_last_3d),
      float(up3.double().sum()))
e = torch.empty(2, 0, 3).transpose(0, 2)
print("empty", e.stride(), e.is_contiguous(), e.contiguous().stride(),
      torch.empty(0, 3).t().clone().stride(), torch.empty_like(e).stride(), e.flip(0).stride())
