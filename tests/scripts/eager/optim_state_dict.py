# Optimizer.state_dict / load_state_dict: PyTorch's layout (state keyed by
# parameter index across groups, groups with their options and `params` as
# indices), a round trip into a fresh optimizer that then continues exactly
# as the original does, dtype casting of loaded state, and the errors for a
# state dict that does not fit.
# Tensor.sqrt is IEEE on both sides here (_ieee_sqrt.py says why), so the
# printed values must match PyTorch's bit for bit.
import copy

import torch
import _ieee_sqrt  # noqa: F401


def make_params(seed):
    g = torch.Generator().manual_seed(seed)
    return [torch.nn.Parameter(torch.randn(s, generator=g)) for s in [(2, 3), (5,), (4,)]]


def make_grads(params, steps):
    g = torch.Generator().manual_seed(1)
    return [[torch.randn(p.shape, generator=g) for p in params] for _ in range(steps)]


def grad_for(p, noise):
    # The gradient of a toy loss: noise plus a pull towards zero.
    return noise + p.detach() * 0.25


def set_grads(params, grads):
    for p, gr in zip(params, grads):
        p.grad = grad_for(p, gr)


def show_sd(sd):
    for k in sorted(sd['state']):
        st = sd['state'][k]
        print(' state', k, {n: (v.tolist() if isinstance(v, torch.Tensor) else v)
                            for n, v in sorted(st.items())})
    for grp in sd['param_groups']:
        print(' group', sorted(grp.items()))


def check(cls, **kwargs):
    a = make_params(0)
    groups = [{'params': a[:2]}, {'params': a[2:], 'lr': 0.003}]
    opt = cls(groups, **kwargs)
    grads = make_grads(a, 4)
    for step in range(2):
        set_grads(a, grads[step])
        opt.step()
    sd = opt.state_dict()
    print(cls.__name__)
    show_sd(sd)
    saved = copy.deepcopy(sd)
    # A fresh optimizer over copies of the parameters, loaded, continues as
    # the original does.
    b = [torch.nn.Parameter(p.detach().clone()) for p in a]
    opt2 = cls([{'params': b[:2]}, {'params': b[2:]}], **kwargs)
    opt2.load_state_dict(saved)
    print(' loaded lr', [grp['lr'] for grp in opt2.param_groups])
    for step in range(2, 4):
        set_grads(a, grads[step])
        opt.step()
        set_grads(b, grads[step])
        opt2.step()
    print(' same after load', all(torch.equal(x, y) for x, y in zip(a, b)))
    print(' same state', all(torch.equal(opt.state[x][k], opt2.state[y][k])
                             for x, y in zip(a, b) for k in opt.state[x]))
    print(' final', [p.tolist() for p in b])


check(torch.optim.SGD, lr=0.1, momentum=0.9)
check(torch.optim.Adam, lr=0.01)
check(torch.optim.AdamW, lr=0.01, amsgrad=True)
check(torch.optim.RMSprop, lr=0.01, centered=True, momentum=0.3)
check(torch.optim.Adagrad, lr=0.1)

# Loaded floating state takes the parameters' dtype; step keeps its own.
p = torch.nn.Parameter(torch.ones(3, dtype=torch.float64))
opt = torch.optim.Adam([p])
sd = {'state': {0: {'step': torch.tensor(3.0), 'exp_avg': torch.ones(3),
                    'exp_avg_sq': torch.ones(3)}},
      'param_groups': [dict(opt.state_dict()['param_groups'][0])]}
opt.load_state_dict(sd)
st = opt.state[p]
print('cast', st['exp_avg'].dtype, st['exp_avg_sq'].dtype, st['step'].dtype, st['step'])

# An old checkpoint's int step becomes a tensor.
sd['state'][0]['step'] = 5
opt.load_state_dict(sd)
print('int step', opt.state[p]['step'])

# Errors.
opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(2)), torch.nn.Parameter(torch.ones(2))],
                      lr=0.1)
good = opt.state_dict()
for bad in ({'state': {}, 'param_groups': []},
            {'state': {}, 'param_groups': [dict(good['param_groups'][0], params=[0])]}):
    try:
        opt.load_state_dict(bad)
    except ValueError as e:
        print('ValueError', e)
try:
    opt.load_state_dict({'state': {}})
except KeyError as e:
    print('KeyError', e)
