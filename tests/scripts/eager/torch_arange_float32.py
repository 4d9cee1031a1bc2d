# torch.arange in float32 rounds as ATen's CPU kernel does (8-lane vectors
# from a rounded base); every value is printed at full precision, and long
# ranges by samples. (Past 32768 elements ATen restarts the vectors at each
# thread's chunk, so values depend on the thread count; the goldens run
# PyTorch on one thread, so the ranges here stay below that.)
import torch


def ranges(*args):
    return torch.arange(*args)


for args in [(0, 1, 0.1), (0.5, 10.3, 0.7), (-3, 3, 0.3), (1.0, 2.0, 1 / 3), (0, 100, 0.37),
             (5, -3, -0.11), (-7.1, 55.3, 0.013), (0, 7), (2.5,), (-1e6, 1e6, 12345.678)]:
    t = ranges(*args)
    print(args, t.dtype, t.numel(), t.tolist()[:40])
for args in [(0, 300, 0.011), (-1.5, 800.7, 0.0271)]:
    t = ranges(*args)
    print(args, t.numel(), t[::997].tolist(), t[-40:].tolist())
print(torch.arange(0, 1, 0.1, dtype=torch.float32).tolist())
print(torch.arange(0.0, 3.0, 0.25, dtype=torch.float64).tolist())
