# A function taking a Python int beyond 64 bits: its value is a constant of
# the captured graph, so compiled code must be guarded on the value (the
# same-answers suite runs this with the function compiled: a missing guard
# would reuse the first call's constant).
import torch


def f(x, n):
    return x + (n % 1000), n * 2, n > 2**64


for n in [2**70, 2**70 + 1, 2**70, -2**70 + 5, 7, 2**63, 2**63 - 1]:
    y, m, big = f(torch.ones(2), n)
    print(y.tolist(), m, big)
