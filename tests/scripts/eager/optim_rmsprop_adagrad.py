# torch.optim.RMSprop (alpha, eps, momentum, centered, weight_decay,
# maximize) and torch.optim.Adagrad (lr_decay, initial_accumulator_value,
# weight_decay, eps, maximize): several steps with hand-set gradients on
# parameters of different shapes, every parameter and state tensor printed
# in full.
# Tensor.sqrt is IEEE on both sides here (_ieee_sqrt.py says why), so the
# printed values must match PyTorch's bit for bit.
import torch
import _ieee_sqrt  # noqa: F401
from _optim_run import run


def grad_for(p, noise):
    # The gradient of a toy loss: noise plus a pull towards zero.
    return noise + p.detach() * 0.25


run('rmsprop', torch.optim.RMSprop, grad_for)
run('rmsprop_alpha_eps', torch.optim.RMSprop, grad_for, lr=0.05, alpha=0.9, eps=1e-4)
run('rmsprop_momentum', torch.optim.RMSprop, grad_for, lr=0.01, momentum=0.9)
run('rmsprop_centered', torch.optim.RMSprop, grad_for, lr=0.01, centered=True)
run('rmsprop_centered_momentum', torch.optim.RMSprop, grad_for,
    lr=0.01, centered=True, momentum=0.5)
run('rmsprop_wd_maximize', torch.optim.RMSprop, grad_for, lr=0.01, weight_decay=0.1, maximize=True)
run('adagrad', torch.optim.Adagrad, grad_for)
run('adagrad_lr_decay', torch.optim.Adagrad, grad_for, lr=0.1, lr_decay=0.05)
run('adagrad_initial', torch.optim.Adagrad, grad_for, lr=0.1, initial_accumulator_value=0.5)
run('adagrad_wd_eps', torch.optim.Adagrad, grad_for, lr=0.1, weight_decay=0.2, eps=1e-3)
run('adagrad_maximize', torch.optim.Adagrad, grad_for, lr=0.1, maximize=True, lr_decay=0.01)

# Adagrad makes its state in the constructor, before any step.
p = torch.nn.Parameter(torch.ones(2, 2))
opt = torch.optim.Adagrad([p], initial_accumulator_value=0.25)
print('adagrad state at start', opt.state[p])
# A group added later gets its state on its first step.
q = torch.nn.Parameter(torch.ones(3))
opt.add_param_group({'params': [q], 'lr': 0.5})
print('added group state', len(opt.state[q]))
q.grad = torch.full((3,), 2.0)
opt.step()
print('after step', q.tolist(), opt.state[q]['sum'].tolist(), opt.state[q]['step'])
