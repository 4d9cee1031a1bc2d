# tc-compare: rel=1e-4 abs=1e-5  reason: convolutions of random data sum in oneDNN's order under PyTorch and in OpenBLAS's GEMM order under tc (float32 rounding differs in the last bits).
# Convolutions of random float32/float64 data at model-like sizes: 3x3 and
# 1x1 convs, strided 7x7 stems, grouped and depthwise convs, dilations,
# 'same' padding, transposed convs (the U-Net upsampling shape) and 3-d.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 16, 12, 12)
w = torch.randn(32, 16, 3, 3) * 0.1
b = torch.randn(32)
print(F.conv2d(x, w, b, padding=1)[:, ::5, ::3, ::4].tolist())
print(F.conv2d(x, w, b, stride=2)[:, ::7].tolist())
print(F.conv2d(x, torch.randn(8, 16, 1, 1))[:, :, ::5, ::5].tolist())
print(F.conv2d(torch.randn(1, 3, 23, 23), torch.randn(8, 3, 7, 7), stride=2, padding=3)[0, ::3, ::4, ::4].tolist())
print(F.conv2d(x, torch.randn(16, 1, 3, 3), groups=16, padding=1)[0, ::4, ::4, ::4].tolist())
print(F.conv2d(x, torch.randn(8, 4, 3, 3), groups=4, dilation=2, padding='same')[1, :, ::4, ::4].tolist())
print(F.conv_transpose2d(x, torch.randn(16, 8, 2, 2), stride=2)[0, ::3, ::5, ::5].tolist())
print(F.conv_transpose2d(x, torch.randn(16, 4, 3, 3), torch.randn(8), stride=2, padding=1,
                         output_padding=1, groups=2)[1, ::2, ::6, ::6].tolist())
print(F.conv1d(torch.randn(2, 8, 30), torch.randn(4, 8, 5), padding=2, stride=3).tolist())
print(F.conv_transpose1d(torch.randn(2, 8, 10), torch.randn(8, 4, 3), stride=2).tolist())
print(F.conv3d(torch.randn(1, 4, 6, 6, 6), torch.randn(2, 4, 3, 3, 3), padding=1)[0, :, ::2, ::2, ::2].tolist())
xd = torch.randn(2, 5, 9, 9, dtype=torch.float64)
print(F.conv2d(xd, torch.randn(3, 5, 3, 3, dtype=torch.float64), stride=2, padding=1).tolist())
big = torch.randn(4, 32, 20, 20)
r = F.conv2d(big, torch.randn(32, 32, 3, 3) * 0.05, padding=1)
print(r.shape, r.sum(dim=(2, 3))[:, ::4].tolist())


def conv_relu(t, k):
    return F.relu(F.conv2d(t, k, padding=1)) + F.max_pool2d(t, 1)[:, :1]


print(conv_relu(x, w)[0, ::7, ::4, ::4].tolist())
