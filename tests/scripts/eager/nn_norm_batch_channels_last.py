# batch_norm on channels_last (NHWC) and channels_last_3d inputs runs
# natively: eval (running stats) and training (batch statistics over the
# N*H*W rows of C, the running stats updated in place), functional and as
# BatchNorm2d/3d modules, float32 and float64; the output keeps the input's
# layout (strides printed) and eval equals the contiguous computation bit
# for bit.
# tc-compare: rel=2e-6 abs=2e-7  reason: per-channel means and variances are summed in another order than ATen's channels-last batch_norm kernel (float row sums per thread), so float32 training results differ in the last bits
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
CL = torch.channels_last


def show(name, y):
    print(name, y.dtype, tuple(y.shape), y.stride(), y.is_contiguous(memory_format=CL))
    print('  ', y.reshape(-1)[:40].tolist())
    print('  ', y.abs().sum().item(), y.abs().max().item())


x = (torch.randn(4, 19, 5, 6) * 2 + 1).to(memory_format=CL)
c = x.shape[1]
rm, rv = torch.randn(c) * 0.1, torch.rand(c) + 0.5
w, b = torch.randn(c), torch.randn(c)
show('eval', F.batch_norm(x, rm, rv))
show('eval affine', F.batch_norm(x, rm, rv, w, b, eps=1e-3))
print(torch.equal(F.batch_norm(x, rm, rv, w, b), F.batch_norm(x.contiguous(), rm, rv, w, b)))
rm1, rv1 = rm.clone(), rv.clone()
show('train', F.batch_norm(x, rm1, rv1, training=True))
print('running', rm1.tolist(), rv1.tolist())
show('train affine', F.batch_norm(x, rm1, rv1, w, b, True, 0.3))
print('running', rm1.tolist(), rv1.tolist())
show('train no stats', F.batch_norm(x, None, None, w, None, training=True))
rm2, rv2 = rm.clone(), rv.clone()
y2 = F.batch_norm(x.contiguous(), rm2, rv2, w, b, True, 0.3)
y1 = F.batch_norm(x, rm.clone(), rv.clone(), w, b, True, 0.3)
print('close to contiguous', (y1 - y2).abs().max().item() < 1e-5)
xd = torch.randn(2, 64, 3, 4, dtype=torch.float64).to(memory_format=CL)
show('f64 train', F.batch_norm(xd, None, None, training=True))
show('f64 eval', F.batch_norm(xd, torch.zeros(64, dtype=torch.float64),
                              torch.ones(64, dtype=torch.float64)))

bn = nn.BatchNorm2d(c)
show('BatchNorm2d train', bn(x))
show('BatchNorm2d train 2', bn(x * 0.5 - 1))
print(bn.running_mean.tolist(), bn.running_var.tolist(), bn.num_batches_tracked)
bn.eval()
show('BatchNorm2d eval', bn(x))
x5 = torch.randn(2, 5, 3, 4, 6).to(memory_format=torch.channels_last_3d)
bn3 = nn.BatchNorm3d(5)
y5 = bn3(x5)
print(y5.stride(), y5.is_contiguous(memory_format=torch.channels_last_3d))
show('BatchNorm3d', y5)
print(bn3.running_mean.tolist(), bn3.running_var.tolist())
# An NHWC tensor permuted to NCHW is channels_last too.
p = torch.randn(2, 3, 4, c).permute(0, 3, 1, 2)
show('permuted', F.batch_norm(p, rm, rv, w, b))
show('permuted train', F.batch_norm(p, None, None, w, b, True))
