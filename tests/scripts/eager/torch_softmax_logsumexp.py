# softmax, log_softmax, logsumexp over dims, including large values.
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [-1.0, 0.0, 10.0]])
print(torch.softmax(x, dim=1))
print(torch.softmax(x, dim=0))
print(x.softmax(-1), x.softmax(dim=-1).sum(-1))
print(F.softmax(x, dim=1))
print(torch.log_softmax(x, dim=1))
print(F.log_softmax(x, dim=0), x.log_softmax(1))
print(torch.logsumexp(x, dim=1), x.logsumexp(0), torch.logsumexp(x, dim=1, keepdim=True))
big = torch.tensor([1000.0, 1000.0, 990.0])
print(torch.softmax(big, 0), torch.log_softmax(big, 0), torch.logsumexp(big, 0))
neg = torch.tensor([-1000.0, -999.0])
print(torch.softmax(neg, 0), torch.logsumexp(neg, 0))
y = torch.arange(24.0).reshape(2, 3, 4) / 10
print(torch.softmax(y, dim=1))
print(torch.logsumexp(y, dim=(1, 2)))
probs = F.softmax(x, dim=-1)
print(probs.argmax(-1), (probs * torch.log(probs)).sum(-1).neg())
print((torch.exp(torch.log_softmax(x, 1)) - torch.softmax(x, 1)).abs().max() < 1e-6)
print(torch.softmax(torch.tensor([1.0, 2.0], dtype=torch.float64), 0))
print(F.softmax(torch.tensor([[0.0, 0.0]]), dim=1), torch.softmax(torch.tensor([5.0]), 0))
