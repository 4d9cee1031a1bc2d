# tc-compare: rel=1e-5 abs=1e-6  reason: convolution outputs of random data sum in oneDNN's order under PyTorch and in OpenBLAS's under tc; weights (RNG) and pools are printed exactly.
# nn.Conv1d/2d/3d, ConvTranspose1d/2d and the pooling modules: reprs,
# parameter shapes, default initialization (PyTorch's bits under the same
# seed), forward passes, constructor errors.
import torch
import torch.nn as nn

torch.manual_seed(0)
c2 = nn.Conv2d(3, 4, 3)
print(c2)
print(c2.weight.shape, c2.bias.shape, c2.weight.tolist(), c2.bias.tolist())
print(nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3, bias=False))
print(nn.Conv2d(4, 8, (3, 5), stride=(2, 1), padding=(1, 2), dilation=2, groups=2))
print(nn.Conv2d(4, 8, 3, padding='same'), nn.Conv2d(4, 8, 3, padding='valid'))
c1 = nn.Conv1d(2, 3, 2, stride=2, bias=True)
print(c1, c1.weight.tolist(), c1.bias.tolist())
c3 = nn.Conv3d(2, 2, (1, 2, 2), padding=(0, 1, 1))
print(c3, c3.weight.shape, c3.bias.tolist())
t2 = nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1, output_padding=1)
print(t2, t2.weight.shape, t2.bias.tolist())
t1 = nn.ConvTranspose1d(3, 6, 2, groups=3, dilation=2)
print(t1, t1.weight.shape)
print([n for n, _ in t2.named_parameters()], sum(p.numel() for p in c2.parameters()))

x = torch.randn(2, 3, 8, 8)
with torch.no_grad():
    y = c2(x)
    print(y.shape, y.tolist())
    print(c1(torch.randn(2, 2, 7)).tolist())
    print(c3(torch.randn(1, 2, 2, 3, 3)).shape)
    z = t2(torch.randn(1, 4, 3, 3))
    print(z.shape, z.tolist())
    print(t2(torch.randn(1, 4, 3, 3), output_size=[5, 5]).shape)
    print(t1(torch.randn(3, 4)).shape)
    print(nn.Conv2d(3, 2, 4, padding='same')(x).shape)

pools = [nn.MaxPool2d(2), nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True),
         nn.MaxPool1d(2, 1, dilation=2), nn.AvgPool2d(3, 2, 1), nn.AvgPool2d(2, divisor_override=3),
         nn.AvgPool1d(3, count_include_pad=False, padding=1), nn.AdaptiveAvgPool2d((2, 3)),
         nn.AdaptiveAvgPool2d(1), nn.AdaptiveAvgPool1d(4), nn.AdaptiveMaxPool2d((None, 3)),
         nn.AdaptiveMaxPool1d(2)]
for p in pools:
    print(p)
    inp = x if not isinstance(p, (nn.MaxPool1d, nn.AvgPool1d, nn.AdaptiveAvgPool1d,
                                  nn.AdaptiveMaxPool1d)) else x[0]
    print(p(inp).tolist())
v, i = nn.MaxPool2d(2, return_indices=True)(x)
print(v.shape, i.tolist())
v, i = nn.AdaptiveMaxPool2d(3, return_indices=True)(x)
print(v.shape, i[0, 0].tolist())


def check(f):
    try:
        f()
        print('ok')
    except ValueError as e:
        print('ValueError:', e)


check(lambda: nn.Conv2d(3, 4, 3, groups=2))
check(lambda: nn.Conv2d(4, 3, 3, groups=2))
check(lambda: nn.Conv2d(4, 4, 3, groups=0))
check(lambda: nn.Conv2d(4, 4, 3, stride=2, padding='same'))
check(lambda: nn.ConvTranspose2d(4, 4, 3, padding_mode='reflect'))
check(lambda: t2(torch.randn(1, 4, 3, 3), output_size=[9, 9]))


def run(m, t):
    return m(t) * 1


with torch.no_grad():
    print(run(nn.MaxPool2d(2), x).tolist())
    print(run(c2, x).shape)
