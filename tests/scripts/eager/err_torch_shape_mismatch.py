# Broadcasting failure: the size of tensor a (3) must match the size of tensor b (4).
import torch

a = torch.ones(3)
b = torch.arange(4.0)
print(a + 1, b * 2)

def combine(x, y):
    return x + y

print(combine(a, a))
print(combine(a, b))
