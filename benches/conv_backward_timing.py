# Times the backward of the ResNet-style zoo model's convolutions (batch 8,
# 3x32x32 input; tests/scripts/models/_zoo_models.py) and of the pools on
# the 8x64x56x56 activation: torch.autograd.grad of each op's
# output for its input and weight (the graph built once, retained), so one
# timed call is one convolution_backward (grad_input and grad_weight) or one
# pool backward. Runs unchanged under tc-run and under CPython + PyTorch, so
# compare_conv_with_torch.py --backward prints both side by side. One line per
# case: `name best_ms`.
import sys

import torch
import torch.nn.functional as F
from timing_util import best_ms

torch.manual_seed(0)


def conv_case(n, cin, cout, size, k, stride, pad):
    x = torch.randn(n, cin, size, size, requires_grad=True)
    w = (torch.randn(cout, cin, k, k) * 0.1).requires_grad_()
    y = F.conv2d(x, w, None, stride, pad)
    g = torch.randn(y.shape)
    return lambda: torch.autograd.grad(y, [x, w], g, retain_graph=True)


def pool_case(fn):
    x = torch.randn(8, 64, 56, 56, requires_grad=True)
    y = fn(x)
    g = torch.randn(y.shape)
    return lambda: torch.autograd.grad(y, [x], g, retain_graph=True)


cases = [
    ("stem3x3_3_16", conv_case(8, 3, 16, 32, 3, 1, 1)),
    ("conv3x3_16_16", conv_case(8, 16, 16, 32, 3, 1, 1)),
    ("conv3x3s2_16_32", conv_case(8, 16, 32, 32, 3, 2, 1)),
    ("conv1x1s2_16_32", conv_case(8, 16, 32, 32, 1, 2, 0)),
    ("conv3x3_32_32", conv_case(8, 32, 32, 16, 3, 1, 1)),
    ("conv3x3_64_56", conv_case(8, 64, 64, 56, 3, 1, 1)),
    ("max_pool3x3s2_bwd", pool_case(lambda x: F.max_pool2d(x, 3, 2, 1))),
    ("avg_pool2x2_bwd", pool_case(lambda x: F.avg_pool2d(x, 2))),
    ("adaptive_avg7_bwd", pool_case(lambda x: F.adaptive_avg_pool2d(x, 7))),
]
only = sys.argv[1:]
for name, fn in cases:
    if only and name not in only:
        continue
    print(name, round(best_ms(fn, rounds=9, warmups=2), 3))
