# Indexing a tensor past its end.
import torch

t = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(t[1, 2])
print(t[0, 5])
