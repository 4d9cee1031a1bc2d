# The inductor backend on GEMMs followed by pointwise ops (tc fuses the
# epilogue into the GEMM's row panels): linear + bias + gelu (the GELU MLP's
# first layer and odd row counts), mm + residual add, addmm + relu, bmm
# times a scalar, a float64 linear + tanh, and a product that is also
# returned. Compiled results match eager's (allclose) and print the same.
import torch


def data(*sizes, dtype=torch.float32, shift=0.0):
    n = 1
    for s in sizes:
        n *= s
    return torch.sin(torch.arange(n, dtype=dtype) * 0.37 + shift).reshape(*sizes)


def check(name, fn, *args):
    eager = fn(*args)
    compiled = torch.compile(fn)(*args)
    if not isinstance(eager, tuple):
        eager, compiled = (eager,), (compiled,)
    for e, c in zip(eager, compiled):
        print(name, tuple(c.shape), c.dtype, torch.allclose(c, e, rtol=1e-4, atol=1e-5))
        print(c.reshape(-1)[:6])


def linear_gelu(x, w, b):
    return torch.nn.functional.gelu(torch.nn.functional.linear(x, w, b))


for rows in (1, 7, 33, 1025):
    check("linear_gelu", linear_gelu, data(rows, 64), data(48, 64, shift=1.0) * 0.1,
          data(48, shift=2.0))

mlp = torch.nn.Sequential(torch.nn.Linear(784, 512), torch.nn.GELU(), torch.nn.Linear(512, 10))
with torch.no_grad():
    for i, p in enumerate(mlp.parameters()):
        p.copy_(data(*p.shape, shift=float(i)) * 0.05)
    check("mlp", mlp, data(256, 784))


def mm_residual(a, b, r):
    return torch.mm(a, b) + r


for rows in (1, 33, 1025):
    check("mm_residual", mm_residual, data(rows, 40), data(40, 48, shift=1.0),
          data(rows, 48, shift=2.0))


def addmm_relu(bias, a, b):
    return torch.relu(torch.addmm(bias, a, b))


check("addmm_relu", addmm_relu, data(64), data(300, 50, shift=1.0), data(50, 64, shift=2.0))


def bmm_half(a, b):
    return torch.bmm(a, b) * 0.5


check("bmm_half", bmm_half, data(4, 33, 20), data(4, 20, 17, shift=1.0))


def linear_tanh64(x, w):
    return torch.tanh(torch.nn.functional.linear(x, w))


check("linear_tanh64", linear_tanh64, data(129, 32, dtype=torch.float64),
      data(24, 32, dtype=torch.float64, shift=1.0))


def matmul_both(x, w):
    y = x @ w
    return y, torch.sigmoid(y)


check("matmul_both", matmul_both, data(70, 16), data(16, 16, shift=1.0))
