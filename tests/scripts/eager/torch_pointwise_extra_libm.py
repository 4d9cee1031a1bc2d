# atan2 (arctan2) and logit (eps): promotion, in-place forms, special values.
# tc-compare: rel=1e-6 abs=1e-7  reason: ATen computes atan2 and logit's log with Sleef's vectorized functions; tc uses the C library's, which differ in the last bit for some inputs
import torch

torch.manual_seed(0)
a = torch.randn(9)
b = torch.randn(9)
print(torch.atan2(a, b).tolist())
print(a.atan2(b.double()).dtype, torch.arctan2(a, b).tolist() == torch.atan2(a, b).tolist())
print(torch.atan2(torch.tensor([1, -1, 0]), torch.tensor([0, 0, -1])))
print(torch.atan2(torch.tensor([0.0, -0.0, 1.0, float("inf")]), torch.tensor([-0.0, -1.0, float("inf"), float("inf")])).tolist())
c = a.clone()
c.atan2_(b)
print(c.tolist())
p = torch.tensor([0.0, 0.1, 0.25, 0.5, 0.9, 1.0, 1.5, -0.5])
print(torch.logit(p).tolist())
print(torch.logit(p, eps=0.2).tolist())
print(p.logit(1e-6).tolist())
print(torch.logit(p.double(), 0.05).tolist())
print(torch.logit(torch.tensor([0, 1])), torch.logit(torch.tensor([True, False])))
c = p.clone()
c.logit_(0.1)
print(c.tolist())


def angles(x, y):
    return torch.atan2(x, y) + torch.logit(torch.sigmoid(x), 1e-3)


print(angles(a, b).tolist())
