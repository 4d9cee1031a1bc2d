# Times torch.rand / torch.randn of 16777216 float32 elements (the issue's
# figure) and a few other random ops; runs unchanged under tc-run and under
# CPython + PyTorch, so compare_rng_with_torch.py can print both side by
# side. Prints one line per op: `name best_ms`.
import time

import torch

N = 16777216


def best_ms(fn, rounds=7):
    fn()  # warm-up: allocator, first-touch of pages
    best = None
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        dt = time.perf_counter() - t0
        if best is None or dt < best:
            best = dt
    return best * 1000.0


torch.manual_seed(0)
cases = [
    ("rand", lambda: torch.rand(N)),
    ("randn", lambda: torch.randn(N)),
    ("rand_float64", lambda: torch.rand(N, dtype=torch.float64)),
    ("randint", lambda: torch.randint(0, 1000, (N,))),
]
for name, fn in cases:
    print(name, "%.2f" % best_ms(fn))
