# state_dict keys (parameters and buffers, nested names), values after deterministic init.
import torch
import torch.nn as nn

class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 2))
        self.norm = nn.LayerNorm(2)
        self.register_buffer("mask", torch.tensor([1.0, 0.0]))

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder()
        self.out = nn.Linear(2, 1)
        self.temperature = nn.Parameter(torch.tensor(1.5))

m = Model()
sd = m.state_dict()
print(list(sd.keys()))
for k, v in sd.items():
    print(k, tuple(v.shape), v.dtype)
print(len(sd), "enc.mask" in sd, "enc.layers.1.weight" in sd)
with torch.no_grad():
    for i, (name, p) in enumerate(m.named_parameters()):
        p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) * 0.1 + i)
sd = m.state_dict()
print(sd["enc.layers.0.weight"])
print(sd["enc.layers.2.bias"], sd["temperature"], sd["enc.mask"])
print(sd["out.weight"], sd["enc.norm.weight"])
print(sd["out.bias"].requires_grad, m.out.bias.requires_grad)
print(list(nn.Linear(2, 2).state_dict().keys()), list(nn.ReLU().state_dict().keys()))
print(list(nn.LayerNorm(3).state_dict()), list(nn.Embedding(4, 2).state_dict()))
seq = nn.Sequential(nn.Linear(1, 1), nn.Sequential(nn.Linear(1, 1), nn.GELU()))
print(list(seq.state_dict()))
names = [n for n, _ in m.named_parameters()]
print(names)
print(sorted(set(sd.keys()) - set(names)))
