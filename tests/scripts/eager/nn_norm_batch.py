# batch_norm (training with batch statistics and in-place running-stat updates, eval with the
# running stats, optional weight/bias/running stats), instance_norm and group_norm, functional
# and as modules: BatchNorm1d/2d/3d (momentum, momentum=None's cumulative average,
# num_batches_tracked, track_running_stats, affine), InstanceNorm1d/2d/3d, GroupNorm; reprs,
# state_dict keys, train()/eval() switching, PyTorch's error texts.
# tc-compare: rel=2e-6 abs=2e-7  reason: per-channel means and variances are summed in another order than ATen's batch_norm/group_norm kernels, so float32 results differ in the last bits
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def show(name, y):
    print(name, y.dtype, tuple(y.shape), y.abs().sum().item(), y.abs().max().item())
    print('  ', y.reshape(-1)[:5].tolist())


x = torch.randn(4, 3, 5, 6) * 2 + 1
rm, rv = torch.zeros(3), torch.ones(3)
w, b = torch.tensor([1.0, 2.0, -0.5]), torch.tensor([0.1, 0.0, -0.3])
show('bn eval', F.batch_norm(x, torch.tensor([0.5, -1.0, 2.0]), torch.tensor([1.0, 4.0, 0.25])))
show('bn eval affine', F.batch_norm(x, rm, rv, w, b, eps=1e-3))
show('bn train', F.batch_norm(x, rm, rv, training=True))
print('running', rm.tolist(), rv.tolist())
show('bn train affine', F.batch_norm(x, rm, rv, w, b, True, 0.3))
print('running', rm.tolist(), rv.tolist())
show('bn train no stats', F.batch_norm(x, None, None, w, None, training=True))
show('bn 2d input', F.batch_norm(x[:, :, 0, 0], rm, rv, training=True))
show('bn 3d input', F.batch_norm(x[:, :, 0], None, None, None, b, True))
xd = x.double()
show('bn f64', F.batch_norm(xd, rm.double(), rv.double(), training=True))

bn = nn.BatchNorm2d(3)
print(bn, bn.training, bn.num_batches_tracked)
print(list(bn.state_dict().keys()))
show('BatchNorm2d train', bn(x))
show('BatchNorm2d train 2', bn(x * 0.5 - 1))
print(bn.running_mean.tolist(), bn.running_var.tolist(), bn.num_batches_tracked)
bn.eval()
show('BatchNorm2d eval', bn(x))
print(bn.num_batches_tracked, bn.training)
bn.train()
show('BatchNorm2d train again', bn(x))
print(bn.num_batches_tracked)

cma = nn.BatchNorm1d(3, momentum=None)
print(cma)
for i in range(3):
    cma(torch.randn(8, 3) + i)
    print(cma.running_mean.tolist(), cma.running_var.tolist(), cma.num_batches_tracked.item())
plain = nn.BatchNorm1d(3, affine=False, track_running_stats=False)
print(plain, list(plain.state_dict().keys()), plain.running_mean)
plain.eval()
show('BatchNorm1d no stats eval', plain(x[:, :, 0]))
print(nn.BatchNorm3d(2, eps=1e-3, momentum=0.2), nn.BatchNorm2d(4, bias=False))
show('BatchNorm3d', nn.BatchNorm3d(3)(x.unsqueeze(-1)))
show('BatchNorm1d 3d', nn.BatchNorm1d(3)(x[:, :, :, 0]))

show('instance_norm', F.instance_norm(x))
rmi, rvi = torch.zeros(3), torch.ones(3)
show('instance_norm stats', F.instance_norm(x, rmi, rvi, w, b, momentum=0.2))
print('running', rmi.tolist(), rvi.tolist())
show('instance_norm eval', F.instance_norm(x, rmi, rvi, use_input_stats=False))
inn = nn.InstanceNorm2d(3)
print(inn, nn.InstanceNorm1d(4, affine=True), nn.InstanceNorm3d(2, track_running_stats=True))
show('InstanceNorm2d', inn(x))
show('InstanceNorm2d no batch', inn(x[0]))
show('InstanceNorm1d', nn.InstanceNorm1d(3, affine=True)(x[:, :, 0]))
tracked = nn.InstanceNorm1d(3, track_running_stats=True)
tracked(x[:, :, 0])
print(tracked.running_mean.tolist(), tracked.num_batches_tracked)
tracked.eval()
show('InstanceNorm1d eval', tracked(x[:, :, 0]))

show('group_norm', F.group_norm(x, 1))
show('group_norm 3', F.group_norm(x, 3, w, b, 1e-3))
gx = torch.randn(2, 6, 7)
gn = nn.GroupNorm(2, 6)
print(gn, nn.GroupNorm(3, 6, affine=False), nn.GroupNorm(1, 4, bias=False))
show('GroupNorm', gn(gx))
show('GroupNorm 2d', F.group_norm(gx[:, :, 0], 3))

for f in (lambda: F.batch_norm(torch.ones(1, 3), rm, rv, training=True),
          lambda: F.batch_norm(torch.ones(1, 3, 1), rm, rv, training=True),
          lambda: F.batch_norm(x, torch.zeros(4), rv),
          lambda: F.batch_norm(x, rm, torch.ones(4)),
          lambda: F.batch_norm(x, rm, rv, torch.ones(4)),
          lambda: F.batch_norm(x, rm, rv, None, torch.ones(4)),
          lambda: F.batch_norm(x, None, None),
          lambda: F.batch_norm(torch.arange(24).reshape(2, 3, 4), rm, rv),
          lambda: F.batch_norm(xd, rm, rv),
          lambda: F.instance_norm(torch.ones(1, 3, 1)),
          lambda: F.instance_norm(x, use_input_stats=False),
          lambda: F.group_norm(x, 2),
          lambda: F.group_norm(x, 3, torch.ones(4)),
          lambda: F.group_norm(torch.ones(1, 3), 3),
          lambda: nn.BatchNorm1d(3)(torch.ones(2, 3, 4, 5)),
          lambda: nn.BatchNorm2d(3)(torch.ones(2, 3, 4)),
          lambda: nn.BatchNorm3d(3)(torch.ones(2, 3, 4)),
          lambda: nn.InstanceNorm1d(3)(torch.ones(2, 3, 4, 5)),
          lambda: nn.InstanceNorm2d(4, affine=True)(x),
          lambda: nn.GroupNorm(2, 3)):
    try:
        f()
        print('no error')
    except Exception as e:
        print(type(e).__name__, e)

lrn = nn.LocalResponseNorm(3)
print(lrn, nn.LocalResponseNorm(2, alpha=0.01, beta=0.5, k=2.0))
show('LocalResponseNorm 4d', lrn(x))
show('local_response_norm 3d', F.local_response_norm(x[:, :, 0] * 10, 2, alpha=0.01, beta=0.5, k=2.0))
show('local_response_norm 5d', F.local_response_norm(x.unsqueeze(-1), 4))
print(F.local_response_norm(torch.empty(0, 3, 2), 2).shape)
try:
    F.local_response_norm(x[0, 0], 2)
except ValueError as e:
    print('ValueError', e)
