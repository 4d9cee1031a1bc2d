# sort / argsort / msort (torch.* and Tensor methods): every dtype, dims,
# descending, stable, ties (stable=False keeps PyTorch's std::sort order
# among equal values; long 1-D ascending integer lines its radix sort's),
# NaN (largest), -0.0 == 0.0, strided, expanded, 0-dim and empty inputs,
# torch.return_types.sort and PyTorch's errors. Sorting moves values, so
# everything matches bit for bit.
import torch
from _catch_helper import catch
from _show_helper import show

torch.manual_seed(0)




def sorts(x):
    return torch.sort(x), x.argsort(1, descending=True), x.msort(), torch.sort(x, dim=0, stable=True).indices


x = torch.randn(4, 6)
print(torch.sort(x))
show(*sorts(x))
show(torch.sort(x, 0), x.sort(dim=1, descending=True), torch.sort(x, -2, True))
show(torch.argsort(x), x.argsort(0), torch.argsort(x, dim=1, descending=True), torch.msort(x), x.msort())
show(torch.sort(x, stable=True, dim=0, descending=True), torch.argsort(x, stable=True))
show(x.t().sort(1), x[:, ::2].sort(0), torch.randn(2, 3, 5).sort(1), torch.randn(3, 4, 2).argsort(-1))
v, i = torch.sort(x[0])
print(v.tolist(), i.tolist(), torch.sort(x).values.shape, torch.sort(x).indices.dtype)

# Ties, NaN, signed zeros and infinities.
s = torch.tensor([3.0, 1.0, 2.0, 1.0, 3.0, 1.0, float("nan"), 0.0, -0.0, 2.0, float("inf"), -float("inf")] * 5)
for desc in (False, True):
    for st in (False, True):
        r = torch.sort(s, descending=desc, stable=st)
        print(desc, st, r.indices.tolist())
        print([str(v) for v in r.values.tolist()[:14]])

# Every dtype, short lines (insertion sort) and long ones (introsort).
dtypes = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32,
          torch.int16, torch.int8, torch.uint8, torch.bool]
for dt in dtypes:
    for n in (10, 50, 333):
        y = torch.randint(-3, 4, (2, n)).to(dt)
        for desc in (False, True):
            a = torch.sort(y, descending=desc)
            b = torch.sort(y, descending=desc, stable=True)
            print(dt, n, desc, a.values[:, :8].tolist(), a.indices.tolist()[0][:40], b.indices.tolist()[1][:40])
            print((a.indices * torch.arange(n)).sum().item(), (b.indices * torch.arange(n)).sum().item())
    z = torch.randn(40).to(dt) if dt.is_floating_point else torch.randint(-100, 100, (40,)).to(dt)
    show(z.sort(descending=True), z.argsort(stable=True))

# Long 1-D integer lines: PyTorch's radix sort (ascending) keeps input order.
big = torch.randint(0, 5, (40000,))
for dt in (torch.int64, torch.int32, torch.uint8, torch.int16, torch.bool):
    b = big.to(dt)
    for desc in (False, True):
        r = b.sort(descending=desc)
        print(dt, desc, r.indices[:12].tolist(), r.indices[-12:].tolist(), (r.indices * torch.arange(40000)).sum().item())
col = big[:33000].reshape(-1, 1)
print(col.sort(0).indices[:12, 0].tolist(), (col.sort(0).indices[:, 0] * torch.arange(33000)).sum().item())

# A long random line and many rows (the pool splits lines).
w = torch.randn(300, 257)
r = w.sort(1)
print(r.values[::37, ::50].tolist(), r.indices[::37, ::50].tolist(), (r.indices * torch.arange(257)).sum().item())
r = w.sort(0, descending=True)
print(r.values[::50, ::37].tolist(), r.indices[::50, ::37].tolist())
q = torch.randn(100000)
r = q.sort(stable=True)
print(r.values[::9999].tolist(), r.indices[::9999].tolist(), (r.indices[:1000] * torch.arange(1000)).sum().item())

# Expanded, 0-dim and empty inputs.
e = torch.tensor([[2], [1]]).expand(2, 40)
show(e.sort(1), e.sort(0))
show(torch.sort(torch.tensor(5.0)), torch.tensor(7).argsort(), torch.sort(torch.empty(2, 0, 3), 1), torch.empty(0).msort())

# Errors.
catch(lambda: torch.sort(x, 2))
catch(lambda: x.argsort(dim=-3))
catch(lambda: torch.sort(torch.tensor(1.0), 1))
catch(lambda: torch.msort(torch.tensor(1.0)))
