# The float32 convolution kernels' paths on contiguous tensors, each with
# integer-valued data (every sum exact, so any summation order gives
# PyTorch's bits): in place from padded rows (>= 16 input channels per
# group, unit width stride, rows of 24 / 32 / 56 outputs), the
# channels_last route (>= 32 channels per group: width stride 2, 16-wide
# rows), packed strips (few channels, strided, 3-d), 1x1 convs, groups,
# dilation, bias, partial tiles (output channels not a multiple of 8),
# float16 and bfloat16 (computed in float32), and a column of the output
# checked whole.
import torch
import torch.nn.functional as F


def ints(*shape, mod=7, dtype=torch.float32):
    n = 1
    for s in shape:
        n *= s
    return ((torch.arange(n) * 5 + 3) % mod - mod // 2).reshape(shape).to(dtype)


def show(name, y, step=1):
    print(name, tuple(y.shape), y.stride())
    print(y.flatten()[::step].tolist())
    print(y.sum().item(), y.abs().sum().item(), y[:, :, :, -1].flatten().tolist())


x = ints(2, 16, 6, 24, mod=11)
show("direct 3x3 pad 1 bias", F.conv2d(x, ints(20, 16, 3, 3, mod=5), ints(20, mod=3), padding=1))
show("direct 3x5 stride (2,1) pad (2,3) dil (1,2) groups 2",
     F.conv2d(ints(3, 32, 13, 26, mod=9), ints(24, 16, 3, 5, mod=5), ints(24), stride=(2, 1),
              padding=(2, 3), dilation=(1, 2), groups=2), step=3)
show("direct 64ch width 56", F.conv2d(ints(1, 64, 5, 56, mod=13), ints(64, 64, 3, 3, mod=3),
                                      padding=1), step=7)
show("direct 1x1 width 32", F.conv2d(ints(2, 16, 3, 32), ints(40, 16, 1, 1, mod=5)), step=5)
show("direct conv1d", F.conv1d(ints(2, 16, 30, mod=13), ints(9, 16, 4, mod=11), ints(9),
                               padding=2).unsqueeze(-1))
show("via stride 2", F.conv2d(ints(2, 32, 11, 13, mod=9), ints(40, 32, 3, 3, mod=5), ints(40),
                              stride=2, padding=1), step=3)
show("via 16-wide rows", F.conv2d(ints(2, 32, 16, 16, mod=9), ints(32, 32, 3, 3, mod=5),
                                   padding=1), step=5)
show("pack few channels stride 2", F.conv2d(ints(2, 3, 17, 19), ints(16, 3, 7, 7, mod=3),
                                            ints(16), stride=2, padding=3), step=3)
show("pack 1x1 stride 2", F.conv2d(ints(2, 16, 9, 9), ints(12, 16, 1, 1, mod=5), stride=2))
y3 = F.conv3d(ints(1, 16, 4, 5, 6, mod=5), ints(8, 16, 2, 3, 3, mod=3), padding=1)
print("conv3d", tuple(y3.shape), y3.sum().item(), y3.flatten()[::4].tolist())
for dt in (torch.float16, torch.bfloat16):
    show(f"direct {dt}", F.conv2d(ints(1, 16, 4, 24, mod=3, dtype=dt),
                                  ints(8, 16, 3, 3, mod=3, dtype=dt), padding=1))
