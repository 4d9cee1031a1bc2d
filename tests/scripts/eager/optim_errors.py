# The argument checks of torch.optim and their messages: invalid learning
# rates, momenta, betas, eps, weight decay and the other options of SGD,
# Adam, AdamW, RMSprop and Adagrad; what an optimizer accepts as params
# (a tensor alone, a set, an empty list, non-tensors, non-leaf tensors,
# duplicates, a parameter in two groups, missing required options); the
# base class's step(). The warnings are recorded and printed.
import warnings

import torch
from _attempt import attempt
from torch.optim.optimizer import Optimizer, required


def params():
    return [torch.nn.Parameter(torch.ones(2))]


attempt('sgd lr', lambda: torch.optim.SGD(params(), lr=-1.0))
attempt('sgd momentum', lambda: torch.optim.SGD(params(), momentum=-0.5))
attempt('sgd wd', lambda: torch.optim.SGD(params(), weight_decay=-1e-3))
attempt('sgd nesterov', lambda: torch.optim.SGD(params(), nesterov=True))
attempt('sgd nesterov damp', lambda: torch.optim.SGD(params(), momentum=0.9, dampening=0.1,
                                                     nesterov=True))
attempt('sgd tensor lr', lambda: torch.optim.SGD(params(), lr=torch.tensor([0.1, 0.2])))
attempt('adam lr', lambda: torch.optim.Adam(params(), lr=-0.1))
attempt('adam eps', lambda: torch.optim.Adam(params(), eps=-1e-8))
attempt('adam beta0', lambda: torch.optim.Adam(params(), betas=(1.0, 0.999)))
attempt('adam beta1', lambda: torch.optim.Adam(params(), betas=(0.9, -0.1)))
attempt('adam wd', lambda: torch.optim.Adam(params(), weight_decay=-1))
attempt('adam betas mixed', lambda: torch.optim.Adam(params(), betas=(0.9, torch.tensor(0.99))))
attempt('adam fused differentiable', lambda: torch.optim.Adam(params(), fused=True,
                                                              differentiable=True))
attempt('adamw lr', lambda: torch.optim.AdamW(params(), lr=-2))
attempt('adamw beta0', lambda: torch.optim.AdamW(params(), betas=(-0.5, 0.9)))
attempt('rmsprop lr', lambda: torch.optim.RMSprop(params(), lr=-0.01))
attempt('rmsprop eps', lambda: torch.optim.RMSprop(params(), eps=-1.0))
attempt('rmsprop momentum', lambda: torch.optim.RMSprop(params(), momentum=-1))
attempt('rmsprop wd', lambda: torch.optim.RMSprop(params(), weight_decay=-0.5))
attempt('rmsprop alpha', lambda: torch.optim.RMSprop(params(), alpha=-0.9))
attempt('adagrad lr', lambda: torch.optim.Adagrad(params(), lr=-1e-2))
attempt('adagrad lr_decay', lambda: torch.optim.Adagrad(params(), lr_decay=-1))
attempt('adagrad wd', lambda: torch.optim.Adagrad(params(), weight_decay=-1))
attempt('adagrad init', lambda: torch.optim.Adagrad(params(), initial_accumulator_value=-1))
attempt('adagrad eps', lambda: torch.optim.Adagrad(params(), eps=-1))

t = torch.nn.Parameter(torch.ones(3))
attempt('tensor params', lambda: torch.optim.SGD(t, lr=0.1))
attempt('empty params', lambda: torch.optim.SGD([], lr=0.1))
attempt('int param', lambda: torch.optim.SGD([1, 2], lr=0.1))
attempt('non-leaf', lambda: torch.optim.SGD([t * 2], lr=0.1))
attempt('group not dict', lambda: torch.optim.SGD(params()).add_param_group([t]))
attempt('group set', lambda: torch.optim.SGD(params()).add_param_group({'params': {t}}))
attempt('two groups', lambda: torch.optim.SGD([{'params': [t]}, {'params': [t]}], lr=0.1))
attempt('names mixed', lambda: torch.optim.SGD([('a', t), torch.nn.Parameter(torch.ones(1))]))
attempt('group names', lambda: torch.optim.SGD(
    [{'params': [('a', t)]}, {'params': [torch.nn.Parameter(torch.ones(1))]}]))
attempt('plain tensor', lambda: torch.optim.SGD([torch.ones(2)], lr=0.1))


class NoStep(Optimizer):
    def __init__(self, params):
        super().__init__(params, {'lr': required, 'beta': 0.5})


attempt('required', lambda: NoStep([t]))
opt = NoStep([{'params': [t], 'lr': 0.1}])
print(opt.param_groups[0]['beta'], repr(required))
attempt('base step', lambda: opt.step())

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    torch.optim.SGD([t, t], lr=0.1)
    torch.optim.SGD({t}, lr=0.1)
    for item in w:
        print(item.category.__name__, item.message)
