# torch.optim.lr_scheduler's factor schedulers over 20 steps each, on an
# SGD with two param groups (lrs 0.1 and 0.03): StepLR, MultiStepLR,
# ExponentialLR, CosineAnnealingLR (with eta_min, past T_max), LambdaLR
# (one lambda and one per group), MultiplicativeLR, LinearLR, ConstantLR,
# PolynomialLR. Every learning rate is printed as the Python float it is
# (repr), so any difference in rounding shows; get_last_lr, last_epoch and
# the groups' initial_lr too.
import torch
from torch.optim import lr_scheduler


def make_opt():
    w1 = torch.nn.Parameter(torch.ones(2))
    w2 = torch.nn.Parameter(torch.ones(3))
    return torch.optim.SGD([{'params': [w1]}, {'params': [w2], 'lr': 0.03}], lr=0.1,
                           momentum=0.9)


def run(name, make, steps=20):
    opt = make_opt()
    sched = make(opt)
    lrs = [sched.get_last_lr()]
    for _ in range(steps):
        for grp in opt.param_groups:
            for p in grp['params']:
                p.grad = torch.ones_like(p)
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr())
    print(name, sched.last_epoch, [g['initial_lr'] for g in opt.param_groups])
    for i in range(0, len(lrs), 4):
        print(' ', lrs[i:i + 4])
    print('  groups', [g['lr'] for g in opt.param_groups])
    return opt


run('StepLR', lambda o: lr_scheduler.StepLR(o, step_size=3, gamma=0.5))
run('MultiStepLR', lambda o: lr_scheduler.MultiStepLR(o, milestones=[2, 5, 5, 11], gamma=0.3))
run('ExponentialLR', lambda o: lr_scheduler.ExponentialLR(o, gamma=0.9))
run('CosineAnnealingLR', lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=7))
run('CosineAnnealingLR eta_min', lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=5,
                                                                          eta_min=0.001))
run('LambdaLR', lambda o: lr_scheduler.LambdaLR(o, lambda e: 0.95 ** e))
run('LambdaLR per group', lambda o: lr_scheduler.LambdaLR(
    o, [lambda e: 1.0 / (e + 1), lambda e: min(1.0, (e + 1) / 5)]))
run('MultiplicativeLR', lambda o: lr_scheduler.MultiplicativeLR(o, lambda e: 0.8))
run('LinearLR', lambda o: lr_scheduler.LinearLR(o, start_factor=0.25, total_iters=6))
run('LinearLR decay', lambda o: lr_scheduler.LinearLR(o, start_factor=1.0, end_factor=0.1,
                                                      total_iters=15))
run('ConstantLR', lambda o: lr_scheduler.ConstantLR(o, factor=0.5, total_iters=4))
run('PolynomialLR', lambda o: lr_scheduler.PolynomialLR(o, total_iters=8, power=2.0))

# The closed form an epoch argument selects (with its deprecation warning).
opt = make_opt()
sched = lr_scheduler.StepLR(opt, step_size=2, gamma=0.1)
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    opt.step()
    sched.step(5)
    print('epoch arg', sched.last_epoch, sched.get_last_lr())
    sched.get_lr()
    for item in w:
        print(item.category.__name__, str(item.message)[:60])

# state_dict leaves the optimizer out; load_state_dict restores the rest.
opt = make_opt()
sched = lr_scheduler.MultiStepLR(opt, milestones=[1, 3], gamma=0.5)
opt.step()
sched.step()
sd = sched.state_dict()
print(sorted(sd), sd['last_epoch'], sd['base_lrs'], sd['_last_lr'], sd['milestones'])
sched2 = lr_scheduler.MultiStepLR(make_opt(), milestones=[7])
sched2.load_state_dict(sd)
print(sched2.last_epoch, sched2.get_last_lr(), sched2.milestones)
sd = lr_scheduler.LambdaLR(make_opt(), lambda e: 1.0).state_dict()
print(sorted(sd), sd['lr_lambdas'])
print(isinstance(sched, lr_scheduler.LRScheduler), type(sched).__name__)
