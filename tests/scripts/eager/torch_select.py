# topk, kthvalue, median, nanmedian, mode (torch.* and Tensor methods):
# dims, keepdim, largest/sorted, every dtype class, ties (the index PyTorch's
# CPU kernels pick among equal values), NaN, 0-dim and empty inputs,
# torch.return_types and PyTorch's errors. Selection moves values, so
# everything matches bit for bit.
import torch
from _catch_helper import catch
from _show_helper import show

torch.manual_seed(0)




def selects(x):
    return x.topk(2), x.kthvalue(3, 1), x.median(), x.median(0), x.nanmedian(1), x.mode(1), x.count_nonzero(0)


x = torch.randn(4, 7)
print(torch.topk(x, 3))
show(*selects(x))
show(x.topk(2, 0), torch.topk(x, 3, largest=False), torch.topk(x, 7, sorted=False), x.topk(k=1, dim=-1))
show(torch.kthvalue(x, 3), x.kthvalue(2, 0, True), torch.kthvalue(x, k=4, dim=1, keepdim=False))
print(torch.median(x), x.median(), torch.nanmedian(x), torch.median(x, 1), x.median(dim=0, keepdim=True))
show(torch.median(x, 0), torch.nanmedian(x, 1, True), torch.mode(x), x.mode(0), torch.mode(x, 1, True))
show(x.t().topk(2), x[:, ::2].kthvalue(2), x.t().median(0), torch.randn(2, 3, 5).topk(2, 1))

# Ties and NaN.
t = torch.tensor([[1.0, 3.0, 3.0, 2.0, 1.0, 3.0, 2.0, 1.0], [2.0, 2.0, 1.0, 1.0, float("nan"), 5.0, 5.0, 2.0]])
for k in (1, 2, 3, 5, 8):
    show(t.topk(k), t.topk(k, largest=False), t.topk(k, sorted=False), t.kthvalue(k))
show(t.median(1), t.nanmedian(1), t.mode(1), t.mode(0))
print(t.median(), t.nanmedian(), t[0].median(), torch.tensor([float("nan")] * 3).nanmedian())
show(torch.tensor([float("nan")] * 3).nanmedian(0))

# Long lines with many ties (partial_sort vs nth_element, introsort depth).
for dt in (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8):
    y = torch.randint(0, 9, (3, 200)).to(dt)
    for k in (1, 3, 4, 50, 200):
        a = y.topk(k)
        b = y.topk(k, largest=False, sorted=False)
        print(dt, k, a.values[:, :6].tolist(), a.indices[:, :10].tolist(), b.indices[:, :10].tolist(),
              (a.indices.sum(1)).tolist(), y.kthvalue(k).indices.tolist())
    show(y.median(1), y.nanmedian(1), y.mode(1), y.median(), y.mode(0).indices[:20], y.kthvalue(2, 0).indices[:20])

b = torch.tensor([True, False, True, True, False])
show(b.mode(), torch.mode(b.reshape(1, 5), 1))
w = torch.randn(300, 700)
r = w.topk(16)
print(r.values[::50].tolist(), r.indices[::50].tolist())
r = w.topk(40, 0, largest=False)
print(r.values[:, ::100].tolist(), r.indices[:, ::100].tolist())
print(w.median(1).indices[::20].tolist(), w.kthvalue(350, 1).indices[::20].tolist(), w.mode(0).indices[::50].tolist())

# 0-dim and empty inputs.
s = torch.tensor(3.5)
show(s.topk(1), s.topk(0), s.kthvalue(1), s.median(0), s.median(0, True), s.mode(), s.nanmedian(-1))
print(s.median(), torch.tensor(4).median(), torch.empty(0).median(), torch.empty(0).nanmedian(), torch.empty(0, dtype=torch.int64).median())
show(torch.empty(2, 0).topk(0), torch.empty(0, 3).kthvalue(1, 1), torch.empty(0, 3).median(1), torch.empty(2, 0).mode(0))

# Errors.
catch(lambda: x.topk(8))
catch(lambda: x.topk(-1))
catch(lambda: x.topk(1, 2))
catch(lambda: x.topk(1.5))
catch(lambda: torch.tensor([True]).topk(1))
catch(lambda: torch.empty(2, 0).topk(1))
catch(lambda: x.kthvalue(8))
catch(lambda: x.kthvalue(0, 0))
catch(lambda: x.kthvalue(1.5))
catch(lambda: torch.tensor(1.0).kthvalue(2))
catch(lambda: torch.empty(2, 0).kthvalue(1))
catch(lambda: torch.tensor([True]).kthvalue(1))
catch(lambda: torch.tensor([True]).median())
catch(lambda: torch.tensor([True]).nanmedian(0))
catch(lambda: torch.empty(0, 3).median(0))
catch(lambda: torch.empty(2, 0).nanmedian(1))
catch(lambda: torch.empty(2, 0).mode(1))
catch(lambda: x.median(2))
catch(lambda: x.mode(-3))

# count_nonzero (NaN counts, -0.0 does not).
c = torch.tensor([[1.0, 0.0, float("nan")], [0.0, -0.0, 2.0]])
show(torch.count_nonzero(c), c.count_nonzero(1), c.count_nonzero((0, 1)), c.count_nonzero(dim=0))
show(torch.tensor([[True, False], [True, True]]).count_nonzero(0), torch.arange(-2, 3).count_nonzero(), torch.empty(0, 2).count_nonzero(0))
catch(lambda: c.count_nonzero(2))
catch(lambda: c.count_nonzero((1, 1)))
