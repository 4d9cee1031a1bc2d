# A training loop end to end: a small ReLU MLP, its loss's backward(),
# clip_grad_norm_, an optimizer step and a scheduler step, five steps each
# for SGD with momentum (StepLR) and AdamW (OneCycleLR); the loss, the
# gradient norm, the learning rate and a parameter checksum every step.
# tc-compare: rel=2e-6 abs=1e-7  reason: the gradients come from tc's autograd, whose backward (the matmuls through tc's sgemm, not MKL's) can round the last bit differently; the optimizers themselves are bit for bit (optim_sgd, optim_adam)
import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_norm_
from torch.optim import lr_scheduler


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))


def loss_fn(model, x, y):
    return ((model(x) - y) ** 2).mean()


def train(name, make_opt, make_sched):
    model = make_model()
    g = torch.Generator().manual_seed(1)
    x = torch.randn(16, 4, generator=g)
    y = torch.randn(16, 1, generator=g)
    opt = make_opt(model.parameters())
    sched = make_sched(opt)
    print(name)
    for step in range(5):
        opt.zero_grad()
        loss = loss_fn(model, x, y)
        loss.backward()
        total = clip_grad_norm_(model.parameters(), 0.5)
        opt.step()
        sched.step()
        checksum = sum(p.detach().double().sum().item() for p in model.parameters())
        print(' ', step, loss.item(), total.item(), sched.get_last_lr(), checksum)
    print('  weight', model[2].weight.tolist())


train('sgd', lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9),
      lambda o: lr_scheduler.StepLR(o, step_size=2, gamma=0.5))
train('adamw', lambda ps: torch.optim.AdamW(ps, lr=0.01),
      lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.05, total_steps=5))
