# torch.optim.Optimizer's bookkeeping: param groups with their own options
# (the others from the defaults), add_param_group, named parameters,
# zero_grad with set_to_none True and False, the repr PyTorch prints, the
# step pre/post hooks (and their removal), and the state-dict hooks.
import torch
import torch.nn as nn


def grads_of(params):
    return [None if p.grad is None else p.grad.tolist() for p in params]


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))
params = list(model.parameters())
opt = torch.optim.SGD([
    {'params': model[0].parameters()},
    {'params': model[2].parameters(), 'lr': 0.5, 'momentum': 0.9},
], lr=0.1, momentum=0.0)
print(opt)
print(len(opt.param_groups), [len(g['params']) for g in opt.param_groups])
print(sorted(opt.param_groups[1].keys()))
print(opt.defaults)

def grad_for(p):
    # The gradient of a toy loss: a pull towards 1.
    return (p.detach() - 1.0) * 0.5


for p in params:
    p.grad = grad_for(p)
opt.step()
for p in params:
    print(p.tolist())

# zero_grad(set_to_none=False) zeroes the gradients in place: tensors taken
# before see the zeros.
before = [p.grad for p in params]
opt.zero_grad(set_to_none=False)
print(grads_of(params), [b.tolist() for b in before])
opt.zero_grad()
print(grads_of(params))
model.zero_grad()
print(grads_of(params))
for p in params:
    p.grad = torch.full_like(p, 2.0)
model.zero_grad(set_to_none=False)
print(grads_of(params))

# add_param_group: a new group takes the defaults it does not give.
extra = nn.Parameter(torch.tensor([1.0, 2.0]))
opt.add_param_group({'params': extra, 'dampening': 0.25})
print(opt)
extra.grad = torch.tensor([0.5, -0.5])
opt.step()
print(extra.tolist())

# Named parameters: the names are kept in the groups and the state dict.
named = torch.optim.Adam(model.named_parameters(), lr=0.01)
print(named.param_groups[0]['param_names'])
print(named)

# Hooks around step(): pre hooks see the optimizer, post hooks run after.
calls = []


def pre(o, args, kwargs):
    calls.append(('pre', type(o).__name__, len(args), kwargs))


def post(o, args, kwargs):
    calls.append(('post', type(o).__name__))


h1 = opt.register_step_pre_hook(pre)
h2 = opt.register_step_post_hook(post)
opt.step()
h1.remove()
opt.step()
h2.remove()
opt.step()
print(calls)

sd_calls = []
opt.register_state_dict_pre_hook(lambda o: sd_calls.append('sd pre'))
opt.register_state_dict_post_hook(lambda o, sd: sd_calls.append(('sd post', sorted(sd))))
opt.register_load_state_dict_pre_hook(lambda o, sd: sd_calls.append('load pre'))
opt.register_load_state_dict_post_hook(lambda o: sd_calls.append('load post'))
opt.load_state_dict(opt.state_dict())
print(sd_calls)
