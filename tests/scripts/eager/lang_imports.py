# Import forms: import x, import x.y as z, from x import a, b as c.

import math
import torch
import torch.nn as nn
import torch.nn.functional as F
from math import sqrt, pi as PI
from math import floor, ceil
from torch import nn as nn2
from torch.nn import Linear, ReLU as R

print(sqrt(16.0), round(PI, 5), floor(-1.5), ceil(-1.5), math.floor(2.7))
print(nn.Linear is Linear, nn2.ReLU is R, nn is nn2)
print(F.relu(torch.tensor([-1.0, 2.0])))
print(torch.tensor([1, 2]).sum())
lin = Linear(2, 3)
print(lin)
print(R())
print(math.pi == PI, math.sqrt is sqrt)

def uses_import_inside():
    import math as m
    from math import e
    return m.floor(e * 100)

print(uses_import_inside())
