# Times sort of float32 [4096, 1024] along the last dim (default and
# stable=True), topk k=16 of the same, and argsort of 16M float32; runs
# unchanged under tc-run and under CPython + PyTorch, so
# compare_sort_with_torch.py can print both side by side. Prints one line
# per case: `name best_ms`.
import time

import torch


def seconds(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


torch.manual_seed(0)
rows = torch.randn(4096, 1024)
flat = torch.randn(16 * 1024 * 1024)
cases = {
    "sort_4096x1024": lambda: torch.sort(rows, -1),
    "sort_stable": lambda: torch.sort(rows, dim=-1, stable=True),
    "topk16_4096x1024": lambda: torch.topk(rows, 16),
    "argsort_16M": lambda: torch.argsort(flat),
}
with torch.no_grad():
    for name, fn in cases.items():
        runs = [seconds(fn) for _ in range(2 + 5)]  # the first two warm up
        print(name, "%.3f" % (min(runs[2:]) * 1e3))
