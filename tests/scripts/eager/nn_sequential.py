# nn.Sequential: construction, indexing, len, iteration, repr, forward.
import torch
import torch.nn as nn

seq = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2), nn.GELU())
print(seq)
print(len(seq), seq[0], seq[-1], seq[1])
for i, layer in enumerate(seq):
    print(i, layer)
with torch.no_grad():
    seq[0].weight.copy_(torch.arange(12.0).reshape(4, 3) / 10 - 0.5)
    seq[0].bias.fill_(0.1)
    seq[2].weight.copy_(torch.tensor([[1.0, -1.0, 0.5, 0.0], [0.25, 0.25, 0.25, 0.25]]))
    seq[2].bias.copy_(torch.tensor([0.0, -1.0]))
    x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.0], [0.0, 0.0, 0.0]])
    print(seq(x))
    h = x
    for layer in seq:
        h = layer(h)
        print(tuple(h.shape), h[0])
    print(seq[:2](x))
    print(seq[2:](seq[:2](x)))
print(seq[1:3])
nested = nn.Sequential(nn.Sequential(nn.Linear(2, 2), nn.ReLU()), nn.Linear(2, 1))
print(nested)
print([n for n, _ in nested.named_parameters()])
empty = nn.Sequential()
print(empty, len(empty), empty(torch.tensor([1.0, 2.0])))
