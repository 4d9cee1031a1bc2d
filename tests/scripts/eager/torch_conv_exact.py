# Convolutions on integer-valued floats (every sum exact, so any summation
# order gives PyTorch's bits): conv1d/2d/3d with stride, padding (ints,
# tuples, 'same', 'valid'), dilation, groups, bias, unbatched inputs;
# conv_transpose1d/2d with output_padding, groups, dilation; float64 and
# integer dtypes.
import torch
import torch.nn.functional as F


def ints(*shape, mod=7, dtype=torch.float32):
    n = 1
    for s in shape:
        n *= s
    return ((torch.arange(n) * 5 + 3) % mod - mod // 2).reshape(shape).to(dtype)


x = ints(2, 4, 6, 5)
w = ints(6, 4, 3, 3, mod=5)
b = ints(6, mod=3)
print(F.conv2d(x, w).tolist())
print(F.conv2d(x, w, b, stride=2, padding=1).tolist())
print(F.conv2d(x, w, b, stride=(2, 1), padding=(0, 2), dilation=(1, 2)).tolist())
print(F.conv2d(x, ints(6, 2, 3, 2, mod=5), None, 1, 'same', 1, 2).tolist())
print(F.conv2d(x, ints(4, 1, 2, 2), padding='same', groups=4).tolist())
print(F.conv2d(x, ints(4, 1, 2, 2), padding='same', dilation=2, groups=4).shape)
print(F.conv2d(x, w, padding='valid').shape, F.conv2d(x, w, padding='same').shape)
print(F.conv2d(x[0], w, b, padding=1).tolist())
print(F.conv2d(x, ints(3, 4, 1, 1)).tolist())
print(F.conv2d(x, ints(3, 4, 1, 1), stride=2).tolist())
print(torch.conv2d(x, w, b, 1, 1).shape, F.conv2d(x, w, bias=b, groups=1).shape)

x1 = ints(2, 3, 9)
w1 = ints(4, 3, 3, mod=5)
print(F.conv1d(x1, w1).tolist())
print(F.conv1d(x1, w1, ints(4), stride=2, padding=2, dilation=2).tolist())
print(F.conv1d(x1, ints(6, 1, 4), groups=3, padding='same').tolist())
print(F.conv1d(x1[1], w1, padding=1).tolist())
print(torch.conv1d(x1, w1, None, [3]).tolist())

x3 = ints(2, 2, 4, 5, 3)
w3 = ints(4, 2, 2, 3, 2, mod=5)
print(F.conv3d(x3, w3).tolist())
print(F.conv3d(x3, w3, ints(4), stride=(1, 2, 1), padding=1, dilation=(2, 1, 1)).tolist())
print(F.conv3d(x3[0], ints(2, 1, 1, 1, 1), groups=2).tolist())

wt = ints(4, 3, 3, 3, mod=5)
print(F.conv_transpose2d(x, wt).tolist())
print(F.conv_transpose2d(x, wt, ints(3), stride=2, padding=1, output_padding=1).tolist())
print(F.conv_transpose2d(x, ints(4, 2, 2, 3), stride=(2, 3), groups=2, dilation=(2, 1)).tolist())
print(F.conv_transpose2d(x[1], wt, padding=(1, 2)).tolist())
print(F.conv_transpose1d(x1, ints(3, 2, 3), stride=3, output_padding=2, dilation=1).tolist())
print(F.conv_transpose1d(x1, ints(3, 4, 2), ints(4), stride=2, padding=1, dilation=3).tolist())
print(F.conv_transpose1d(x1[0], ints(3, 2, 3)).tolist())

xd = ints(1, 2, 5, 5, dtype=torch.float64)
wd = ints(3, 2, 3, 3, dtype=torch.float64)
print(F.conv2d(xd, wd, padding=1).dtype, F.conv2d(xd, wd, padding=1).tolist())
print(F.conv_transpose2d(xd, ints(2, 3, 2, 2, dtype=torch.float64), stride=2).tolist())
for dt in [torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8]:
    r = F.conv2d(ints(1, 2, 4, 4, dtype=dt), ints(2, 2, 2, 2, dtype=dt))
    print(dt, r.dtype, r.tolist())
r = F.conv2d(ints(1, 2, 4, 4, dtype=torch.float16), ints(2, 2, 2, 2, dtype=torch.float16), padding=1)
print(r.dtype, r.tolist())
r = F.conv2d(ints(1, 2, 4, 4, dtype=torch.bfloat16), ints(2, 2, 2, 2, dtype=torch.bfloat16))
print(r.dtype, r.tolist())

# Non-contiguous inputs and weights, empty batches.
xt = ints(2, 4, 5, 6).transpose(2, 3)
print(F.conv2d(xt, w, b, padding=1).tolist())
print(F.conv2d(x[:, ::2], w[:, ::2]).tolist())
print(F.conv2d(torch.zeros(0, 4, 6, 5), w).shape)
