# F.interpolate and the nn.Upsample modules against PyTorch bit for bit:
# nearest / nearest-exact (1-3 d), linear / bilinear / trilinear and bicubic
# with and without align_corners, sizes and scale factors (float, tuple,
# recompute_scale_factor), upscaling and downscaling, float32 / float64 /
# uint8, both of ATen's 2-d kernels (small outputs take its channels-last
# kernel, with other roundings), 'area', PyTorch's errors, and the modules'
# reprs.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def show(name, y):
    print(name, tuple(y.shape), y.dtype, y.flatten().tolist())


def run(name, x, **kw):
    try:
        show(name + " " + str(kw), F.interpolate(x, **kw))
    except Exception as e:
        print(name, kw, type(e).__name__, e)


SIZES = [dict(scale_factor=2), dict(scale_factor=1.7), dict(scale_factor=0.6),
         dict(scale_factor=1.3, recompute_scale_factor=True)]

for dt in (torch.float32, torch.float64):
    x1 = torch.randn(2, 3, 7, dtype=dt)
    x2 = torch.randn(2, 5, 4, 6, dtype=dt)
    x3 = torch.randn(1, 2, 3, 4, 5, dtype=dt)
    for kw in SIZES + [dict(size=11), dict(size=3), dict(scale_factor=[2.5])]:
        for mode in ("nearest", "nearest-exact", "area"):
            run("1d " + mode, x1, mode=mode, **kw)
        for ac in (False, True):
            run("1d linear " + str(ac), x1, mode="linear", align_corners=ac, **kw)
    for kw in SIZES + [dict(size=(7, 10)), dict(size=5), dict(scale_factor=(2.5, 0.5))]:
        for mode in ("nearest", "nearest-exact", "area"):
            run("2d " + mode, x2, mode=mode, **kw)
        for mode in ("bilinear", "bicubic"):
            for ac in (False, True):
                run("2d " + mode + " " + str(ac), x2, mode=mode, align_corners=ac, **kw)
    for kw in SIZES + [dict(size=(5, 7, 8)), dict(scale_factor=(1.5, 2, 0.5))]:
        for mode in ("nearest", "nearest-exact"):
            run("3d " + mode, x3, mode=mode, **kw)
        for ac in (False, True):
            run("3d trilinear " + str(ac), x3, mode="trilinear", align_corners=ac, **kw)

# Outputs with H + W > 128 take ATen's generic 2-d kernel; 3 channels take
# its channels-last one on one thread (as the reference runs).
for c in (2, 3, 12):
    big = torch.randn(1, c, 40, 70)
    for kw in (dict(scale_factor=2), dict(size=(61, 106)), dict(scale_factor=0.6),
               dict(size=(20, 35))):
        for ac in (False, True):
            y = F.interpolate(big, mode="bilinear", align_corners=ac, **kw)
            print("big", c, kw, ac, tuple(y.shape), y[0, -1, 3].tolist(), y[0, 0, :, -2].tolist())
        y = F.interpolate(big, mode="bicubic", **kw)
        print("big bicubic", c, kw, tuple(y.shape), y[0, 0, -2].tolist())
        y = F.interpolate(big, mode="nearest-exact", **kw)
        print("big nearest-exact", c, kw, y[0, -1, 5].tolist())

# Non-contiguous input; uint8 nearest; empty batch.
xt = torch.randn(2, 6, 5).transpose(1, 2)
show("transposed", F.interpolate(xt, scale_factor=1.5, mode="linear"))
u = (torch.arange(2 * 3 * 4 * 5) % 251).to(torch.uint8).reshape(2, 3, 4, 5)
show("uint8", F.interpolate(u, size=(7, 3)))
show("uint8 exact", F.interpolate(u, scale_factor=1.4, mode="nearest-exact"))
show("empty batch", F.interpolate(torch.zeros(0, 2, 3, 3), scale_factor=2, mode="bilinear"))
show("1x1 out", F.interpolate(x2, size=1, mode="bilinear", align_corners=True))
show("identity", F.interpolate(x2, size=(4, 6), mode="bicubic"))

# Errors, in PyTorch's words.
x = torch.randn(1, 2, 4, 4)
run("e1", x, size=3, scale_factor=2)
run("e2", x)
run("e3", x, size=3, mode="nearest", align_corners=True)
run("e4", x, size=(3, 4, 5))
run("e5", x, scale_factor=(2.0,))
run("e6", x, size=(3.5, 2))
run("e7", x, size=3, recompute_scale_factor=True)
run("e8", x, size=3, mode="linear")
run("e9", x, size=3, mode="trilinear")
run("e10", torch.randn(1, 2, 3), size=3, mode="bilinear")
run("e11", torch.randn(1, 2, 3, 4, 5), size=3, mode="bicubic")
run("e12", torch.randn(2, 3), size=3)
run("e13", x, size=3, mode="linear", antialias=True)
run("e14", x, scale_factor=0.1)
run("e15", torch.zeros(1, 0, 4, 4), size=3)
run("e16", torch.arange(16).reshape(1, 1, 4, 4), size=3)
run("e17", torch.arange(16).reshape(1, 1, 4, 4), size=100, mode="bilinear")
run("e18", x, size=3, mode="lanczos")
run("e19", x, size=3, mode="bogus")

# The modules.
for m in (nn.Upsample(scale_factor=2), nn.Upsample(size=(5, 3), mode="bilinear"),
          nn.Upsample(scale_factor=(2, 1.5), mode="bicubic", align_corners=True),
          nn.UpsamplingNearest2d(scale_factor=2), nn.UpsamplingBilinear2d(size=6),
          nn.Upsample(size=7, mode="nearest-exact", recompute_scale_factor=None)):
    print(m, m.scale_factor, m.size, m.mode, m.align_corners)
    show("module", m(x))
print(nn.Sequential(nn.Conv2d(2, 2, 1), nn.Upsample(scale_factor=2.0, mode="bilinear")))
