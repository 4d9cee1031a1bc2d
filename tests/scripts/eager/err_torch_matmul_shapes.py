# Matrix multiply with incompatible shapes.
import torch

w = torch.ones(2, 3)
x = torch.ones(4, 5)
print((w @ torch.ones(3, 5)).shape)
y = torch.mm(w, x)
print(y)
