# Python complex numbers beside tensors: a complex constant inside a
# function, and complex arguments whose values change between calls (a
# compiled frame must not reuse what it computed for another value).
import torch


def with_constant(x):
    z = 3 + 4j
    return x * abs(z) + z.real - z.imag


def with_argument(x, z):
    return x * abs(z) + z.imag, z * 2


x = torch.arange(3, dtype=torch.float32)
print(with_constant(x))
for z in (3 + 4j, 1 - 1j, 2j, complex(0.5, -2)):
    t, w = with_argument(x, z)
    print(t, w)
