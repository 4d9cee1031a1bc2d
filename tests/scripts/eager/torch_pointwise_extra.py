# lerp, addcmul, addcdiv, hypot, nan_to_num, isnan/isinf/isfinite, clamp_min/clamp_max,
# allclose/isclose and equal: values at full precision (tolist), dtypes, in-place forms, errors.
import torch


def show(t):
    print(t.dtype, list(t.shape), t.tolist())


def err(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)


torch.manual_seed(0)
a = torch.randn(37)
b = torch.randn(37)
w = torch.rand(37) * 1.5 - 0.25
show(torch.lerp(a, b, w))
show(torch.lerp(a, b, 0.3))
show(a.lerp(b, 0.7))
show(torch.lerp(a.double(), b.double(), w.double()))
show(torch.lerp(a.half(), b.half(), 0.3))
show(torch.lerp(a, b, torch.tensor(0.25, dtype=torch.float64)))
show(torch.lerp(a[:4].view(2, 2), b[:2], w[:4].view(2, 2)))
c = a.clone()
c.lerp_(b, 0.6)
show(c)
show(torch.lerp(torch.tensor([1.0, 2.0]), torch.tensor([3.0, -4.0]), torch.tensor([0.0, 1.0])))
err(lambda: torch.lerp(torch.tensor([1, 2]), torch.tensor([1, 2]), 0.5))
err(lambda: torch.lerp(a, b.double(), 0.5))
err(lambda: torch.lerp(a, b, w.double()))
err(lambda: torch.lerp(a, torch.ones(3), 0.5))

t1 = torch.randn(37)
t2 = torch.randn(37)
show(torch.addcmul(a, t1, t2))
show(torch.addcmul(a, t1, t2, value=0.3))
show(a.addcmul(t1, t2, value=-2))
show(torch.addcmul(a.double(), t1.double(), t2.double(), value=0.1))
show(torch.addcmul(a.bfloat16(), t1.bfloat16(), t2.bfloat16(), value=0.5))
show(torch.addcmul(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([5, 6]), value=2))
show(torch.addcmul(torch.tensor([1, 2]), torch.tensor([1.5, 2.5]), torch.tensor([2, 2])))
show(torch.addcdiv(a, t1, t2))
show(torch.addcdiv(a, t1, t2, value=0.3))
show(torch.addcdiv(a.double(), t1.double(), t2.double(), value=-0.7))
show(torch.addcdiv(torch.tensor([1, 2]), torch.tensor([1.5, 2.5]), torch.tensor([2.0, 4.0])))
c = a.clone()
c.addcmul_(t1, t2, value=0.5)
show(c)
c.addcdiv_(t1, t2, value=0.25)
show(c)
err(lambda: torch.addcdiv(torch.tensor([1, 2]), torch.tensor([1, 2]), torch.tensor([1, 2])))
err(lambda: torch.addcmul(torch.tensor([True]), torch.tensor([True]), torch.tensor([True])))
err(lambda: torch.addcmul(a, t1, torch.ones(3)))

show(torch.hypot(a, b))
show(a.hypot(b.double()))
show(torch.hypot(torch.tensor([3.0, 5.0, float("inf"), float("nan")]), torch.tensor([4.0, 12.0, float("nan"), 1.0])))
c = a.clone()
c.hypot_(b)
show(c)
err(lambda: torch.hypot(torch.tensor([1, 2]), torch.tensor([1, 2])))
err(lambda: torch.hypot(torch.tensor([True]), torch.tensor([True])))

special = torch.tensor([float("nan"), float("inf"), -float("inf"), 1.5, -0.0])
show(torch.nan_to_num(special))
show(torch.nan_to_num(special, nan=2.0, posinf=1.0, neginf=-1.0))
show(special.nan_to_num(0.5, 1e39))
show(torch.nan_to_num(special.double()))
show(torch.nan_to_num(special.half()))
show(torch.nan_to_num(special.bfloat16(), neginf=-7.0))
show(torch.nan_to_num(torch.tensor([1, 2])))
show(torch.nan_to_num(torch.tensor([True, False])))
c = special.clone()
c.nan_to_num_(nan=-3.0)
show(c)
for f in (torch.isnan, torch.isinf, torch.isfinite):
    show(f(special))
    show(f(special.half()))
    show(f(torch.tensor([1, 2])))
    show(f(torch.tensor([True])))
print(special.isnan().tolist(), special.isinf().tolist(), special.isfinite().tolist())

x = torch.tensor([-3.0, -0.5, 0.0, 0.5, 2.0, float("nan")])
show(torch.clamp_min(x, -1.0))
show(torch.clamp_max(x, 0.25))
show(x.clamp_min(0))
show(x.clamp_max(-1))
show(torch.clamp_min(torch.tensor([1, 2]), 1.5))
show(torch.clamp_min(torch.tensor([True, False]), 0))
show(torch.clamp_min(x, torch.tensor([0.0, 0.0, 0.0, 1.0, 1.0, 1.0])))
show(torch.clamp_max(x, torch.tensor(0.1, dtype=torch.float64)))
c = x.clone()
c.clamp_min_(0.0)
show(c)
c.clamp_max_(0.25)
show(c)

p = torch.tensor([1.0, float("nan"), float("inf"), 2.0])
q = torch.tensor([1.0 + 1e-6, float("nan"), float("inf"), 2.1])
show(torch.isclose(p, q))
show(torch.isclose(p, q, equal_nan=True))
show(torch.isclose(p, q, rtol=0.1))
show(torch.isclose(torch.tensor([float("inf")]), torch.tensor([-float("inf")])))
show(torch.isclose(torch.tensor([1, 2, 3]), torch.tensor([2, 2, 5]), atol=1))
show(torch.isclose(torch.tensor([True, False]), torch.tensor([True, True])))
print(torch.allclose(p, q), torch.allclose(p, q, rtol=0.1, equal_nan=True), p.allclose(p, equal_nan=True))
print(torch.allclose(torch.tensor([1, 2]), torch.tensor([1, 2])), torch.allclose(a, a + 1e-9))
err(lambda: torch.allclose(a, a.double()))
err(lambda: torch.isclose(a, a, rtol=-1.0))
err(lambda: torch.isclose(a, a, atol=-2))
err(lambda: torch.allclose(torch.ones(2), torch.ones(3)))
print(torch.equal(a, a.clone()), torch.equal(a, b), torch.equal(torch.ones(2), torch.ones(3)))
print(torch.equal(torch.tensor([1.0, 2.0]), torch.tensor([1, 2])), a.equal(a.double()))
print(torch.equal(torch.tensor([float("nan")]), torch.tensor([float("nan")])))


def combined(x, y, w):
    return torch.lerp(x, y, w) + torch.addcmul(x, y, w, value=0.5) - torch.addcdiv(x, y, w + 2) + torch.hypot(x, y)


show(combined(a, b, w))
show(torch.nan_to_num(combined(special, special, special), 1.0, 2.0, 3.0))
