# train()/eval() flags propagate to submodules; Dropout is the identity in eval mode.
import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5), nn.ReLU(), nn.Sequential(nn.Dropout(p=0.1), nn.Linear(4, 2)))
print(model.training, [m.training for m in model.modules()])
r = model.eval()
print(r is model, model.training, [m.training for m in model.modules()])
model.train()
print(model.training, [m.training for m in model.modules()])
model.train(False)
print(model.training)
model[1].train()
print([m.training for m in model.modules()])
model.eval()

drop = nn.Dropout(0.5)
print(drop, drop.p, drop.training)
drop.eval()
x = torch.arange(8.0).reshape(2, 4)
print(drop(x), torch.equal(drop(x), x))
print(F.dropout(x, p=0.5, training=False), F.dropout(x, 0.9, False).sum())
drop.train()
y = drop(x)
print(y.shape, "train-mode values are either 0 or 2x:", bool(((y == 0) | (y == 2 * x)).all()))
print(nn.Dropout(0.0)(x).equal(x), nn.Dropout(), nn.Dropout(p=0.25, inplace=False))
with torch.no_grad():
    for p in model.parameters():
        p.fill_(0.1)
    print(model(x))

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.drop = nn.Dropout(0.3)
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        if self.training:
            return "training path"
        return "eval path"

n = Net()
print(n(torch.zeros(3)), n.eval()(torch.zeros(3)), n.train()(torch.zeros(3)), n.drop.training)
