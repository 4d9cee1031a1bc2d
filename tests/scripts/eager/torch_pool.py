# Max, average and adaptive pools (1-d and 2-d) over every option: kernel,
# stride (default: the kernel), padding, dilation, ceil_mode, indices,
# count_include_pad, divisor_override, None in adaptive sizes. Pools add in
# ATen's order, so the values are PyTorch's bits.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 7, 6)
print(F.max_pool2d(x, 2).tolist())
print(F.max_pool2d(x, 3, stride=2, padding=1).tolist())
v, i = F.max_pool2d(x, (3, 2), stride=(2, 1), padding=(1, 0), dilation=(2, 1), return_indices=True)
print(v.tolist(), i.tolist(), i.dtype)
v, i = F.max_pool2d(x, 3, 2, ceil_mode=True, return_indices=True)
print(v.shape, v.tolist(), i.tolist())
print(F.max_pool2d(x, 2, ceil_mode=True, padding=1).tolist())
print(F.max_pool2d(x[0], 2, 1).tolist())
print(torch.max_pool2d(x, 2).shape)
xn = x.clone()
xn[0, 0, 0, 0] = float('nan')
xn[0, 0, 0, 1] = float('nan')
v, i = F.max_pool2d(xn, 2, return_indices=True)
print(v[0, 0].tolist(), i[0, 0].tolist())
print(F.max_pool2d(torch.arange(48).reshape(1, 3, 4, 4), 2).tolist())
print(F.max_pool2d(torch.arange(48, dtype=torch.int32).reshape(3, 4, 4), 3, 1, 1).tolist())

print(F.avg_pool2d(x, 2).tolist())
print(F.avg_pool2d(x, 3, stride=2, padding=1).tolist())
print(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False).tolist())
print(F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True).tolist())
print(F.avg_pool2d(x, 3, 2, 1, True, False).tolist())
print(F.avg_pool2d(x, (2, 3), divisor_override=4).tolist())
print(F.avg_pool2d(x[1], 2, 1).tolist())
print(F.avg_pool2d(torch.arange(48).reshape(1, 3, 4, 4), 3, 1, 1).tolist())
print(F.avg_pool2d(x.double(), 3, 2, 1).tolist())

y = torch.randn(2, 3, 11)
print(F.max_pool1d(y, 3).tolist())
print(F.max_pool1d(y, 3, 2, 1, 2, True).tolist())
v, i = F.max_pool1d(y, 4, 3, 2, return_indices=True)
print(v.tolist(), i.tolist())
print(F.max_pool1d(y[0], 2).tolist(), torch.max_pool1d(y, 2).shape)
print(F.avg_pool1d(y, 3).tolist())
print(F.avg_pool1d(y, 4, 2, 2, True, False).tolist())
print(F.avg_pool1d(y[1], 3, 1, 1).tolist(), torch.avg_pool1d(y, 2).shape)

print(F.adaptive_avg_pool2d(x, (3, 4)).tolist())
print(F.adaptive_avg_pool2d(x, 5).tolist())
print(F.adaptive_avg_pool2d(x, (None, 2)).tolist())
print(F.adaptive_avg_pool2d(x, 1).shape,
      bool((F.adaptive_avg_pool2d(x, 1) - x.mean((-1, -2), keepdim=True)).abs().max() < 1e-6))
print(F.adaptive_avg_pool2d(x[0], (2, 3)).tolist())
print(F.adaptive_avg_pool2d(x, (9, 8)).shape)
v, i = F.adaptive_max_pool2d(x, (3, 4), return_indices=True)
print(v.tolist(), i.tolist())
print(F.adaptive_max_pool2d(x, (2, None)).tolist())
print(F.adaptive_max_pool2d(x[1], 1).tolist())
print(F.adaptive_avg_pool1d(y, 4).tolist(), F.adaptive_avg_pool1d(y, 1).shape)
# A size-1 output is a mean (ATen's shortcut); compared, not printed bit for bit.
print(bool((F.adaptive_avg_pool1d(y, 1) - y.mean(-1, keepdim=True)).abs().max() < 1e-6))
v, i = F.adaptive_max_pool1d(y, 5, return_indices=True)
print(v.tolist(), i.tolist(), F.adaptive_max_pool1d(y, 3).shape)
print(torch.adaptive_avg_pool1d(y, 3).shape, torch.adaptive_max_pool1d(y, 3)[1].shape)
xt = x.transpose(2, 3)
print(F.max_pool2d(xt, 2).tolist(), F.avg_pool2d(xt, 2).tolist())
print(F.max_pool2d(torch.zeros(0, 3, 4, 4), 2).shape)


def pooled(t):
    return F.max_pool2d(t, 2) * 2 + F.avg_pool2d(t, 2)


print(pooled(x).tolist())
