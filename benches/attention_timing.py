# Times F.scaled_dot_product_attention at B=8, H=12, S=512, D=64 float32,
# causal and not; runs unchanged under tc-run and under CPython + PyTorch,
# so compare_attention_with_torch.py can print both side by side. Prints one
# line per case: `name best_ms`.
import time

import torch
import torch.nn.functional as F


def once_s(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def best_ms(fn, rounds=10):
    """The fastest of `rounds` calls after two warm-up calls, in ms."""
    fn()
    fn()
    return 1e3 * min(once_s(fn) for _ in range(rounds))


torch.manual_seed(0)
q = torch.randn(8, 12, 512, 64)
k = torch.randn(8, 12, 512, 64)
v = torch.randn(8, 12, 512, 64)
cases = [
    ("sdpa", lambda: F.scaled_dot_product_attention(q, k, v)),
    ("sdpa_causal", lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True)),
]
with torch.no_grad():
    for name, fn in cases:
        print(name, "%.3f" % best_ms(fn))
