# A tiny causal self-attention block with deterministic weights: Linear, masked_fill, softmax,
# LayerNorm, residuals.
# tc-compare: rel=1e-6  reason: softmax rows sum to exactly 1 in tc but to 1 +- 1 ulp in PyTorch (its vectorized exp and summation order), so the printout of the sums switches between 1. and 1.0000
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

class SelfAttention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim
        self.q = nn.Linear(dim, dim, bias=False)
        self.k = nn.Linear(dim, dim, bias=False)
        self.v = nn.Linear(dim, dim, bias=False)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        T = x.shape[1]
        q = self.q(x)
        k = self.k(x)
        v = self.v(x)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.dim)
        mask = torch.arange(T)[None, :] > torch.arange(T)[:, None]
        scores = scores.masked_fill(mask, float("-inf"))
        attn = F.softmax(scores, dim=-1)
        return self.out(attn @ v), attn

class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = SelfAttention(dim)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        a, weights = self.attn(self.ln1(x))
        x = x + a
        x = x + self.mlp(self.ln2(x))
        return x, weights

torch.manual_seed(0)
block = Block(4)
with torch.no_grad():
    for i, (name, p) in enumerate(block.named_parameters()):
        if name.endswith("ln1.weight") or name.endswith("ln2.weight"):
            p.fill_(1.0)
        elif "ln" in name:
            p.fill_(0.0)
        else:
            p.copy_(torch.cos(torch.arange(p.numel(), dtype=torch.float32) + i).reshape(p.shape) * 0.3)
print(block)
x = torch.sin(torch.arange(24.0) * 1.3).reshape(2, 3, 4)
with torch.no_grad():
    y, w = block(x)
print(y)
print(w)
print(w.sum(-1), (w[:, 0, 1:] == 0).all())
print(y.shape, w.shape)
