# torch.nn.utils.clip_grad_norm_ (norm types 2, 1, inf, -inf, 0, 0.5, 3;
# foreach None/True/False; a tensor or a generator of parameters; gradients
# that are None; error_if_nonfinite), get_total_norm and
# clip_grads_with_norm_, clip_grad_value_, and parameters_to_vector /
# vector_to_parameters. Returned norms and clipped gradients are printed
# in full.
import warnings

import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_norm_, clip_grad_value_


def grad_for(p, noise, scale):
    # The gradient of a toy loss: noise plus a pull towards zero.
    return (noise + p.detach() * 0.25) * scale


def make(seed, scale=1.0):
    g = torch.Generator().manual_seed(seed)
    ps = [nn.Parameter(torch.randn(s, generator=g)) for s in [(3, 4), (7,), (2, 3, 5), (1,)]]
    for p in ps:
        p.grad = grad_for(p, torch.randn(p.shape, generator=g), scale)
    return ps


for norm_type in [2, 2.0, 1, float('inf'), float('-inf'), 0, 0.5, 3]:
    ps = make(0)
    total = clip_grad_norm_(ps, max_norm=1.5, norm_type=norm_type)
    print('norm', norm_type, total, total.item(), total.dtype)
    for p in ps:
        print(' ', p.grad.tolist())

# Below the threshold the gradients are scaled by 1 (still multiplied).
ps = make(1, scale=0.01)
before = [p.grad.clone() for p in ps]
total = clip_grad_norm_(ps, max_norm=100.0)
print('small', total.item(), all(torch.equal(a, p.grad) for a, p in zip(before, ps)))

for foreach in (None, True, False):
    ps = make(2)
    total = clip_grad_norm_(ps, 0.5, foreach=foreach)
    print('foreach', foreach, total.item(), ps[0].grad.tolist())

# One tensor, a generator, gradients that are None.
p = nn.Parameter(torch.tensor([3.0, 4.0]))
p.grad = torch.tensor([3.0, 4.0])
print('single', clip_grad_norm_(p, 1.0).item(), p.grad.tolist())
ps = make(3)
ps[1].grad = None
print('generator', clip_grad_norm_((q for q in ps), 2.0).item(), ps[1].grad)
print('no grads', clip_grad_norm_([nn.Parameter(torch.ones(2))], 1.0))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    print('empty generator', clip_grad_norm_((q for q in []), 1.0))
    for item in w:
        print(item.category.__name__, item.message)

# Non-finite norms.
ps = make(4)
ps[0].grad[0, 0] = float('nan')
print('nan', clip_grad_norm_(ps, 1.0).item(), ps[1].grad.tolist())
ps = make(4)
ps[2].grad[1, 1, 1] = float('inf')
try:
    clip_grad_norm_(ps, 1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print('RuntimeError', e)
print('inf kept', ps[2].grad[1, 1, 1].item())

# The two halves of clip_grad_norm_.
ps = make(5)
total = torch.nn.utils.get_total_norm([p.grad for p in ps], norm_type=2.0)
torch.nn.utils.clip_grads_with_norm_(ps, 0.7, total)
print('halves', total.item(), ps[3].grad.tolist())

# clip_grad_value_: clamped to [-v, v] in place; None returned.
ps = make(6)
print('value', clip_grad_value_(ps, 0.5))
for p in ps:
    print(' ', p.grad.tolist())
p = nn.Parameter(torch.zeros(3))
p.grad = torch.tensor([-2.0, 0.25, 7.0])
clip_grad_value_(p, 1)
print('value single', p.grad.tolist())

# parameters_to_vector / vector_to_parameters.
ps = make(7)
vec = torch.nn.utils.parameters_to_vector(ps)
print('vector', vec.shape, vec[:5].tolist())
torch.nn.utils.vector_to_parameters(vec * 2, ps)
print('back', ps[1].tolist(), ps[3].tolist())
try:
    torch.nn.utils.vector_to_parameters([1.0], ps)
except TypeError as e:
    print('TypeError', e)
