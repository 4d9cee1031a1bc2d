# The argument checks of torch.optim.lr_scheduler and their messages.
import torch
from _attempt import attempt
from torch.optim import lr_scheduler


def opt():
    return torch.optim.SGD([torch.nn.Parameter(torch.ones(2))], lr=0.1, momentum=0.9)


o = opt()
attempt('not optimizer', lambda: lr_scheduler.StepLR(object(), step_size=1))
attempt('resume without initial_lr', lambda: lr_scheduler.StepLR(opt(), 2, last_epoch=3))
attempt('lambdas count', lambda: lr_scheduler.LambdaLR(o, [lambda e: 1, lambda e: 2]))
attempt('multiplicative not callable', lambda: lr_scheduler.MultiplicativeLR(o, 0.5))
attempt('constant factor', lambda: lr_scheduler.ConstantLR(o, factor=1.5))
attempt('linear start', lambda: lr_scheduler.LinearLR(o, start_factor=0))
attempt('linear end', lambda: lr_scheduler.LinearLR(o, end_factor=2))
attempt('sequential empty', lambda: lr_scheduler.SequentialLR(o, [], []))
attempt('sequential milestones', lambda: lr_scheduler.SequentialLR(
    o, [lr_scheduler.StepLR(o, 2), lr_scheduler.StepLR(o, 3)], milestones=[]))
attempt('sequential other optimizer', lambda: lr_scheduler.SequentialLR(
    o, [lr_scheduler.StepLR(opt(), 2)], milestones=[]))
attempt('sequential plateau', lambda: lr_scheduler.SequentialLR(
    o, [lr_scheduler.ReduceLROnPlateau(o)], milestones=[]))
attempt('sequential no optimizer', lambda: lr_scheduler.SequentialLR(o, [3], milestones=[]))
attempt('chained empty', lambda: lr_scheduler.ChainedScheduler([]))
attempt('onecycle steps', lambda: lr_scheduler.OneCycleLR(o, max_lr=1.0))
attempt('onecycle total', lambda: lr_scheduler.OneCycleLR(o, max_lr=1.0, total_steps=0))
attempt('onecycle epochs', lambda: lr_scheduler.OneCycleLR(o, 1.0, epochs=-1, steps_per_epoch=2))
attempt('onecycle spe', lambda: lr_scheduler.OneCycleLR(o, 1.0, epochs=2, steps_per_epoch=0))
attempt('onecycle pct', lambda: lr_scheduler.OneCycleLR(o, 1.0, total_steps=5, pct_start=1.5))
attempt('onecycle pct int', lambda: lr_scheduler.OneCycleLR(o, 1.0, total_steps=5, pct_start=1))
attempt('onecycle anneal', lambda: lr_scheduler.OneCycleLR(o, 1.0, total_steps=5,
                                                           anneal_strategy='exp'))
attempt('onecycle max_lr list', lambda: lr_scheduler.OneCycleLR(o, [1.0, 2.0], total_steps=5))
attempt('onecycle no momentum', lambda: lr_scheduler.OneCycleLR(
    torch.optim.Adagrad([torch.nn.Parameter(torch.ones(1))]), 1.0, total_steps=5))
attempt('plateau factor', lambda: lr_scheduler.ReduceLROnPlateau(o, factor=1.0))
attempt('plateau mode', lambda: lr_scheduler.ReduceLROnPlateau(o, mode='up'))
attempt('plateau threshold mode', lambda: lr_scheduler.ReduceLROnPlateau(o,
                                                                        threshold_mode='x'))
attempt('plateau min_lrs', lambda: lr_scheduler.ReduceLROnPlateau(o, min_lr=[0.1, 0.2]))
attempt('warm restarts T_0', lambda: lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=0))
attempt('warm restarts T_mult', lambda: lr_scheduler.CosineAnnealingWarmRestarts(o, 2,
                                                                                  T_mult=0))
attempt('warm restarts eta_min', lambda: lr_scheduler.CosineAnnealingWarmRestarts(
    o, 2, eta_min='a'))
attempt('warm restarts epoch', lambda: lr_scheduler.CosineAnnealingWarmRestarts(o, 2).step(-1))
attempt('base get_lr', lambda: lr_scheduler.LRScheduler(o))
