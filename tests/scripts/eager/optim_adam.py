# torch.optim.Adam and AdamW: several steps of each option (amsgrad,
# weight_decay, maximize, betas, eps, lr) on parameters of different shapes
# with gradients set by hand; every parameter and state tensor is printed
# in full (a one-ulp change shows), `step` as the float32 tensor PyTorch
# keeps. AdamW decays the weights before the update; Adam adds the decay to
# the gradient.
# Tensor.sqrt is IEEE on both sides here (_ieee_sqrt.py says why), so the
# printed values must match PyTorch's bit for bit.
import torch
import _ieee_sqrt  # noqa: F401
from _optim_run import run


def grad_for(p, noise):
    # The gradient of a toy loss: noise plus a pull towards zero.
    return noise + p.detach() * 0.25


run('adam', torch.optim.Adam, grad_for)
run('adam_lr', torch.optim.Adam, grad_for, lr=0.05)
run('adam_amsgrad', torch.optim.Adam, grad_for, lr=0.01, amsgrad=True)
run('adam_wd', torch.optim.Adam, grad_for, lr=0.01, weight_decay=0.1)
run('adam_betas_eps', torch.optim.Adam, grad_for, lr=0.02, betas=(0.8, 0.99), eps=1e-3)
run('adam_maximize', torch.optim.Adam, grad_for, lr=0.01, maximize=True, amsgrad=True)
run('adam_decoupled', torch.optim.Adam, grad_for,
    lr=0.01, weight_decay=0.1, decoupled_weight_decay=True)
run('adamw', torch.optim.AdamW, grad_for)
run('adamw_lr_wd', torch.optim.AdamW, grad_for, lr=0.05, weight_decay=0.3)
run('adamw_amsgrad', torch.optim.AdamW, grad_for, lr=0.01, amsgrad=True)
run('adamw_maximize', torch.optim.AdamW, grad_for, lr=0.01, maximize=True, betas=(0.5, 0.6))
run('adam_many_steps', torch.optim.Adam, grad_for, steps=12, lr=0.03)

# float64 parameters: the state follows their dtype; step stays float32.
g = torch.Generator().manual_seed(3)
p64 = torch.nn.Parameter(torch.randn(9, generator=g, dtype=torch.float64))
opt = torch.optim.AdamW([p64], lr=0.1, amsgrad=True)
for _ in range(3):
    p64.grad = torch.randn(9, generator=g, dtype=torch.float64)
    opt.step()
print('float64', p64.tolist())
print('float64 state', opt.state[p64]['exp_avg'].dtype, opt.state[p64]['step'].dtype)
print('float64 max_exp_avg_sq', opt.state[p64]['max_exp_avg_sq'].tolist())
