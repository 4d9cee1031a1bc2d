# tc-compare: rel=1e-4 abs=1e-5  reason: tc's fused attention sums scores and values in key blocks through OpenBLAS GEMM with an online softmax; PyTorch's CPU flash kernel blocks and vectorizes differently (float32 last bits differ).
# F.scaled_dot_product_attention: plain, is_causal (square and S != L,
# upper-left aligned), bool and float masks (broadcast), scale, grouped-query
# heads (enable_gqa), 2-d and 3-d inputs, float64, value dims != key dims,
# fully masked rows (zeros), dropout_p > 0 (PyTorch's math path and
# torch.dropout's draws), and PyTorch's error texts.
import math
import torch
import torch.nn.functional as F
from _catch_helper import catch

torch.manual_seed(0)
q = torch.randn(2, 3, 5, 8)
k = torch.randn(2, 3, 7, 8)
v = torch.randn(2, 3, 7, 8)


def reference(q, k, v, mask=None, causal=False, scale=None):
    s = q @ k.transpose(-2, -1) * (scale if scale is not None else 1 / math.sqrt(q.size(-1)))
    if causal:
        mask = torch.ones(q.size(-2), k.size(-2), dtype=torch.bool).tril()
    if mask is not None:
        s = s.masked_fill(~mask, float('-inf')) if mask.dtype == torch.bool else s + mask
    return s.softmax(-1) @ v


def show(o, *args, **kw):
    print(tuple(o.shape), o.dtype, o[0, 0].tolist() if o.dim() > 2 else o.tolist())
    print((o - reference(*args, **kw)).abs().max().item() < 1e-5)


show(F.scaled_dot_product_attention(q, k, v), q, k, v)
show(F.scaled_dot_product_attention(q, k, v, is_causal=True), q, k, v, causal=True)
show(F.scaled_dot_product_attention(q, q, q, is_causal=True), q, q, q, causal=True)
show(F.scaled_dot_product_attention(q, k, v, scale=0.3), q, k, v, scale=0.3)
bm = torch.rand(5, 7) > 0.3
show(F.scaled_dot_product_attention(q, k, v, attn_mask=bm), q, k, v, mask=bm)
fm = torch.randn(2, 1, 5, 7)
show(F.scaled_dot_product_attention(q, k, v, attn_mask=fm), q, k, v, mask=fm)
pm = torch.ones(2, 1, 1, 7, dtype=torch.bool)
pm[0, :, :, 5:] = False
show(F.scaled_dot_product_attention(q, k, v, attn_mask=pm), q, k, v, mask=pm)
v2 = torch.randn(2, 3, 7, 4)
show(F.scaled_dot_product_attention(q, k, v2), q, k, v2)
print(F.scaled_dot_product_attention(q[0, 0], k[0, 0], v[0, 0]).tolist())
print(F.scaled_dot_product_attention(q[0], k[0], v[0], is_causal=True)[1].tolist())
qd, kd, vd = q.double(), k.double(), v.double()
print(F.scaled_dot_product_attention(qd, kd, vd, is_causal=True)[1, 2].tolist())
# Grouped-query attention: 6 query heads share 2 key/value heads.
qg = torch.randn(2, 6, 5, 8)
og = F.scaled_dot_product_attention(qg, k[:, :2], v[:, :2], enable_gqa=True)
print(tuple(og.shape), og[1, 5].tolist())
print(torch.equal(og[:, 1], F.scaled_dot_product_attention(qg[:, 1], k[:, 0], v[:, 0])),
      torch.equal(og[:, 4], F.scaled_dot_product_attention(qg[:, 4], k[:, 1], v[:, 1])))
# Broadcast batch dims: one key/value head for all query heads.
print(F.scaled_dot_product_attention(q, k[:, :1], v[:, :1])[1, 2].tolist())
# Rows whose keys are all masked come out as zeros.
dead = torch.ones(5, 7, dtype=torch.bool)
dead[2] = False
print(F.scaled_dot_product_attention(q, k, v, attn_mask=dead)[0, 0, 2].tolist())
print(F.scaled_dot_product_attention(q, k, v, attn_mask=torch.full((5, 7), float('-inf')))[0, 0, 0].tolist())
# A longer sequence crosses several query and key blocks.
torch.manual_seed(1)
ql, kl, vl = torch.randn(1, 2, 300, 16), torch.randn(1, 2, 300, 16), torch.randn(1, 2, 300, 16)
ol = F.scaled_dot_product_attention(ql, kl, vl, is_causal=True)
print(ol[0, 1, ::37].tolist())
print((ol - reference(ql, kl, vl, causal=True)).abs().max().item() < 1e-5)
# dropout_p > 0: PyTorch's math path with torch.dropout's draws.
torch.manual_seed(2)
od = F.scaled_dot_product_attention(q, k, v, dropout_p=0.5)
print(od[1, 1].tolist())
torch.manual_seed(2)
print(F.scaled_dot_product_attention(q, k, v, dropout_p=0.25, is_causal=True)[0, 2].tolist())
print(F.scaled_dot_product_attention(q, k, v, dropout_p=1.0)[0, 0, 0].tolist())

catch(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True, attn_mask=bm))
catch(lambda: F.scaled_dot_product_attention(q, k[..., :4], v))
catch(lambda: F.scaled_dot_product_attention(q, k, v.double()))
catch(lambda: F.scaled_dot_product_attention(q, k.double(), v))
catch(lambda: F.scaled_dot_product_attention(q[0, 0, 0], k[0, 0, 0], v[0, 0, 0]))
catch(lambda: F.scaled_dot_product_attention(q.long(), k.long(), v.long()))
catch(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(5, 7, dtype=torch.long)))
catch(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(5, 7, dtype=torch.uint8)))
catch(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(5, 6)))
catch(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.zeros(4, 5, 7)))
catch(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.zeros(1, 2, 3, 5, 7)))
catch(lambda: F.scaled_dot_product_attention(qg, k[:, :2], v[:, :2]))
catch(lambda: F.scaled_dot_product_attention(torch.randn(2, 3, 5, 8), k[:, :2], v[:, :2], enable_gqa=True))
catch(lambda: F.scaled_dot_product_attention(q, k, v, dropout_p=1.5))
catch(lambda: F.scaled_dot_product_attention(q, k, v, dropout_p=-0.5))


def gpt_attention(x, w_qkv, heads):
    b, t, c = x.shape
    qkv = (x @ w_qkv).reshape(b, t, 3, heads, c // heads).permute(2, 0, 3, 1, 4)
    y = F.scaled_dot_product_attention(qkv[0], qkv[1], qkv[2], is_causal=True)
    return y.transpose(1, 2).reshape(b, t, c)


torch.manual_seed(3)
print(gpt_attention(torch.randn(2, 6, 8), torch.randn(8, 24) * 0.3, 2)[1].tolist())
