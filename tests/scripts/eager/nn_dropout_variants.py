# The channel-wise and alpha dropouts draw PyTorch's random stream: with a
# seed, F.dropout1d/2d/3d, F.alpha_dropout and F.feature_alpha_dropout (and
# their nn modules) drop exactly what PyTorch drops and scale as it does;
# eval mode is the identity; p outside [0, 1], ranks and in-place forms;
# the warnings for unexpected ranks; the modules' reprs.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.randn(2, 3, 4, 5, generator=torch.Generator().manual_seed(1))
x1 = torch.randn(2, 4, 6, generator=torch.Generator().manual_seed(2))
x3 = torch.randn(2, 3, 2, 2, 3, generator=torch.Generator().manual_seed(3))

torch.manual_seed(0)
print(F.dropout1d(x1, 0.5).tolist())
print(F.dropout1d(x1[0], 0.3).tolist())
print(F.dropout2d(x, 0.4).tolist())
print(F.dropout3d(x3, 0.6).tolist())
print(F.dropout3d(x3[0], 0.5).tolist())
print(F.alpha_dropout(x, 0.3, training=True).tolist())
print(F.alpha_dropout(x, 0.3).tolist() == x.tolist())
print(F.feature_alpha_dropout(x, 0.25, training=True).tolist())
print(F.feature_alpha_dropout(x1, 0.5, True).tolist())
print(torch.rand(3).tolist())  # the stream continues where PyTorch's does



def eval_path(t, p):
    return F.dropout2d(t, p, training=False) * 2 + F.alpha_dropout(t, p)


print(eval_path(x, 0.5).tolist() == (x * 2 + x).tolist())
for p in (0.0, 1.0):
    print(p, F.dropout2d(x, p).sum().item(), F.alpha_dropout(x, p, True).sum().item(),
          F.feature_alpha_dropout(x, p, True).sum().item())
print(F.dropout2d(x, 0.5, training=False).tolist() == x.tolist())

y = x.clone()
r = F.dropout2d(y, 0.5, inplace=True)
print(r is y, y.tolist())
y1 = x1[0].clone()
F.dropout1d(y1, 0.5, inplace=True)
print(y1.tolist())
y2 = x.clone()
F.alpha_dropout(y2, 0.2, True, inplace=True)
print(y2.tolist())
print(torch.feature_dropout(x, 0.5, True).shape, torch.alpha_dropout(x, 0.5, False).shape)

for f, args in ((F.dropout1d, (x, 0.5)), (F.dropout1d, (torch.zeros(3), 0.5)),
                (F.dropout2d, (x, 1.5)), (F.alpha_dropout, (x, -0.1)),
                (F.feature_alpha_dropout, (x, 2.0))):
    try:
        f(*args)
    except Exception as e:
        print(type(e).__name__, e)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    F.dropout2d(x1, 0.5)
    F.dropout2d(x3, 0.5)
    F.dropout3d(x, 0.5)
    for item in w:
        print(item.category.__name__, item.message)

mods = [nn.Dropout1d(), nn.Dropout2d(0.3), nn.Dropout3d(p=0.2, inplace=True), nn.AlphaDropout(0.1),
        nn.FeatureAlphaDropout(0.4)]
for m in mods:
    print(m)
torch.manual_seed(5)
print(mods[1](x).tolist())
print(mods[3](x).tolist())
print(mods[4](x).tolist())
for m in mods:
    m.eval()
print(all(m(x3 if isinstance(m, nn.Dropout3d) else x).tolist() ==
          (x3 if isinstance(m, nn.Dropout3d) else x).tolist() for m in mods[1:]))
try:
    nn.Dropout2d(1.5)
except ValueError as e:
    print(e)
print(nn.Sequential(nn.Conv2d(3, 3, 1), nn.Dropout2d(0.1), nn.AlphaDropout()))
