# binary_cross_entropy (weight, the -100 log clamp), binary_cross_entropy_with_logits (weight,
# pos_weight), kl_div (log_target, batchmean), cosine_similarity, pairwise_distance,
# cosine_embedding_loss, triplet_margin_loss (p, swap): F.* and modules, reductions, errors.
# tc-compare: rel=2e-6 abs=1e-7  reason: ATen evaluates log/log1p/exp with Sleef's vectorized functions and its norms with its own summation order; tc's kernels differ in the last bits for some inputs
import torch
from _show_helper import err, show
import torch.nn as nn
import torch.nn.functional as F


torch.manual_seed(0)
p = torch.rand(3, 4)
p[0, 0] = 0.0
p[0, 1] = 1.0
tgt = torch.rand(3, 4)
tgt[0, 0] = 1.0
tgt[0, 1] = 0.0
w = torch.rand(3, 4)
for red in ("none", "sum", "mean"):
    show(F.binary_cross_entropy(p, tgt, reduction=red))
    show(F.binary_cross_entropy(p, tgt, weight=w, reduction=red))
logits = torch.randn(3, 4) * 3
pw = torch.tensor([1.0, 2.0, 0.5, 3.0])
for red in ("none", "sum", "mean"):
    show(F.binary_cross_entropy_with_logits(logits, tgt, reduction=red))
    show(F.binary_cross_entropy_with_logits(logits, tgt, w, reduction=red, pos_weight=pw))
show(F.binary_cross_entropy(p.double(), tgt.double()))
show(F.binary_cross_entropy_with_logits(logits.double(), tgt.double(), pos_weight=pw.double()))
print(nn.BCELoss(), nn.BCEWithLogitsLoss(pos_weight=pw), nn.BCELoss(weight=w).weight.shape)
show(nn.BCELoss()(p, tgt))
show(nn.BCELoss(weight=w, reduction="sum")(p, tgt))
show(nn.BCEWithLogitsLoss()(logits, tgt))
show(nn.BCEWithLogitsLoss(pos_weight=pw, reduction="none")(logits, tgt))
print(list(nn.BCEWithLogitsLoss(pos_weight=pw).state_dict().keys()))

lp = torch.log_softmax(torch.randn(3, 5), 1)
q = torch.softmax(torch.randn(3, 5), 1)
q[0, 0] = 0.0
for red in ("none", "sum", "mean", "batchmean"):
    show(F.kl_div(lp, q, reduction=red))
    show(F.kl_div(lp, torch.log(q + 0.1), reduction=red, log_target=True))
print(nn.KLDivLoss(reduction="batchmean"), nn.KLDivLoss(log_target=True).log_target)
show(nn.KLDivLoss(reduction="batchmean")(lp, q))

u = torch.randn(4, 6)
v = torch.randn(4, 6)
show(F.cosine_similarity(u, v))
show(F.cosine_similarity(u, v, dim=0))
show(F.cosine_similarity(u, v[0:1]))
show(F.cosine_similarity(u, torch.zeros(4, 6)))
show(F.cosine_similarity(u.double(), v.double(), 1, 1e-3))
show(F.pairwise_distance(u, v))
show(F.pairwise_distance(u, v, p=1.0))
show(F.pairwise_distance(u, v, 3.0, keepdim=True))
show(F.pairwise_distance(u, v, p=float("inf")))
show(F.pairwise_distance(u[0], v[0]))
print(nn.CosineSimilarity(), nn.PairwiseDistance(p=1.0), nn.CosineSimilarity(0, 1e-6).eps)
show(nn.CosineSimilarity(dim=0)(u, v))
show(nn.PairwiseDistance(keepdim=True)(u, v))

ct = torch.tensor([1.0, -1.0, 1.0, -1.0])
for red in ("none", "sum", "mean"):
    show(F.cosine_embedding_loss(u, v, ct, reduction=red))
    show(F.cosine_embedding_loss(u, v, ct, margin=-0.2, reduction=red))
show(F.cosine_embedding_loss(u[0], v[0], torch.tensor(1.0)))
n = torch.randn(4, 6)
for red in ("none", "sum", "mean"):
    show(F.triplet_margin_loss(u, v, n, reduction=red))
    show(F.triplet_margin_loss(u, v, n, margin=2.0, p=1, swap=True, reduction=red))
show(F.triplet_margin_loss(u, v, n, margin=3.0, eps=1e-3))
print(nn.CosineEmbeddingLoss(0.5), nn.TripletMarginLoss(swap=True), nn.TripletMarginLoss().p)
show(nn.CosineEmbeddingLoss(margin=0.1)(u, v, ct))
show(nn.TripletMarginLoss(margin=1.5, p=3.0)(u, v, n))

err(lambda: F.binary_cross_entropy(p, torch.ones(4)))
err(lambda: F.binary_cross_entropy(torch.tensor([1]), torch.tensor([1])))
err(lambda: F.binary_cross_entropy(p, tgt.double()))
err(lambda: F.binary_cross_entropy_with_logits(logits, torch.ones(4)))
err(lambda: F.kl_div(lp, q, reduction="bad"))
err(lambda: F.cosine_similarity(torch.ones(2, 3), torch.ones(3, 3)))
err(lambda: F.cosine_similarity(torch.ones(2, 3, dtype=torch.long), torch.ones(2, 3, dtype=torch.long)))
err(lambda: F.pairwise_distance(torch.ones(2, 3), torch.ones(3, 3)))
err(lambda: F.cosine_embedding_loss(u, v, torch.ones(4, 1)))
err(lambda: F.cosine_embedding_loss(u, v, torch.tensor(1.0)))
err(lambda: F.cosine_embedding_loss(u[0], v[0], ct))
err(lambda: F.triplet_margin_loss(u, v, torch.ones(6)))
err(lambda: nn.TripletMarginLoss(margin=0.0))


def log_losses(p, tgt, logits, u, v, n):
    return torch.stack([F.binary_cross_entropy(p, tgt), F.binary_cross_entropy_with_logits(logits, tgt),
                        F.triplet_margin_loss(u, v, n), F.cosine_similarity(u, v).sum()])


show(log_losses(p, tgt, logits, u, v, n))
