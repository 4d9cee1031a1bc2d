# torch.optim.SGD: several steps of each option (momentum, dampening,
# nesterov, weight_decay, maximize, lr) on parameters of different shapes
# (tails of 1 to 7 elements after vectors of 8) with gradients set by hand;
# every parameter and momentum buffer is printed in full, so a change of one
# unit in the last place of any float shows. The closure form of step().
import torch
from _optim_run import make_params, run


def grad_for(p, noise):
    # The gradient of a toy loss: noise plus a pull towards zero.
    return noise + p.detach() * 0.25


run('plain', torch.optim.SGD, grad_for, lr=0.1)
run('momentum', torch.optim.SGD, grad_for, lr=0.05, momentum=0.9)
run('dampening', torch.optim.SGD, grad_for, lr=0.05, momentum=0.9, dampening=0.3)
run('nesterov', torch.optim.SGD, grad_for, lr=0.03, momentum=0.8, nesterov=True)
run('weight_decay', torch.optim.SGD, grad_for, lr=0.1, weight_decay=0.01)
run('momentum_wd', torch.optim.SGD, grad_for, lr=0.1, momentum=0.5, weight_decay=0.2)
run('maximize', torch.optim.SGD, grad_for, lr=0.1, momentum=0.9, maximize=True)
run('nesterov_wd_maximize', torch.optim.SGD, grad_for,
    lr=0.02, momentum=0.7, nesterov=True, weight_decay=0.05, maximize=True)
run('default_lr', torch.optim.SGD, grad_for, steps=2)
run('foreach_false', torch.optim.SGD, grad_for, lr=0.1, momentum=0.9, foreach=False)

# float64 parameters
g = torch.Generator().manual_seed(3)
p64 = torch.nn.Parameter(torch.randn(11, generator=g, dtype=torch.float64))
opt = torch.optim.SGD([p64], lr=0.1, momentum=0.9)
for _ in range(3):
    p64.grad = torch.randn(11, generator=g, dtype=torch.float64)
    opt.step()
print('float64', p64.tolist())

# A parameter without a gradient is skipped (and gets no state).
a, b = make_params(5)[:2]
opt = torch.optim.SGD([a, b], lr=0.1, momentum=0.9)
a.grad = torch.ones_like(a)
opt.step()
print('skipped', a.tolist(), b.tolist(), len(opt.state), b in opt.state)

# step(closure): the closure's value is returned.
c = torch.nn.Parameter(torch.tensor([1.0, -2.0, 3.0]))
opt = torch.optim.SGD([c], lr=0.5)


def closure():
    c.grad = c.detach() * 2
    return (c.detach() ** 2).sum()


loss = opt.step(closure)
print('closure', loss.item(), c.tolist())
print('step returns', opt.step())
