# best_ms, shared by the *_timing.py scripts that run unchanged under tc-run
# and under CPython + PyTorch (the compare_*_with_torch.py scripts run both).
import time


def best_ms(fn, rounds=15, warmups=2):
    """The fastest of `rounds` calls of fn, in milliseconds, after `warmups` calls."""
    for _ in range(warmups):  # warm-up: allocator, first touch of pages
        fn()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1e3
