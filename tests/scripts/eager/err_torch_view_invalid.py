# view() to a shape whose element count does not match.
import torch

t = torch.arange(6)
print(t.view(2, 3))
print(t.view(4, 2))
