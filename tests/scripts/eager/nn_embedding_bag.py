# nn.EmbeddingBag and F.embedding_bag: sum/mean/max over 2-D inputs and 1-D
# inputs with offsets, include_last_offset, per_sample_weights, padding_idx
# (negative too), empty bags, max_norm, reprs and PyTorch's error texts.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
W = torch.randn(10, 3)
inp2 = torch.tensor([[1, 2, 4, 5], [4, 3, 2, 9]])
for mode in ['sum', 'mean', 'max']:
    print(mode, F.embedding_bag(inp2, W, mode=mode))
inp1 = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])
offsets = torch.tensor([0, 4])
for mode in ['sum', 'mean', 'max']:
    print(mode, F.embedding_bag(inp1, W, offsets, mode=mode))
# empty bags give zeros; include_last_offset closes the last bag
off2 = torch.tensor([0, 2, 2, 5])
print(F.embedding_bag(inp1, W, off2, mode='sum'))
print(F.embedding_bag(inp1, W, off2, mode='mean'))
print(F.embedding_bag(inp1, W, off2, mode='max'))
print(F.embedding_bag(inp1, W, off2, mode='sum', include_last_offset=True))
print(F.embedding_bag(inp1, W, torch.tensor([0, 3, 8]), mode='mean', include_last_offset=True))
# per_sample_weights (sum only)
psw = torch.tensor([0.5, 1.0, 2.0, -1.0, 0.25, 1.5, 3.0, 0.125])
print(F.embedding_bag(inp1, W, offsets, mode='sum', per_sample_weights=psw).round(decimals=5))
print(F.embedding_bag(inp2, W, mode='sum', per_sample_weights=psw.reshape(2, 4)).round(decimals=5))
# padding_idx entries are skipped (and not counted by mean)
for mode in ['sum', 'mean', 'max']:
    print(mode, F.embedding_bag(inp1, W, offsets, mode=mode, padding_idx=4))
print(F.embedding_bag(torch.tensor([[2, 2], [1, 2]]), W, mode='mean', padding_idx=2))
# int32 indices and double weights
print(F.embedding_bag(inp1.int(), W.double(), offsets.int(), mode='mean'))

bag = nn.EmbeddingBag(10, 3)
print(bag, bag.mode, bag.weight.shape, bag.padding_idx, bag.include_last_offset)
print(nn.EmbeddingBag(10, 3, mode='max', padding_idx=-1))
print(nn.EmbeddingBag(10, 3, max_norm=1.5, norm_type=1.0, scale_grad_by_freq=True, mode='sum',
                      include_last_offset=True, padding_idx=2))
torch.manual_seed(1)
bag = nn.EmbeddingBag(10, 3, mode='sum', padding_idx=0)
print(bag.weight)
print(bag(inp2), bag(inp1, offsets))
pre = nn.EmbeddingBag.from_pretrained(W, mode='max')
print(pre, pre.weight.requires_grad, pre(inp2))
print(nn.EmbeddingBag.from_pretrained(W, freeze=False).weight.requires_grad)
# max_norm renormalizes the looked-up rows of the weight in place
Wn = W.clone()
out = F.embedding_bag(inp1, Wn, offsets, max_norm=1.0, mode='sum')
print(out.round(decimals=5), Wn.norm(dim=1).round(decimals=5))

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

err(lambda: F.embedding_bag(inp2, W, offsets))
err(lambda: F.embedding_bag(inp1, W))
err(lambda: F.embedding_bag(inp1, W, offsets.reshape(1, 2)))
err(lambda: F.embedding_bag(inp1, W, offsets, mode='min'))
err(lambda: F.embedding_bag(inp1, W, offsets, mode='mean', per_sample_weights=psw))
err(lambda: F.embedding_bag(inp1, W, offsets, per_sample_weights=psw[:3]))
err(lambda: F.embedding_bag(inp1, W[0], offsets))
err(lambda: F.embedding_bag(inp1.reshape(2, 2, 2), W))
err(lambda: F.embedding_bag(inp1, W, offsets, mode='max', scale_grad_by_freq=True))
err(lambda: F.embedding_bag(inp1, W, offsets, padding_idx=10))
err(lambda: F.embedding_bag(inp1.float(), W, offsets))
err(lambda: nn.EmbeddingBag(10, 3, padding_idx=10))


def pooled(b, x):
    return torch.tanh(b(x)) * 2


print(pooled(bag, inp2))


# embedding_bag reads its offsets and indices (eager only, as one_hot); the
# code around it compiles.
def normalize(v):
    return v / v.norm(dim=1, keepdim=True)


print(normalize(F.embedding_bag(inp1, W, offsets, mode='sum')))
