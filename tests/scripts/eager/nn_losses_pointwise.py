# l1_loss (weight), smooth_l1_loss (beta), huber_loss (delta, weight), margin_ranking_loss:
# F.* and modules, every reduction, at full precision; reprs and PyTorch's errors.
# tc-compare: rel=3e-7 abs=1e-12  reason: sum/mean of float32 losses: ATen's vectorized summation order differs from tc's in the last bit for some inputs (elementwise values agree bit for bit)
import torch
from _show_helper import err, show
import torch.nn as nn
import torch.nn.functional as F


torch.manual_seed(0)
x = torch.randn(4, 5) * 2
y = torch.randn(4, 5) * 2
w = torch.rand(4, 5)
for red in ("none", "sum", "mean"):
    show(F.l1_loss(x, y, reduction=red))
    show(F.l1_loss(x, y, reduction=red, weight=w))
    show(F.smooth_l1_loss(x, y, reduction=red))
    show(F.smooth_l1_loss(x, y, reduction=red, beta=0.5))
    show(F.smooth_l1_loss(x, y, reduction=red, beta=0.0))
    show(F.huber_loss(x, y, reduction=red))
    show(F.huber_loss(x, y, reduction=red, delta=2.5))
    show(F.huber_loss(x, y, reduction=red, weight=w))
show(F.l1_loss(x.double(), y.double()))
show(F.l1_loss(x, y.double()))
show(F.smooth_l1_loss(x.double(), y, beta=1.5))
show(F.huber_loss(x, y.double(), delta=0.5))
show(F.l1_loss(x, y[0:1].expand(4, 5)))
show(F.l1_loss(x, y, None, None, "sum"))
show(F.l1_loss(x, y, size_average=None, reduce=None))

a = torch.randn(6)
b = torch.randn(6)
t = torch.tensor([1.0, -1.0, 1.0, 1.0, -1.0, -1.0])
for red in ("none", "sum", "mean"):
    show(F.margin_ranking_loss(a, b, t, reduction=red))
    show(F.margin_ranking_loss(a, b, t, margin=0.5, reduction=red))

for m in [nn.L1Loss(), nn.L1Loss(reduction="sum"), nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=2.0),
          nn.MarginRankingLoss(0.3)]:
    print(m, m.reduction)
print(nn.SmoothL1Loss(beta=0.5).beta, nn.HuberLoss(delta=2.0).delta, nn.MarginRankingLoss(0.3).margin)
show(nn.L1Loss()(x, y))
show(nn.L1Loss(reduction="none")(x, y))
show(nn.SmoothL1Loss(reduction="sum", beta=0.25)(x, y))
show(nn.HuberLoss(delta=0.75)(x, y))
show(nn.MarginRankingLoss(margin=0.2)(a, b, t))

err(lambda: F.l1_loss(x, y, reduction="bad"))
err(lambda: F.l1_loss(x, y, weight=torch.ones(5)))
err(lambda: F.huber_loss(x, y, weight=torch.ones(3)))
err(lambda: F.smooth_l1_loss(x, y, beta=-1.0))
err(lambda: F.huber_loss(x, y, delta=0.0))
err(lambda: F.l1_loss(torch.tensor([1, 2]), torch.tensor([1, 3])))
err(lambda: F.margin_ranking_loss(a.view(6, 1), b, t))
err(lambda: nn.L1Loss()(x))


def losses(x, y, w):
    return torch.stack([F.l1_loss(x, y), F.smooth_l1_loss(x, y, beta=0.5), F.huber_loss(x, y, weight=w)])


show(losses(x, y, w))
