# Times the convolution and pooling rows (conv2d 3x3 64->64 pad 1
# on 8x64x56x56, conv2d 7x7 stride 2 pad 3 3->64 on 8x3x224x224, max_pool2d
# 3x3 stride 2 pad 1 on the first's output); runs unchanged under tc-run and
# under CPython + PyTorch, so compare_conv_with_torch.py prints both side by
# side. Prints one line per row: `name best_ms`.
import timing_util
import torch
import torch.nn.functional as F


def best_ms(fn):
    """The fastest of 7 timed calls after one warm-up call, in ms."""
    return timing_util.best_ms(fn, rounds=7, warmups=1)


torch.manual_seed(0)
x1 = torch.randn(8, 64, 56, 56)
w1 = torch.randn(64, 64, 3, 3) * 0.05
x2 = torch.randn(8, 3, 224, 224)
w2 = torch.randn(64, 3, 7, 7) * 0.05
y1 = F.conv2d(x1, w1, padding=1)
with torch.no_grad():
    cases = [
        ("conv3x3_64", lambda: F.conv2d(x1, w1, padding=1)),
        ("conv7x7s2_3", lambda: F.conv2d(x2, w2, stride=2, padding=3)),
        ("maxpool3x3s2", lambda: F.max_pool2d(y1, 3, 2, 1)),
    ]
    for name, fn in cases:
        print(name, round(best_ms(fn), 3))
