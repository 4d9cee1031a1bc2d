# Convolutions on channels_last (and channels_last_3d) tensors: the output's
# values and its layout (strides, is_contiguous per memory format) as
# PyTorch's, for 3x3 / 1x1 / strided 7x7 / grouped / dilated / depthwise
# conv2d, with and without bias, a channels_last weight only, a
# non-dense channels_last input, float64 and bfloat16, and conv3d. The
# inputs are integer-valued, so every sum is exact and any summation order
# gives PyTorch's bits.
import torch
import torch.nn.functional as F

CL = torch.channels_last


def ints(*shape, mod=7, dtype=torch.float32):
    n = 1
    for s in shape:
        n *= s
    return ((torch.arange(n) * 5 + 3) % mod - mod // 2).reshape(shape).to(dtype)


def show(name, y):
    print(name, tuple(y.shape), y.stride(), y.is_contiguous(),
          y.is_contiguous(memory_format=CL) if y.dim() == 4 else
          y.is_contiguous(memory_format=torch.channels_last_3d), y.dtype)
    print(y.flatten().tolist())


x = ints(2, 8, 7, 9).to(memory_format=CL)
w = ints(16, 8, 3, 3, mod=5)
b = ints(16, mod=3)
show("3x3 pad1 bias", F.conv2d(x, w, b, padding=1))
show("3x3 stride2 no bias", F.conv2d(x, w, stride=2))
show("3x3 stride (1,2) pad (2,0) dil 2", F.conv2d(x, w, b, stride=(1, 2), padding=(2, 0),
                                                    dilation=2))
show("1x1", F.conv2d(x, ints(40, 8, 1, 1, mod=11), ints(40, mod=5)))
show("1x1 stride2", F.conv2d(x, ints(12, 8, 1, 1, mod=13), stride=2))
show("groups=2", F.conv2d(x, ints(16, 4, 3, 3, mod=3), b, padding=1, groups=2))
show("depthwise", F.conv2d(x, ints(8, 1, 3, 3, mod=3), padding=1, groups=8))
show("padding same dil 2", F.conv2d(x, ints(9, 8, 3, 3, mod=11), padding="same", dilation=2))
x7 = ints(1, 3, 16, 15).to(memory_format=CL)
show("7x7 stride2 pad3", F.conv2d(x7, ints(33, 3, 7, 7, mod=3), stride=2, padding=3))
# Only the weight channels_last: the output is channels_last too.
show("weight channels_last", F.conv2d(ints(2, 8, 7, 9), w.to(memory_format=CL), b, padding=1))
# A non-dense channels_last view (every other column).
xs = ints(2, 8, 7, 18).to(memory_format=CL)[:, :, :, ::2]
print(xs.stride())
show("strided view", F.conv2d(xs, w, b, padding=1))
show("float64", F.conv2d(x.double(), w.double(), b.double(), padding=1))
show("bfloat16", F.conv2d(x.bfloat16(), w.bfloat16(), b.bfloat16(), padding=1))
# conv3d on channels_last_3d.
x3 = ints(2, 4, 5, 6, 7).to(memory_format=torch.channels_last_3d)
show("conv3d", F.conv3d(x3, ints(10, 4, 3, 2, 3, mod=3), ints(10, mod=3), padding=(1, 0, 1),
                        stride=(2, 1, 1)))
# Modules and a chain: conv -> relu -> conv stays channels_last.
torch.manual_seed(0)
conv = torch.nn.Conv2d(8, 12, 3, padding=1)
with torch.no_grad():
    conv.weight.copy_(ints(12, 8, 3, 3, mod=3))
    conv.bias.copy_(ints(12, mod=3))
y = F.conv2d(F.relu(conv(x)), ints(8, 12, 1, 1, mod=3))
show("module chain", y)
