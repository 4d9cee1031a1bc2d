# Adam, AdamW, RMSprop (centered, momentum) and Adagrad with PyTorch's own
# CPU sqrt, over 8 steps: every parameter agrees with PyTorch's to the
# tolerance below (the optim_* scripts check every other op bit for bit).
# tc-compare: rel=2e-6 abs=1e-7  reason: PyTorch's CPU float32 sqrt is MKL's vsSqrt (VML_HA, up to 0.75 ulp from the correctly rounded value tc computes), so a denominator can differ by an ulp per step
import torch
from _optim_run import run


# 8 steps on two parameters; only the parameters are printed.
COMMON = dict(steps=8, shapes=[(5, 3), (21,)], state=False)


def grad_for(p, noise):
    # The gradient of a toy loss: noise plus a pull towards zero.
    return noise + p.detach() * 0.25


run('adam', torch.optim.Adam, grad_for, **COMMON, lr=0.01)
run('adam_amsgrad_wd', torch.optim.Adam, grad_for,
    **COMMON, lr=0.01, amsgrad=True, weight_decay=0.1)
run('adamw', torch.optim.AdamW, grad_for, **COMMON, lr=0.01)
run('rmsprop_centered_momentum', torch.optim.RMSprop, grad_for,
    **COMMON, lr=0.01, centered=True, momentum=0.9)
run('adagrad', torch.optim.Adagrad, grad_for, **COMMON, lr=0.1, lr_decay=0.01)
