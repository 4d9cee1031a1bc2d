# 0-d tensors, item(), int()/float()/bool() of tensors, tensors in conditions and f-strings.
import torch

s = torch.tensor(3.75)
print(s, s.item(), float(s), int(s), bool(s), s.dim(), s.shape)
i = torch.tensor(-7)
print(i, i.item(), int(i), float(i), abs(i), -i, i + 1, i * 2.0)
t = torch.tensor([1.0, 2.0, 3.0])
total = t.sum()
print(total, total.item(), total.item() + 1, total + 1, type(total.item()))
print(f"{total.item():.3f}", f"{t.mean().item():.2f}", f"{t[1]}", f"{int(t[2])}")
print("%.2f" % t.max().item(), "{:.1f}".format(t.min().item()), str(t[0].item()))
if t.sum() > 5:
    print("sum > 5")
if t[0] == 1.0:
    print("first is one")
count = 0
for v in t:
    if v > 1.5:
        count += 1
print("count", count)
print(bool(torch.tensor(0)), bool(torch.tensor(0.1)), bool(torch.tensor([True])))
print(torch.tensor(2) ** 10, torch.tensor(5) // 2, torch.tensor(5) % 3, torch.tensor(5) / 2)
print(s + t, s * t, t - s, (s > t))
print(max(t.tolist()), sum(t.tolist()), [round(v, 1) for v in (t / 3).tolist()])
print(t[1].item() * 2, t[-1].item() ** 2)
n = torch.tensor([[1, 2], [3, 4]])
print(n[1, 1].item(), n.sum().item(), n.max().item(), n.argmax().item(), n.float().mean().item())
python_list = [x.item() for x in n.flatten()]
print(python_list)
acc = 0.0
for x in torch.linspace(0, 1, 5):
    acc += x.item()
print(acc)
print(torch.tensor(1.5) == 1.5, torch.tensor(2) < 3, torch.tensor(True) & torch.tensor(False))
z = torch.zeros(())
z += 4
print(z, z.shape)
print(torch.tensor(10.0).sqrt(), torch.tensor(-2.0).abs(), torch.tensor(0.5).exp())
print(int(torch.tensor(2.9)), int(torch.tensor(-2.9)), round(torch.tensor(2.567).item(), 2))
