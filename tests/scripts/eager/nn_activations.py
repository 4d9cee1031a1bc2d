# Activation modules and their functional forms: ReLU, GELU (exact and tanh), SiLU, Sigmoid, Tanh.
# tc-compare: abs=1e-6  reason: GELU computes 1 + erf(x/sqrt(2)), which cancels for x <= -3; tc's erf is not PyTorch's vectorized one and differs there by a few float ulps (up to 2.5e-7 absolute, e.g. gelu(-4))
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.linspace(-3, 3, 13)
print(x)
relu = nn.ReLU()
gelu = nn.GELU()
gelu_tanh = nn.GELU(approximate="tanh")
print(relu, gelu, gelu_tanh)
print(relu(x))
print(gelu(x))
print(gelu_tanh(x))
print(F.relu(x), F.gelu(x), F.gelu(x, approximate="tanh"))
print(F.silu(x))
print(torch.sigmoid(x), torch.tanh(x))
print(nn.SiLU()(x).equal(F.silu(x)), nn.Sigmoid()(x).equal(torch.sigmoid(x)), nn.Tanh()(x).equal(torch.tanh(x)))
print(nn.SiLU(), nn.Sigmoid(), nn.Tanh())
m = torch.arange(-4.0, 4.0).reshape(2, 4)
print(relu(m), gelu(m), F.relu(m).sum(), (gelu(m) - F.gelu(m)).abs().max())
print(F.relu(torch.tensor([-1, 0, 3])), F.relu(torch.tensor([-1.0], dtype=torch.float64)))
print((x * torch.sigmoid(x) - F.silu(x)).abs().max() < 1e-6)
print(F.gelu(torch.tensor([0.0, 1.0, -1.0], dtype=torch.float64)))
