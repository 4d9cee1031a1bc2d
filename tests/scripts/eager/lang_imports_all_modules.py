# Every module the subset names can be imported, in each import form the subset allows.
# (Only imports are checked here; torch._dynamo and numpy are exercised by other corpora.)
# `from torch._dynamo.utils import CompileProfiler` is left out: the reference torch
# (2.15) no longer has CompileProfiler, so that import is an ImportError there.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch._dynamo as dynamo
import numpy as np
import math
from math import pi, e as euler, sqrt as square_root
from torch import nn as torch_nn

print("imported:", torch_nn is nn, nn.functional is F, torch._dynamo is dynamo)
print(round(pi, 4), round(euler, 4), square_root(2.25))
print(F.relu(torch.tensor([-2.0, 2.0])), math.floor(pi))

def local_imports():
    import math as m
    from torch.nn import Linear as L
    return m.ceil(1.2), L(2, 2).out_features

print(local_imports())
print("done")
