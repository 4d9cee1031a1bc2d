# Imported by the optim_* scripts: runs an optimizer for some steps on
# parameters of different shapes (tails of 1 to 7 elements after vectors of
# 8) with gradients the script's grad_for(param, noise) makes from a seeded
# draw, then prints every parameter and state value in full (tolist), so a
# change of one unit in the last place of any float shows.
import torch

SHAPES = [(3,), (2, 5), (4, 3, 2), (19,)]


def make_params(seed, shapes=SHAPES):
    g = torch.Generator().manual_seed(seed)
    return [torch.nn.Parameter(torch.randn(s, generator=g)) for s in shapes]


def set_grads(params, g, grad_for):
    for p in params:
        p.grad = grad_for(p, torch.randn(p.shape, generator=g))


def show_state(opt, params):
    for i, p in enumerate(params):
        st = opt.state[p]
        for k in sorted(st):
            v = st[k]
            if k == 'step':
                print('  state', i, k, v, v.dtype)
            else:
                print('  state', i, k, v.tolist() if isinstance(v, torch.Tensor) else v)


def run(name, cls, grad_for, steps=4, shapes=SHAPES, state=True, **kwargs):
    params = make_params(0, shapes)
    opt = cls(params, **kwargs)
    g = torch.Generator().manual_seed(1)
    for _ in range(steps):
        set_grads(params, g, grad_for)
        opt.step()
    print(name)
    for p in params:
        print(' ', p.tolist())
    if state:
        show_state(opt, params)
    return opt, params
