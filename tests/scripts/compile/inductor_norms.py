# torch.compile (inductor) of batch_norm in inference and group_norm: a
# conv -> BatchNorm2d -> ReLU block with a residual add (eval mode), the
# functional batch_norm with and without weight / bias, float32 and
# float64; group_norm over groups 1, some and C, with and without weight /
# bias, odd sizes, a NaN group, nn.GroupNorm -> SiLU. Each compiled result
# prints like eager's and is close to it (tc generates batch_norm as fused
# pointwise code and group_norm as a row kernel, eager's values bit for bit).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(c)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)) + x)


def bn(x, mean, var, w, b):
    return F.relu(F.batch_norm(x, mean, var, w, b, training=False, eps=1e-3))


def gn(x, groups, w, b, eps):
    return F.group_norm(x * 1.5, groups, w, b, eps)


class GNBlock(nn.Module):
    def __init__(self, c, groups):
        super().__init__()
        self.norm = nn.GroupNorm(groups, c)

    def forward(self, x):
        return F.silu(self.norm(x))


cases = []
block = Block(4).eval()
with torch.no_grad():
    block.bn.running_mean.uniform_(-0.5, 0.5)
    block.bn.running_var.uniform_(0.5, 2.0)
    block.bn.weight.uniform_(0.5, 1.5)
    block.bn.bias.uniform_(-0.5, 0.5)
cases.append(("conv-bn-relu block", block, (torch.randn(2, 4, 7, 9),)))
for dtype in (torch.float32, torch.float64):
    c = 5
    x = torch.randn(3, c, 11, dtype=dtype)
    mean = torch.randn(c, dtype=dtype)
    var = torch.rand(c, dtype=dtype) + 0.5
    w = torch.randn(c, dtype=dtype)
    b = torch.randn(c, dtype=dtype)
    cases.append((f"batch_norm {dtype}", bn, (x, mean, var, w, b)))
    cases.append((f"batch_norm no affine {dtype}", bn, (x, mean, var, None, None)))
    x = torch.randn(2, 6, 5, 7, dtype=dtype)
    w = torch.randn(6, dtype=dtype)
    b = torch.randn(6, dtype=dtype)
    for groups in (1, 3, 6):
        cases.append((f"group_norm groups={groups} {dtype}", gn, (x, groups, w, b, 1e-5)))
    cases.append((f"group_norm no affine {dtype}", gn, (x, 2, None, None, 1e-5)))
    cases.append((f"group_norm weight only eps=0.1 {dtype}", gn, (x, 2, w, None, 0.1)))
special = torch.randn(2, 4, 9)
special[0, 1, 3] = float("nan")
special[1, 2:] = 2.5
cases.append(("group_norm NaN and constant groups", gn, (special, 2, None, None, 1e-5)))
cases.append(("GroupNorm -> SiLU", GNBlock(8, 4).eval(), (torch.randn(2, 8, 5, 5),)))


def report(name, fn, args):
    compiled = torch.compile(fn)
    got, want = compiled(*args), fn(*args)
    # Eager's values: PyTorch's Inductor rounds a few differently (it
    # computes (x - mean) * invstd * weight + bias), tc's compiled code as
    # eager does.
    print(name, tuple(got.shape), got.dtype,
          "close:", torch.allclose(got, want, rtol=1e-5, atol=1e-6, equal_nan=True))
    print(want.flatten()[:6])


with torch.no_grad():
    for case in cases:
        report(*case)
