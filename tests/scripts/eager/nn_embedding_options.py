# nn.Embedding / F.embedding options: negative padding_idx, max_norm with
# each norm_type (the looked-up rows of the weight renormalized in place, as
# torch.embedding_renorm_ does), scale_grad_by_freq / sparse accepted,
# from_pretrained(freeze), reprs, grad_fn and PyTorch's error texts.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
emb = nn.Embedding(6, 4, padding_idx=-2)
print(emb, emb.padding_idx, emb.weight[4].tolist())
print(emb(torch.tensor([[4, 1], [0, 5]])))
print(nn.Embedding(6, 4, max_norm=1.0, norm_type=1.0, scale_grad_by_freq=True, sparse=True))
W = torch.randn(8, 4)
for p in [2.0, 1.0, 3.0, float('inf')]:
    w = W.clone()
    out = F.embedding(torch.tensor([[1, 3], [3, 6]]), w, max_norm=1.0, norm_type=p)
    print(p, out.round(decimals=5))
    print(w.round(decimals=5))
    print(torch.equal(w[0], W[0]), torch.equal(w[2], W[2]))
m = nn.Embedding(8, 4, max_norm=0.5)
with torch.no_grad():
    m.weight.copy_(W)
    print(m(torch.tensor([2, 2, 7])).round(decimals=5))
print(m.weight.round(decimals=5))
# rows already inside max_norm stay untouched
w = W.clone() * 0.01
print(torch.equal(F.embedding(torch.tensor([0, 1]), w, max_norm=5.0), w[:2]))
print(F.embedding(torch.tensor([5, 1]), W, padding_idx=-3))
pre = nn.Embedding.from_pretrained(W)
print(pre, pre.weight.requires_grad, pre(torch.tensor([7])))
pre = nn.Embedding.from_pretrained(W, freeze=False, padding_idx=1, max_norm=2.0)
print(pre, pre.weight.requires_grad)
print(nn.Embedding(3, 2)(torch.tensor([1])).grad_fn is not None)

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

err(lambda: F.embedding(torch.tensor([1, 2]), W, padding_idx=8))
err(lambda: F.embedding(torch.tensor([1, 2]), W, padding_idx=-9))
err(lambda: F.embedding(torch.tensor([1.0, 2.0]), W))
err(lambda: F.embedding(torch.tensor([1, 8]), W.clone(), max_norm=1.0))
err(lambda: nn.Embedding(4, 2, padding_idx=4))
err(lambda: nn.Embedding(4, 2, padding_idx=-5))
err(lambda: nn.Embedding.from_pretrained(torch.zeros(3)))


def lookup(weight, idx):
    return F.embedding(idx, weight, padding_idx=0) * 2 + 1


print(lookup(W, torch.tensor([[0, 3], [7, 7]])))
