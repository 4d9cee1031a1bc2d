# MSELoss and CrossEntropyLoss (modules and F.*), reductions, ignore_index, label_smoothing,
# probability targets.
import torch
import torch.nn as nn
import torch.nn.functional as F

pred = torch.tensor([[0.5, 1.0], [2.0, -1.0], [0.0, 0.0]])
target = torch.tensor([[1.0, 1.0], [1.5, 0.0], [0.5, -0.5]])
mse = nn.MSELoss()
print(mse, mse(pred, target), F.mse_loss(pred, target))
print(nn.MSELoss(reduction="sum")(pred, target), nn.MSELoss(reduction="none")(pred, target))
print(F.mse_loss(pred, target, reduction="sum"), ((pred - target) ** 2).mean())

logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3], [1.0, 1.0, 1.0], [-1.0, 0.0, 3.0]])
labels = torch.tensor([0, 1, 2, 0])
ce = nn.CrossEntropyLoss()
print(ce, ce(logits, labels), F.cross_entropy(logits, labels))
print(nn.CrossEntropyLoss(reduction="none")(logits, labels))
print(nn.CrossEntropyLoss(reduction="sum")(logits, labels))
print(F.cross_entropy(logits, labels, reduction="none"))
manual = -torch.log_softmax(logits, dim=1).gather(1, labels.unsqueeze(1)).squeeze(1)
print(manual, manual.mean())
print(F.cross_entropy(logits, torch.tensor([0, -100, 2, 0])), F.cross_entropy(logits, torch.tensor([0, 1, 2, 0]), ignore_index=1))
print(F.cross_entropy(logits, labels, label_smoothing=0.1))
probs = torch.tensor([[0.7, 0.2, 0.1], [0.0, 1.0, 0.0], [1 / 3, 1 / 3, 1 / 3], [0.5, 0.0, 0.5]])
print(F.cross_entropy(logits, probs))
w = torch.tensor([1.0, 2.0, 0.5])
print(nn.CrossEntropyLoss(weight=w)(logits, labels))
seq_logits = torch.arange(24.0).reshape(2, 3, 4) / 10
seq_labels = torch.tensor([[0, 1, 2, 0], [2, 2, 1, 0]])
print(F.cross_entropy(seq_logits, seq_labels))
print(F.cross_entropy(torch.tensor([1.0, 2.0, 3.0]), torch.tensor(2)))
print(nn.CrossEntropyLoss(label_smoothing=0.2), nn.MSELoss(reduction="sum"))
print(ce(logits, labels).shape, ce(logits, labels).dtype, ce(logits, labels).item() > 0)
