# Iterating over tensors: rows, enumerate, zip, list(), len().
import torch

m = torch.arange(6).reshape(3, 2)
for row in m:
    print("row", row, row.shape)
for i, row in enumerate(m):
    print(i, row.sum().item(), row.tolist())
for a, b in zip(torch.tensor([1, 2, 3]), torch.tensor([10.0, 20.0, 30.0])):
    print("zip", a, b, (a * b).item())
print(list(torch.tensor([1, 2])), len(m), len(torch.zeros(5, 2)))
cube = torch.arange(8).reshape(2, 2, 2)
for plane in cube:
    for row in plane:
        print("cube row", row.tolist())
rows = [r * 2 for r in m]
print(rows)
print(torch.stack([r * -1 for r in m]))
vals = []
for x in torch.linspace(-1, 1, 5):
    vals.append(round(x.item() ** 2, 4))
print(vals)
total = torch.zeros(2)
for row in m.float():
    total += row
print(total)
print([v.item() for v in torch.tensor([3.5, 4.5])], sum(torch.tensor([1, 2, 3])))
print(max(torch.tensor([4, 9, 2])), min(torch.tensor([4.0, 9.0, 2.0])))
print(sorted(torch.tensor([3, 1, 2]).tolist()), list(reversed(torch.tensor([1, 2, 3]).tolist())))
it = iter(torch.tensor([7, 8]))
print(next(it), next(it), next(it, "end"))
print([tuple(r.tolist()) for r in m.t()])
