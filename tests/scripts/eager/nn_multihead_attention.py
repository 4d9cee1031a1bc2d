# tc-compare: rel=1e-4 abs=1e-5  reason: the projections and attention products go through OpenBLAS GEMM under tc and MKL/oneDNN under PyTorch (float32 sums in another order: last bits differ).
# nn.MultiheadAttention: parameter names, shapes and default init after
# torch.manual_seed (bit for bit), repr, forward with need_weights
# (averaged and per head), key_padding_mask, attn_mask (bool and float),
# batch_first, kdim/vdim, add_bias_kv, add_zero_attn, unbatched input,
# need_weights=False (through scaled_dot_product_attention), eval vs train
# dropout, and PyTorch's errors.
import torch
import torch.nn as nn
from _catch_helper import catch

torch.manual_seed(0)
mha = nn.MultiheadAttention(8, 2)
print(mha)
print([(n, tuple(p.shape)) for n, p in mha.named_parameters()])
print(mha.in_proj_weight[:2].tolist())
print(mha.in_proj_bias.abs().sum().item(), mha.out_proj.bias.abs().sum().item())
print(type(mha.out_proj).__name__, mha.head_dim, mha.batch_first, mha._qkv_same_embed_dim)
x = torch.randn(5, 3, 8)
out, w = mha(x, x, x)
print(tuple(out.shape), tuple(w.shape))
print(out[0].tolist())
print(w[1].tolist())
out, w = mha(x, x, x, average_attn_weights=False)
print(tuple(w.shape), w[0, 1, 2].tolist())
kpm = torch.zeros(3, 5, dtype=torch.bool)
kpm[1, 3:] = True
out, w = mha(x, x, x, key_padding_mask=kpm)
print(out[4, 1].tolist(), w[1, 0].tolist())
am = torch.triu(torch.ones(5, 5, dtype=torch.bool), diagonal=1)
out, w = mha(x, x, x, attn_mask=am)
print(out[2, 0].tolist(), w[0, 2].tolist())
fm = torch.triu(torch.full((5, 5), float('-inf')), diagonal=1)
out2, _ = mha(x, x, x, attn_mask=fm)
print((out2 - out).abs().max().item() < 1e-6)
out3, none = mha(x, x, x, attn_mask=fm, need_weights=False)
print(none, (out3 - out).abs().max().item() < 1e-5)
out4, _ = mha(x, x, x, attn_mask=fm, need_weights=False, is_causal=True)
print((out4 - out).abs().max().item() < 1e-5)
mem = torch.randn(7, 3, 8)
out, w = mha(x, mem, mem)
print(tuple(out.shape), tuple(w.shape), out[1, 2].tolist())
u, uw = mha(x[:, 0], x[:, 0], x[:, 0])
print(tuple(u.shape), tuple(uw.shape), u[0].tolist())

torch.manual_seed(1)
bf = nn.MultiheadAttention(6, 3, batch_first=True, kdim=4, vdim=5, bias=False)
print(bf)
print([(n, tuple(p.shape)) for n, p in bf.named_parameters()])
q = torch.randn(2, 3, 6)
o, w = bf(q, torch.randn(2, 4, 4), torch.randn(2, 4, 5))
print(tuple(o.shape), o[1].tolist(), w[0].tolist())

torch.manual_seed(2)
kv = nn.MultiheadAttention(4, 1, add_bias_kv=True, add_zero_attn=True)
print([(n, tuple(p.shape)) for n, p in kv.named_parameters()])
print(kv.bias_k.flatten().tolist(), kv.bias_v.flatten().tolist())
y = torch.randn(3, 2, 4)
o, w = kv(y, y, y)
print(tuple(w.shape), o[0].tolist(), w[1].tolist())

torch.manual_seed(3)
dr = nn.MultiheadAttention(4, 2, dropout=0.5)
z = torch.randn(3, 2, 4)
torch.manual_seed(4)
o, w = dr(z, z, z)
print(w[0].tolist())
dr.eval()
o2, w2 = dr(z, z, z)
print(w2[0].tolist())

catch(lambda: nn.MultiheadAttention(6, 4))
catch(lambda: nn.MultiheadAttention(0, 4))
catch(lambda: mha(x, x, torch.randn(5, 3)))
catch(lambda: mha(x, x, x, attn_mask=torch.zeros(4, 5, dtype=torch.bool)))
catch(lambda: mha(x, x, x, attn_mask=torch.zeros(5, 5, dtype=torch.long)))
catch(lambda: mha(x, x, x, key_padding_mask=torch.zeros(3, 4, dtype=torch.bool)))
catch(lambda: mha(torch.randn(5, 3, 6), torch.randn(5, 3, 6), torch.randn(5, 3, 6)))
catch(lambda: mha(x, x, x, is_causal=True))


def attend(m, a):
    return m(a, a, a, need_weights=False)[0]


print(attend(mha, x)[3].tolist())
