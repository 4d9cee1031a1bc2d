# Times sum and mean of float32 tensors: along each dim of [4096, 1024], the
# whole of 16M elements, and mean over (2, 3) of 8x64x56x56 contiguous and
# channels_last; runs unchanged under tc-run and under CPython + PyTorch, so
# compare_sum_with_torch.py can print both side by side. Prints one line per
# case: `name best_ms`.
import torch
from timing_util import best_ms

torch.manual_seed(0)
rows = torch.randn(4096, 1024)
flat = torch.randn(16 * 1024 * 1024)
img = torch.randn(8, 64, 56, 56)
img_cl = img.contiguous(memory_format=torch.channels_last)
cases = [
    ("sum_rows_dim-1", lambda: rows.sum(-1)),
    ("sum_rows_dim0", lambda: rows.sum(0)),
    ("sum_16M", lambda: flat.sum()),
    ("mean_nchw_23", lambda: img.mean((2, 3))),
    ("mean_nhwc_23", lambda: img_cl.mean((2, 3))),
]
with torch.no_grad():
    for name, fn in cases:
        print(name, "%.3f" % best_ms(fn))
