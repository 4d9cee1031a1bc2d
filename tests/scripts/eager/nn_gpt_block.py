# tc-compare: rel=1e-4 abs=1e-5  reason: the projections and the fused attention sum in OpenBLAS's order under tc and in MKL's / the flash kernel's under PyTorch (float32 last bits differ).
# A GPT-style pre-norm block (LayerNorm, causal scaled_dot_product_attention
# over a fused QKV projection, GELU MLP, residuals) built from nn modules:
# its forward eagerly and under torch.compile give the same numbers.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc = nn.Linear(d, 4 * d)
        self.out = nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(c, dim=2)
        q = q.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(y.transpose(1, 2).contiguous().view(b, t, c))
        return x + self.out(F.gelu(self.fc(self.ln2(x))))


torch.manual_seed(0)
block = Block(16, 4)
x = torch.randn(2, 9, 16)
with torch.no_grad():
    eager = block(x)
    compiled = torch.compile(block, backend="eager")(x)
print(tuple(eager.shape))
print(eager[1, ::2].tolist())
print((compiled - eager).abs().max().item() < 1e-6, torch.equal(compiled, eager))
# Causality: changing the last token leaves every earlier position alone.
x2 = x.clone()
x2[:, -1] = 0.0
with torch.no_grad():
    e2 = block(x2)
print(torch.equal(e2[:, :-1], eager[:, :-1]), torch.equal(e2[:, -1], eager[:, -1]))
