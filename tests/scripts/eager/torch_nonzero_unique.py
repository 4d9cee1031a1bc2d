# Ops with data-dependent output sizes: nonzero (as_tuple), argwhere,
# masked_select (broadcast of self and mask), unique (sorted, return_inverse,
# return_counts, dim) and unique_consecutive, as torch.* functions and Tensor
# methods, over every dtype class, NaN, signed zeros, 0-dim and empty inputs,
# with PyTorch's errors. They move values, so everything matches bit for bit.
# Under --compile-functions each call is a graph break ("Dynamic shape
# operator") and the compiled function still gives eager's answer.
import torch
from _catch_helper import catch
from _show_helper import show

torch.manual_seed(0)


def picks(x, m):
    y = x * 2
    return y.nonzero(), torch.argwhere(y > 0), torch.masked_select(y, m), y[m] + 1


x = torch.randn(3, 4)
show(*picks(x, x > 0.3))
show(*torch.nonzero(x > 0, as_tuple=True), torch.nonzero(x.t() > 0))
print(x.nonzero(as_tuple=False).tolist(), (x > 0).nonzero(as_tuple=True))
print(torch.nonzero(torch.tensor([[0.0, 1.0], [float("nan"), -0.0]])))
for dt in (torch.int8, torch.int32, torch.int64, torch.float16, torch.bfloat16, torch.float64, torch.bool):
    t = torch.tensor([[0, 3, 0], [1, 0, 2]]).to(dt)
    show(t.nonzero(), *t.nonzero(as_tuple=True), torch.argwhere(t), t.masked_select(t != 0))
# 0-dim and empty inputs.
show(torch.nonzero(torch.tensor(3)), torch.nonzero(torch.tensor(0)), *torch.nonzero(torch.tensor(3), as_tuple=True))
show(torch.argwhere(torch.tensor(2.0)), torch.nonzero(torch.zeros(0, 3)), *torch.nonzero(torch.zeros(2, 0, 3), as_tuple=True))
show(torch.masked_select(torch.tensor(5.0), torch.tensor(True)), torch.masked_select(torch.zeros(0, 2), torch.zeros(0, 2, dtype=torch.bool)))
# masked_select broadcasts self and mask.
show(torch.masked_select(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([[True], [False], [True]])))
show(torch.arange(6).reshape(2, 3).masked_select(torch.tensor([True, False, True])))
show(torch.arange(6.0).reshape(2, 3).t().masked_select(torch.tensor([[True, False]])))

# unique: sorted or not (PyTorch's CPU sorts either way), inverse, counts.
v = torch.tensor([3, 1, 2, 1, 3, 7, 5, 5, 0, 9, 8])
print(torch.unique(v), v.unique(sorted=False), torch.unique(v, return_inverse=True))
print(torch.unique(v, return_counts=True), v.unique(False, True, True), torch.unique(v, sorted=True, return_inverse=True, return_counts=True))
f = torch.tensor([1.0, float("nan"), 0.0, -0.0, float("nan"), 2.0, -1.5, 1.0])
show(*torch.unique(f, return_inverse=True, return_counts=True), *torch.unique(f.reshape(2, 4), sorted=False, return_inverse=True))
print(torch.unique(torch.tensor([-0.0, 0.0])), torch.unique(torch.tensor([0.0, -0.0])))
for dt in (torch.uint8, torch.int16, torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.bool):
    t = torch.randint(0, 4, (3, 5)).to(dt)
    show(*t.unique(return_inverse=True, return_counts=True), *torch.unique_consecutive(t, return_inverse=True, return_counts=True))
r = torch.randint(0, 3, (200,))
show(*torch.unique(r, return_inverse=True, return_counts=True))
show(*torch.unique(torch.tensor(5), return_inverse=True, return_counts=True), *torch.unique(torch.tensor([]), return_inverse=True, return_counts=True))
# unique with dim: slices ordered lexicographically.
m = torch.tensor([[1, 2], [0, 1], [1, 2], [0, 0]])
show(*torch.unique(m, dim=0, return_inverse=True, return_counts=True), *m.unique(dim=1, sorted=False, return_inverse=True, return_counts=True))
show(*torch.unique(m.t(), dim=-1, return_counts=True), torch.unique(torch.tensor([[-0.0, 1.0], [0.0, 1.0]]), dim=0))
b = torch.randint(0, 2, (2, 6, 3))
show(*torch.unique(b, dim=1, return_inverse=True, return_counts=True), *torch.unique(b.float(), dim=2, return_inverse=True))
show(*torch.unique(torch.zeros(0, 3), dim=0, return_inverse=True, return_counts=True))

# unique_consecutive.
c = torch.tensor([1.0, float("nan"), 0.0, -0.0, float("nan"), 2.0, 2.0, 1.0])
show(torch.unique_consecutive(c), *c.unique_consecutive(return_inverse=True, return_counts=True))
show(*torch.unique_consecutive(m, dim=0, return_inverse=True, return_counts=True), *torch.unique_consecutive(torch.tensor([[1, 2], [2, 2]]), dim=0, return_inverse=True))
show(*torch.unique_consecutive(torch.tensor([[1, 1], [2, 2]]), return_inverse=True), *torch.unique_consecutive(torch.tensor(3), return_inverse=True, return_counts=True))
show(*torch.unique_consecutive(b, dim=-1, return_counts=True))

# Errors.
catch(lambda: torch.masked_select(x, torch.tensor([1, 0, 1, 0])))
catch(lambda: torch.masked_select(x, torch.tensor([1, 0, 1, 0], dtype=torch.uint8)))
catch(lambda: torch.masked_select(x, torch.tensor([True, False])))
catch(lambda: x.masked_select(torch.ones(2, 3, 4, dtype=torch.bool)))
catch(lambda: torch.unique(m, dim=2))
catch(lambda: torch.unique_consecutive(m, dim=-3))
catch(lambda: torch.unique(torch.tensor(3), dim=0))
catch(lambda: torch.unique(torch.zeros(0, 3), dim=1))
catch(lambda: torch.unique(torch.zeros(0, 0), dim=0))
