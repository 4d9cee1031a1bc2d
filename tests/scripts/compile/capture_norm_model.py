# A model built from BatchNorm1d, GroupNorm, LayerNorm, RMSNorm, InstanceNorm1d, softmax and
# log_softmax: its forward eagerly and under torch.compile agree, in eval mode and in train mode
# (where BatchNorm's running statistics and num_batches_tracked must advance identically), with
# backend='eager': the compiled graphs run the same kernels, so results are equal bit for bit.
# tc-compare: rel=1e-5 abs=1e-6  reason: nn.Linear's GEMM sums in another order than PyTorch's MKL/oneDNN GEMM, and the norms' sums differ in the last bits
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(8)
        self.gn = nn.GroupNorm(2, 8)
        self.inorm = nn.InstanceNorm1d(8, affine=True)
        self.ln = nn.LayerNorm(16)
        self.rms = nn.RMSNorm(16)
        self.lin = nn.Linear(16, 16)

    def forward(self, x):
        h = self.bn(x)
        h = self.gn(h) + self.inorm(x) + x * 0.1
        h = self.ln(h)
        h = self.rms(self.lin(h))
        return F.softmax(h, -1) + F.log_softmax(h, 1)


def make():
    torch.manual_seed(0)
    return Block()


torch.manual_seed(1)
x = torch.randn(4, 8, 16)
eager, compiled_model = make(), make()
compiled = torch.compile(compiled_model, backend='eager')
for mode in ('eval', 'train'):
    getattr(eager, mode)()
    getattr(compiled_model, mode)()
    for step in range(2):
        e = eager(x + step)
        c = compiled(x + step)
        print(mode, step, e.sum().item(), e.reshape(-1)[:4].tolist(), torch.equal(e, c))
    print(eager.bn.running_mean[:4].tolist(), eager.bn.num_batches_tracked.item())
    print(torch.equal(eager.bn.running_mean, compiled_model.bn.running_mean),
          torch.equal(eager.bn.running_var, compiled_model.bn.running_var),
          compiled_model.bn.num_batches_tracked.item())
print(eager)
