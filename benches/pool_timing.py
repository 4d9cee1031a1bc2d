# Times the pools and batch_norm on 8x64x56x56 float32 (the ResNet stem's
# pooled activation), contiguous and channels_last: max_pool 3x3 s2 p1,
# avg_pool 3x3 s2 p1 and 2x2, adaptive average to 7x7 and 1x1, adaptive max
# to 7x7, batch_norm eval and train. Runs unchanged under tc-run and under
# CPython + PyTorch, so compare_pool_with_torch.py can print both side by
# side. One line per case: `name best_ms`.
import sys

import torch
import torch.nn.functional as F
from timing_util import best_ms

torch.manual_seed(0)
x = torch.randn(8, 64, 56, 56)
cl = x.contiguous(memory_format=torch.channels_last)
rm, rv = torch.randn(64), torch.rand(64) + 0.5
w, b = torch.randn(64), torch.randn(64)
cases = []
for tag, t in (("", x), ("_cl", cl)):
    cases += [
        ("max_pool3x3s2" + tag, lambda t=t: F.max_pool2d(t, 3, 2, 1)),
        ("avg_pool3x3s2" + tag, lambda t=t: F.avg_pool2d(t, 3, 2, 1)),
        ("avg_pool2x2" + tag, lambda t=t: F.avg_pool2d(t, 2)),
        ("adaptive_avg7" + tag, lambda t=t: F.adaptive_avg_pool2d(t, 7)),
        ("adaptive_avg1" + tag, lambda t=t: F.adaptive_avg_pool2d(t, 1)),
        ("adaptive_max7" + tag, lambda t=t: F.adaptive_max_pool2d(t, 7)),
        ("batch_norm_eval" + tag, lambda t=t: F.batch_norm(t, rm, rv, w, b)),
        ("batch_norm_train" + tag, lambda t=t: F.batch_norm(t, rm.clone(), rv.clone(), w, b, True)),
    ]
only = sys.argv[1:]
with torch.no_grad():
    for name, fn in cases:
        if not only or name in only:
            print(name, "%.3f" % best_ms(fn))
