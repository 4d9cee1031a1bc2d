# nn.LayerNorm and F.layer_norm: default affine params, eps, elementwise_affine, multi-dim shapes.
# tc-compare: abs=1e-7  reason: the mean of a normalized row is a float32 sum whose order differs from PyTorch's cascade sum: -7.4506e-09 in tc, exactly 0 in PyTorch
import torch
import torch.nn as nn
import torch.nn.functional as F

ln = nn.LayerNorm(4)
print(ln)
print(ln.weight, ln.bias, ln.eps, ln.normalized_shape)
x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [10.0, 10.0, 10.0, 10.0], [-1.0, 0.0, 1.0, 8.0]])
with torch.no_grad():
    y = ln(x)
print(y)
print(y.mean(-1), y.var(-1, unbiased=False))
print(F.layer_norm(x, (4,)))
w = torch.tensor([1.0, 2.0, 0.5, -1.0])
b = torch.tensor([0.0, 0.1, 0.2, 0.3])
print(F.layer_norm(x, (4,), w, b))
with torch.no_grad():
    ln.weight.copy_(w)
    ln.bias.copy_(b)
    print(ln(x))
ln2 = nn.LayerNorm([2, 3], eps=1e-3, elementwise_affine=False)
print(ln2, list(ln2.parameters()))
z = torch.arange(12.0).reshape(2, 2, 3)
print(ln2(z))
print(F.layer_norm(z, (2, 3), eps=1e-3))
ln3 = nn.LayerNorm((3,), eps=1e-6)
print(ln3, ln3.weight.shape)
with torch.no_grad():
    print(ln3(z))
mean = x.mean(-1, keepdim=True)
var = x.var(-1, keepdim=True, unbiased=False)
manual = (x - mean) / torch.sqrt(var + 1e-5)
print(manual, (manual - F.layer_norm(x, (4,))).abs().max() < 1e-5)
