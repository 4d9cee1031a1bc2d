# The pointwise extras, activations and losses in one compiled function (fullgraph): one
# graph, the same values as eager, and F.* / torch.* calls counted as graph ops.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x, y, w):
    a = torch.lerp(x, y, 0.3) + torch.addcmul(x, y, w, value=0.5) - torch.addcdiv(x, y, w + 2)
    b = torch.hypot(a, y) + torch.nan_to_num(x / 0.0, posinf=1.0, neginf=-1.0)
    c = F.leaky_relu(b, 0.1) + F.hardswish(a) + F.hardsigmoid(y) + F.relu6(x * 4) + F.softsign(w)
    d = F.hardtanh(c, -2.0, 2.0) + F.prelu(c, torch.tensor([0.25])) + F.rrelu(a)
    e = F.elu(d) + F.selu(d) + F.celu(d, 0.5) + F.softplus(d, 2.0) + F.mish(d) + F.tanhshrink(d)
    g = F.glu(e, -1) + F.logsigmoid(e[..., :2]) + F.softmin(e, 1)[..., :2]
    losses = torch.stack([
        F.l1_loss(x, y), F.smooth_l1_loss(x, y, beta=0.5), F.huber_loss(x, y, delta=0.7),
        F.binary_cross_entropy(torch.sigmoid(x), torch.sigmoid(y)),
        F.binary_cross_entropy_with_logits(x, torch.sigmoid(y), pos_weight=w[0]),
        F.kl_div(F.log_softmax(x, 1), F.softmax(y, 1), reduction="batchmean"),
        F.cosine_similarity(x, y).sum(), F.pairwise_distance(x, y).sum(),
        F.cosine_embedding_loss(x, y, torch.tensor([1.0, -1.0, 1.0])),
        F.margin_ranking_loss(x[:, 0], y[:, 0], torch.tensor([1.0, -1.0, 1.0])),
        F.triplet_margin_loss(x, y, w, swap=True),
        F.cross_entropy(x, F.softmax(y, 1), label_smoothing=0.1),
    ])
    flags = torch.stack([torch.isnan(x / 0.0), torch.isinf(x / 0.0), torch.isfinite(x / 0.0)])
    return g, losses, flags, torch.atan2(x, y), torch.logit(torch.sigmoid(x), 1e-3)


torch.manual_seed(0)
x = torch.randn(3, 4)
y = torch.randn(3, 4)
w = torch.rand(3, 4)
x[0, 0] = 0.0
eager = f(x, y, w)
cnt = CompileCounter()
compiled = torch.compile(f, backend=cnt, fullgraph=True)(x, y, w)
print([torch.equal(p, q) for p, q in zip(eager, compiled)])
print(cnt.frame_count)
print(eager[1].shape, eager[0].shape, eager[2].tolist())
m = nn.Sequential(nn.Linear(4, 6), nn.PReLU(6), nn.GLU(), nn.Hardswish(), nn.ELU(), nn.Softplus())
m_c = torch.compile(m, backend="eager")
print(torch.equal(m(x), m_c(x)), m_c(x).shape)
