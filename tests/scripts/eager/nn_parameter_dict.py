# nn.ParameterDict: tensors become Parameters, dict order (a plain dict's
# items sorted, as PyTorch's update does), the mapping methods, registration
# in named_parameters / state_dict, and PyTorch's repr.
from collections import OrderedDict

import torch
import torch.nn as nn

torch.manual_seed(0)
pd = nn.ParameterDict({"b": torch.zeros(2, 3), "a": nn.Parameter(torch.ones(4)), "c": 5})
print(pd)
print(list(pd.keys()), len(pd), "a" in pd, "z" in pd)
print(type(pd["b"]).__name__, pd["b"].requires_grad, pd["c"])
pd["d"] = torch.arange(3.)
pd.update(OrderedDict([("y", torch.ones(1)), ("x", torch.zeros(2, dtype=torch.float64))]))
pd.update([("w", torch.ones(2, 2))])
print(list(pd.keys()))
print([n for n, _ in pd.named_parameters()])
print(sorted(pd.state_dict().keys()))
print(pd.pop("d").tolist(), list(pd))
print(pd.get("zz", 7), pd.setdefault("e", torch.ones(1)).tolist())
del pd["e"]
print([k for k, v in pd.items()], [tuple(v.shape) if isinstance(v, torch.Tensor) else v
                                   for v in pd.values()])
print(pd)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.params = nn.ParameterDict({"scale": nn.Parameter(torch.full((3,), 2.0))})

    def forward(self, x):
        return x * self.params["scale"]


m = M()
print(m)
print(m(torch.ones(3)).tolist(), [n for n, _ in m.named_parameters()])
pd.clear()
print(len(pd), pd)
try:
    pd[1] = torch.zeros(1)
except TypeError as e:
    print(e)
