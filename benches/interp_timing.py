# Times F.interpolate on the shape, 8x64x56x56 float32 upsampled x2
# (bilinear, bilinear align_corners, nearest, bicubic), and F.unfold /
# F.fold with a 3x3 kernel on 8x64x28x28; runs unchanged under tc-run and
# under CPython + PyTorch, so compare_interp_with_torch.py can print both
# side by side. Prints one line per case: `name best_ms`.
import time

import torch
import torch.nn.functional as F


def best_ms(fn, rounds=15, warmup=2):
    """The fastest of `rounds` calls after `warmup` ones (allocator, page faults)."""
    best = None
    for i in range(warmup + rounds):
        start = time.perf_counter()
        fn()
        took = time.perf_counter() - start
        if i >= warmup and (best is None or took < best):
            best = took
    return best * 1e3


torch.manual_seed(0)
img = torch.randn(8, 64, 56, 56)
small = torch.randn(8, 64, 28, 28)
cols = F.unfold(small, 3, padding=1)
cases = [
    ("bilinear_x2", lambda: F.interpolate(img, scale_factor=2, mode="bilinear")),
    ("bilinear_x2_align", lambda: F.interpolate(img, scale_factor=2, mode="bilinear",
                                                align_corners=True)),
    ("nearest_x2", lambda: F.interpolate(img, scale_factor=2, mode="nearest")),
    ("bicubic_x2", lambda: F.interpolate(img, scale_factor=2, mode="bicubic")),
    ("unfold_3x3", lambda: F.unfold(small, 3, padding=1)),
    ("fold_3x3", lambda: F.fold(cols, (28, 28), 3, padding=1)),
]
with torch.no_grad():
    for name, fn in cases:
        print(name, "%.3f" % best_ms(fn))
