# Piecewise activations (no transcendental function, so bit for bit): leaky_relu, prelu,
# rrelu (eval), hardtanh, relu6, hardsigmoid, hardswish, softsign, as F.* and modules, with
# inplace=, reprs and PyTorch's errors.
import torch
from _show_helper import err, show
import torch.nn as nn
import torch.nn.functional as F


torch.manual_seed(0)
x = torch.randn(2, 3, 4) * 4
x[0, 0, 0] = float("nan")
x[0, 0, 1] = -0.0
x[0, 0, 2] = 3.0
x[0, 0, 3] = -3.0
for f in (F.leaky_relu, F.hardtanh, F.relu6, F.hardsigmoid, F.hardswish, F.softsign, F.rrelu):
    show(f(x))
    show(f(x.double()))
show(F.leaky_relu(x, 0.2))
show(F.leaky_relu(x, negative_slope=-1.5))
show(F.rrelu(x, 0.1, 0.3))
show(F.rrelu(x, lower=0.2, upper=0.2, training=False))
show(F.hardtanh(x, -2.5, 0.5))
show(F.hardtanh(x, min_val=0))
show(F.hardtanh(torch.tensor([-3, 0, 2]), -1, 1))
show(F.relu6(torch.tensor([-3, 4, 9])))
show(F.hardswish(x.half()))
show(F.hardsigmoid(x.bfloat16()))
show(F.softsign(torch.tensor([-2, 0, 3])))
w = torch.tensor([0.25, -1.0, 2.0])
show(F.prelu(x, w))
show(F.prelu(x, torch.tensor([0.1])))
show(F.prelu(torch.tensor([-1.0, 2.0, -3.0]), torch.tensor([0.5])))
show(F.prelu(torch.tensor(-2.0), torch.tensor([0.5])))
show(F.prelu(x[0].t(), w))

y = x.clone()
r = F.leaky_relu(y, 0.5, inplace=True)
print(r is y)
show(y)
y = x.clone()
F.hardtanh(y, -1.0, 1.0, True)
show(y)
y = x.clone()
F.relu6(y, inplace=True)
F.hardswish(y, inplace=True)
show(y)
y = x.clone()
F.hardsigmoid(y, True)
F.rrelu(y, inplace=True)
show(y)

mods = [nn.LeakyReLU(), nn.LeakyReLU(0.2, True), nn.PReLU(), nn.PReLU(3, 0.1), nn.RReLU(),
        nn.RReLU(0.1, 0.3, True), nn.Hardtanh(), nn.Hardtanh(-2, 2, True), nn.ReLU6(),
        nn.ReLU6(True), nn.Hardsigmoid(), nn.Hardswish(True), nn.Softsign()]
for m in mods:
    print(m)
print(nn.Sequential(nn.Linear(2, 3), nn.PReLU(3), nn.Hardswish()))
p = nn.PReLU(3)
print(p.weight, p.num_parameters, p.init, list(p.state_dict().keys()))
show(p(x))
show(nn.PReLU()(x))
show(nn.LeakyReLU(0.3)(x))
m = nn.RReLU(0.1, 0.5)
m.eval()
show(m(x))
show(nn.Hardtanh(-0.5, 0.5)(x))
show(nn.Hardtanh(min_value=-2.0, max_value=3.0)(x))
show(nn.ReLU6()(x))
show(nn.Hardsigmoid()(x))
show(nn.Hardswish()(x))
show(nn.Softsign()(x))
y = x.clone()
nn.ReLU6(inplace=True)(y)
show(y)

err(lambda: F.leaky_relu(torch.tensor([1, -2])))
err(lambda: F.hardtanh(torch.tensor([True])))
err(lambda: F.hardtanh(x, 2.0, 1.0))
err(lambda: nn.Hardtanh(2, 1))
err(lambda: F.hardsigmoid(torch.tensor([1])))
err(lambda: F.hardswish(torch.tensor([1])))
err(lambda: F.softsign(torch.tensor([True])))
err(lambda: F.prelu(torch.tensor([1, 2]), torch.tensor([0.25])))
err(lambda: F.prelu(x, torch.tensor([0.25, 1.0])))
err(lambda: F.prelu(x, w.double()))
err(lambda: F.prelu(x, torch.ones(3, 1)))
err(lambda: F.prelu(torch.tensor(2.0), torch.ones(3)))
err(lambda: F.rrelu(torch.tensor([1])))
err(lambda: F.leaky_relu(torch.ones(2), inplace=True, negative_slope=1, foo=2))


def piecewise(x, w):
    return F.leaky_relu(x, 0.1) + F.prelu(x, w) + F.hardtanh(x, -2.0, 2.0) + F.hardswish(x) + F.softsign(x)


show(piecewise(x, w))
