# torch.optim.lr_scheduler's other schedulers over ~20 steps: OneCycleLR
# (cos and linear, three phases, cycling SGD's momentum and Adam's beta1),
# SequentialLR (warm-up then cosine, with its state_dict), ChainedScheduler,
# CosineAnnealingWarmRestarts, ReduceLROnPlateau; every lr (and momentum)
# printed as the Python float it is. The warning for lr_scheduler.step()
# before optimizer.step() is recorded.
import warnings

import torch
from torch.optim import lr_scheduler


def make_opt(cls=torch.optim.SGD, **kwargs):
    w1 = torch.nn.Parameter(torch.ones(2))
    w2 = torch.nn.Parameter(torch.ones(3))
    return cls([{'params': [w1]}, {'params': [w2], 'lr': 0.03}], **kwargs)


def step_all(opt, sched, steps, key=None):
    out = []
    for _ in range(steps):
        opt.step()
        sched.step()
        row = sched.get_last_lr()
        if key is not None:
            row = row + [g[key] for g in opt.param_groups]
        out.append(row)
    for i in range(0, len(out), 4):
        print(' ', out[i:i + 4])


print('OneCycleLR cos')
opt = make_opt(lr=0.1, momentum=0.9)
sched = lr_scheduler.OneCycleLR(opt, max_lr=[1.0, 0.5], total_steps=20)
print(' ', sched.get_last_lr(), [g['momentum'] for g in opt.param_groups],
      sorted(k for k in opt.param_groups[0] if k != 'params'))
step_all(opt, sched, 19, 'momentum')
print('OneCycleLR linear three_phase')
opt = make_opt(lr=0.1, momentum=0.9)
sched = lr_scheduler.OneCycleLR(opt, max_lr=0.8, epochs=4, steps_per_epoch=5,
                                anneal_strategy='linear', three_phase=True, pct_start=0.25,
                                div_factor=10.0, final_div_factor=100.0)
step_all(opt, sched, 19, 'momentum')
print('OneCycleLR adam betas')
opt = make_opt(torch.optim.Adam, lr=0.1)
sched = lr_scheduler.OneCycleLR(opt, max_lr=0.01, total_steps=10, base_momentum=0.8,
                                max_momentum=0.9)
step_all(opt, sched, 9, 'betas')
try:
    opt.step()
    sched.step()
except ValueError as e:
    print('ValueError', e)
print('OneCycleLR no momentum cycling')
opt = make_opt(torch.optim.Adagrad, lr=0.1)
sched = lr_scheduler.OneCycleLR(opt, max_lr=0.2, total_steps=6, cycle_momentum=False)
step_all(opt, sched, 5)

print('SequentialLR')
opt = make_opt(lr=0.1)
warm = lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=4)
cos = lr_scheduler.CosineAnnealingLR(opt, T_max=10, eta_min=0.001)
seq = lr_scheduler.SequentialLR(opt, schedulers=[warm, cos], milestones=[4])
print(' ', seq.get_last_lr(), seq.last_epoch, warm.last_epoch, cos.last_epoch)
step_all(opt, seq, 20)
sd = seq.state_dict()
print(' ', sorted(sd), sd['_milestones'], len(sd['_schedulers']), sd['_schedulers'][1]['T_max'])

print('ChainedScheduler')
opt = make_opt(lr=0.1)
chain = lr_scheduler.ChainedScheduler([lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=3),
                                       lr_scheduler.ExponentialLR(opt, gamma=0.9)])
print(' ', chain.get_last_lr())
step_all(opt, chain, 8)

print('CosineAnnealingWarmRestarts')
opt = make_opt(lr=0.1)
sched = lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2, eta_min=0.01)
step_all(opt, sched, 20)
sched.step(7)
print('  epoch 7', sched.get_last_lr(), sched.T_cur, sched.T_i)
sched.step(25)
print('  epoch 25', sched.get_last_lr(), sched.T_cur, sched.T_i)

print('ReduceLROnPlateau')
opt = make_opt(lr=0.1)
plateau = lr_scheduler.ReduceLROnPlateau(opt, mode='min', factor=0.5, patience=2, cooldown=1,
                                         min_lr=[0.01, 0.005])
losses = [1.0, 0.9, 0.95, 0.93, 0.92, 0.91, 0.95, 0.97, 0.99, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0,
          1.1, 1.2, 1.3]
for loss in losses:
    opt.step()
    plateau.step(torch.tensor(loss))
    print(' ', loss, plateau.get_last_lr(), plateau.num_bad_epochs, plateau.best)
opt = make_opt(lr=0.1)
plateau = lr_scheduler.ReduceLROnPlateau(opt, mode='max', threshold=0.1, threshold_mode='abs',
                                         patience=0)
for acc in [0.5, 0.55, 0.7, 0.75, 0.9]:
    plateau.step(acc)
    print(' ', acc, plateau.get_last_lr())
print(sorted(plateau.state_dict()))

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    opt = make_opt(lr=0.1)
    sched = lr_scheduler.StepLR(opt, step_size=2)
    sched.step()
    opt2 = make_opt(lr=0.1)
    sched2 = lr_scheduler.StepLR(opt2, step_size=2)
    opt2.step()
    sched2.step()
    for item in w:
        print(item.category.__name__, item.message)
