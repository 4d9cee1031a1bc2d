# Tensor.type() (the legacy type name, or a conversion to a dtype or a
# legacy name) and torch.typename.
import torch
import torch.nn as nn

x = torch.tensor([1.5, -2.25, 3.0])
for t in (x, x.double(), x.half(), x.bfloat16(), x.long(), x.int(), x.short(), x.char(),
          x.byte(), x.bool(), torch.zeros(2, device='meta')):
    print(t.type(), torch.typename(t))
print(x.type(torch.float64), x.type(torch.float32) is x, x.type(dtype=torch.int32))
print(x.type('torch.LongTensor'), x.type('torch.DoubleTensor').dtype)
for bad in ('torch.Foo', 'float', 3):
    try:
        x.type(bad)
    except Exception as e:
        print(type(e).__name__, e)


class Local:
    pass


def func():
    pass


for obj in (3, 'a', None, [1], Local, Local(), func, torch.float32, nn.Parameter(x)):
    print(torch.typename(obj))
