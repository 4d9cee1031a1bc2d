# Pools on channels_last inputs (max with indices, average with padding,
# ceil_mode, count_include_pad and divisor_override, adaptive average and
# max) run natively in NHWC: the outputs are channels_last (their strides
# printed), the values and flat H*W indices PyTorch's bits (a NaN wins a
# max, the first max keeps its index). Channel counts cover the vector
# lanes and their tails (adaptive average divides the tail channels as
# ATen's channels-last kernel does, at ATen's 32-byte vectors). Also the contiguous pools' vectorized
# rows: widths past a vector of outputs, strides 1 and 2, dilation, NaN,
# ties and -inf.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
CL = torch.channels_last


def show(tag, *ts):
    for t in ts:
        print(tag, t.dtype, list(t.shape), t.stride(), t.is_contiguous(memory_format=CL))
        print(' ', t.tolist())


def pools(tag, x):
    show(tag + ' max 3s2p1', *F.max_pool2d(x, 3, 2, 1, return_indices=True))
    show(tag + ' max 2', *F.max_pool2d(x, 2, return_indices=True))
    show(tag + ' max dil ceil', *F.max_pool2d(x, (3, 2), (2, 1), (1, 1), (2, 1), True, True))
    show(tag + ' avg 3s2p1', F.avg_pool2d(x, 3, 2, 1))
    show(tag + ' avg ceil nopad', F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False))
    show(tag + ' avg div', F.avg_pool2d(x, (2, 3), (1, 2), (1, 1), divisor_override=5))
    show(tag + ' aavg', F.adaptive_avg_pool2d(x, (3, 4)), F.adaptive_avg_pool2d(x, 2))
    # A 1x1 adaptive average is a mean (ATen's composite too), whose
    # channels-last sums run in another order than ATen's: 6 digits.
    g = F.adaptive_avg_pool2d(x, 1)
    print(tag + ' aavg 1', g.stride(), g.is_contiguous(memory_format=CL),
          [round(v, 6) for v in g.reshape(-1).tolist()])
    show(tag + ' amax', *F.adaptive_max_pool2d(x, (3, 2), return_indices=True))


pools('c3', torch.randn(2, 3, 7, 6).to(memory_format=CL))
pools('c19', torch.randn(1, 19, 7, 6).to(memory_format=CL))
pools('f64', torch.randn(1, 9, 5, 7, dtype=torch.float64).to(memory_format=CL))
x = torch.randn(2, 40, 6, 5).to(memory_format=CL)
show('c40 max', *F.max_pool2d(x, 3, 2, 1, return_indices=True))
show('c40 aavg', F.adaptive_avg_pool2d(x, (4, 3)))
show('c40 amax', *F.adaptive_max_pool2d(x, (2, 2), return_indices=True))
show('c40 avg', F.avg_pool2d(x, 2, 1))

# Integers: max and average pools (integer division).
xi = torch.randint(-50, 50, (2, 5, 6, 6)).to(memory_format=CL)
show('int', *F.max_pool2d(xi, 3, 2, 1, return_indices=True))
show('int avg', F.avg_pool2d(xi, 3, 2, 1))
show('int32 max', F.max_pool2d(xi.int(), 2))

# NaN and ties: a NaN wins (the last NaN of the window gives the index),
# ties keep the first index, an all -inf window keeps its first index.
xn = torch.relu(torch.randn(1, 17, 6, 6)).to(memory_format=CL)
xn[0, 1, 0, 0] = float('nan')
xn[0, 1, 1, 1] = float('nan')
xn[0, 2, 2, 3] = float('nan')
xn[0, 3] = float('-inf')
show('nan', *F.max_pool2d(xn, 3, 2, 1, return_indices=True))
show('nan adaptive', *F.adaptive_max_pool2d(xn, 2, return_indices=True))
show('nan avg', F.avg_pool2d(xn, 2))

# A channels_last input that is a view (not dense) and a permuted NHWC
# tensor: both count as channels_last.
big = torch.randn(2, 6, 8, 10).to(memory_format=CL)
view = big[:, :, ::2, 1:]
print(view.stride(), view.is_contiguous(memory_format=CL))
show('view max', F.max_pool2d(view, 2))
show('view aavg', F.adaptive_avg_pool2d(view, 3))
nhwc = torch.randn(2, 5, 6, 4).permute(0, 3, 1, 2)
show('permuted', F.max_pool2d(nhwc, 2), F.avg_pool2d(nhwc, 3, 1, 1))
# Modules, and the values equal the contiguous computation's.
xm = torch.randn(2, 8, 9, 9).to(memory_format=CL)
for c in (4, 8, 9, 16, 17):
    show('aavg c%d' % c, F.adaptive_avg_pool2d(torch.randn(1, c, 9, 9).to(memory_format=CL), (2, 3)))
    show('aavg f64 c%d' % c, F.adaptive_avg_pool2d(
        torch.randn(1, c, 7, 9, dtype=torch.float64).to(memory_format=CL), (2, 4)))
show('modules', torch.nn.MaxPool2d(3, 2)(xm), torch.nn.AvgPool2d(2)(xm),
     torch.nn.AdaptiveAvgPool2d((2, 3))(xm))
xc = xm.contiguous()
print(torch.equal(F.max_pool2d(xm, 3, 2, 1), F.max_pool2d(xc, 3, 2, 1)),
      torch.equal(F.max_pool2d(xm, 3, 2, 1, return_indices=True)[1],
                  F.max_pool2d(xc, 3, 2, 1, return_indices=True)[1]),
      torch.equal(F.avg_pool2d(xm, 3, 2, 1), F.avg_pool2d(xc, 3, 2, 1)))

# Contiguous pools over rows wider than a vector of outputs.
r = torch.randn(1, 2, 5, 40)
show('row max s2', *F.max_pool2d(r, 3, 2, 1, return_indices=True))
show('row max s1', *F.max_pool2d(r, 3, 1, 1, return_indices=True))
show('row max dil', *F.max_pool2d(r, 3, 2, 1, dilation=2, return_indices=True))
show('row max s3', *F.max_pool2d(r, 3, 3, ceil_mode=True, return_indices=True))
show('row avg s2', F.avg_pool2d(r, 3, 2, 1), F.avg_pool2d(r, 3, 2, 1, count_include_pad=False))
show('row avg s1', F.avg_pool2d(r, (2, 4), 1, (1, 2)), F.avg_pool2d(r, 2, divisor_override=3))
show('row f64', *F.max_pool2d(r.double(), 3, 2, 1, return_indices=True))
show('row f64 avg', F.avg_pool2d(r.double(), 3, 2, 1))
rt = torch.relu(torch.randn(1, 2, 4, 41))
rt[0, 0, 1, 10] = float('nan')
rt[0, 0, 2, 11] = float('nan')
rt[0, 1, :, 20:40] = float('-inf')
show('row ties', *F.max_pool2d(rt, 3, 2, 1, return_indices=True))
show('row ties s1', *F.max_pool2d(rt, 2, 1, return_indices=True))
show('row 1d', *F.max_pool1d(torch.randn(2, 3, 50), 3, 2, 1, return_indices=True))

# 16-bit floats accumulate in float (ATen's 32-byte vectors hold 16 of
# them: channels 32.. are the adaptive average's scalar tail).
for dt in (torch.float16, torch.bfloat16):
    xh = torch.randn(1, 37, 6, 7).to(dt).to(memory_format=CL)
    show('16-bit max', *F.max_pool2d(xh, 3, 2, 1, return_indices=True))
    show('16-bit avg', F.avg_pool2d(xh, 3, 2, 1), F.adaptive_avg_pool2d(xh, (2, 3)))
    show('16-bit amax', *F.adaptive_max_pool2d(xh, (2, 3), return_indices=True))
