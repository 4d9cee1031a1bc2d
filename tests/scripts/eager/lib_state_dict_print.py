# print(model.state_dict()): an OrderedDict of detached tensors, printed as
# PyTorch prints it, plus its keys/values/items views and type.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))
# Parameter values that do not depend on the random generator.
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) * 0.25 - i)
sd = model.state_dict()
print(sd)
print(sd.keys())
print(type(sd).__name__, type(sd), isinstance(sd, dict), len(sd))
print(list(sd), "0.bias" in sd, sd["2.bias"])
for k, v in sd.items():
    print(k, tuple(v.shape), v.requires_grad)
print(sd.values())
print(nn.ReLU().state_dict(), nn.LayerNorm(2).state_dict())
print(model.load_state_dict(sd))
fc = nn.Linear(2, 2, bias=False)
with torch.no_grad():
    fc.weight.fill_(0.5)
print(fc.state_dict(), list(fc.state_dict()) == ["weight"])
sd2 = fc.state_dict()
sd2.move_to_end("weight", last=False)
print(sd2.popitem())
print(sd2)
