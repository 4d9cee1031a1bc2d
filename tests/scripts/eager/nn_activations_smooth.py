# Smooth activations: elu, selu, celu, softplus (beta, threshold), mish, tanhshrink, glu (dim),
# logsigmoid, softmin (dim, dtype), as F.* and modules, with inplace=, reprs and errors.
# tc-compare: rel=2e-6 abs=1e-7  reason: ATen evaluates exp/expm1/log1p/tanh/sigmoid with Sleef's vectorized functions; tc's kernels use Highway's or the C library's, which differ in the last bits for some inputs
import torch
from _show_helper import err, show
import torch.nn as nn
import torch.nn.functional as F


torch.manual_seed(0)
x = torch.randn(2, 3, 4) * 3
x[0, 0, 0] = -0.0
x[0, 0, 1] = 30.0
for f in (F.elu, F.selu, F.celu, F.softplus, F.mish, F.tanhshrink, F.logsigmoid, F.glu):
    show(f(x))
    show(f(x.double()))
show(F.elu(x, 0.5))
show(F.celu(x, alpha=2.0))
show(F.softplus(x, beta=2, threshold=5))
show(F.softplus(x, 0.5, 1))
show(F.glu(x, 0))
show(F.glu(x, dim=-1))
show(F.softmin(x, dim=1))
show(F.softmin(x, 2, dtype=torch.float64))
show(F.softmin(x[0, 0]))
show(F.tanhshrink(torch.tensor([1, -2])))
y = x.clone()
r = F.elu(y, inplace=True)
print(r is y)
show(y)
y = x.clone()
F.selu(y, True)
F.celu(y, 1.5, True)
show(y)
y = x.clone()
F.mish(y, inplace=True)
show(y)

for m in [nn.ELU(), nn.ELU(0.5, True), nn.SELU(), nn.SELU(True), nn.CELU(2.0), nn.Softplus(),
          nn.Softplus(2, 10), nn.Mish(), nn.Mish(True), nn.Tanhshrink(), nn.GLU(), nn.GLU(0),
          nn.LogSigmoid(), nn.Softmin(1), nn.Softmin()]:
    print(m)
show(nn.ELU(0.3)(x))
show(nn.SELU()(x))
show(nn.CELU(0.7)(x))
show(nn.Softplus(3, 2)(x))
show(nn.Mish()(x))
show(nn.Tanhshrink()(x))
show(nn.GLU(0)(x))
show(nn.LogSigmoid()(x))
show(nn.Softmin(-1)(x))

err(lambda: F.elu(torch.tensor([1, 2])))
err(lambda: F.selu(torch.tensor([True])))
err(lambda: F.celu(x, alpha=0.0))
err(lambda: F.softplus(torch.tensor([1])))
err(lambda: F.mish(torch.tensor([1])))
err(lambda: F.logsigmoid(torch.tensor([1])))
err(lambda: F.glu(torch.ones(3)))
err(lambda: F.glu(torch.tensor(1.0)))
err(lambda: F.glu(torch.ones(2, 2).long()))
err(lambda: F.glu(x, 3))
err(lambda: F.softmin(torch.tensor([1, 2]), 0))


def smooth(x):
    return F.elu(x) + F.selu(x) + F.softplus(x, 2.0) + F.mish(x) + F.logsigmoid(x) + F.softmin(x, 1)


show(smooth(x))
