# bucketize, searchsorted (1-D and N-D sequences, scalar values, side/right,
# sorter, out_int32, mixed dtypes, NaN) and histc (bins, given and data
# ranges, edges, out-of-range values, every float dtype), with PyTorch's
# errors. Integer results and counts: everything matches bit for bit. The
# searches run in a compiled function too (graph nodes, no break).
import torch
from _catch_helper import catch
from _show_helper import show

torch.manual_seed(0)


def bucket(x, b):
    y = x * 2
    return torch.bucketize(y, b), torch.searchsorted(b, y, right=True), torch.histc(y, bins=5, min=-3, max=3)


x = torch.randn(3, 4)
b = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0])
show(*bucket(x, b))
s = torch.tensor([1.0, 3.0, 5.0, 7.0, 9.0])
v = torch.tensor([[0.0, 1.0, 3.0, 4.0], [9.0, 10.0, 7.0, -1.0]])
show(torch.searchsorted(s, v), torch.searchsorted(s, v, right=True), torch.searchsorted(s, v, side="right"))
show(torch.searchsorted(s, v, side="left", out_int32=True), torch.bucketize(v, s, out_int32=True, right=True))
show(torch.searchsorted(s, 3), torch.searchsorted(s, 3.5, right=True), torch.bucketize(7, s), torch.bucketize(7.0, s, right=True))
show(torch.searchsorted(s, torch.tensor(3.0)), torch.searchsorted(s, torch.tensor([3, 6, 9])), torch.searchsorted(s.int(), torch.tensor([3.5, 6.0])))
show(torch.searchsorted(s.half(), torch.tensor([3.0, 6.0]).half()), torch.searchsorted(s.double(), v.bfloat16()))
show(torch.searchsorted(s, torch.tensor([float("nan"), float("inf"), -float("inf"), -0.0])))
show(torch.searchsorted(torch.tensor([1.0, float("nan")]), torch.tensor([float("nan"), 2.0])))
# N-D sequences: one row per input row.
seq = torch.tensor([[1.0, 2.0, 2.0, 4.0], [0.0, 3.0, 6.0, 9.0]])
q = torch.tensor([[2.0, 3.0, 0.0], [3.0, 10.0, -1.0]])
show(torch.searchsorted(seq, q), torch.searchsorted(seq, q, right=True), torch.searchsorted(seq, q, out_int32=True))
show(torch.searchsorted(seq[:, 1:].contiguous(), q[:, ::2].contiguous()))
# sorter
u = torch.tensor([5.0, 1.0, 3.0, 9.0])
show(torch.searchsorted(u, torch.tensor([3.0, 6.0, 0.0, 10.0]), sorter=torch.argsort(u)))
show(torch.searchsorted(u, torch.tensor([3.0, 6.0]), right=True, sorter=torch.tensor([1, 2, 0, 3])))
# Integers and ties.
ti = torch.tensor([0, 2, 2, 2, 5, 8])
show(torch.bucketize(torch.arange(10), ti), torch.bucketize(torch.arange(10), ti, right=True))
for dt in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16, torch.float64):
    show(torch.bucketize(torch.arange(-2, 10).to(dt), ti.to(dt)), torch.searchsorted(ti.to(dt), torch.tensor([[2, 3]]).to(dt), right=True))
show(torch.bucketize(torch.zeros(0, 3), s), torch.searchsorted(s, torch.zeros(2, 0)))

# histc
h = torch.tensor([1.0, 2.0, 1.0, 4.0, 10.0])
show(torch.histc(h, bins=4), torch.histc(h, bins=4, min=0, max=3), h.histc(4, 1, 4), h.histc())
show(torch.histc(torch.tensor([2.0, 2.0]), bins=4), torch.histc(torch.tensor([]), bins=4), torch.histc(torch.tensor(3.0), bins=2))
show(torch.histc(torch.tensor([0.1, 0.2, 0.3, 0.7, 1.0, 0.0, -0.1, 1.1]), bins=10, min=0, max=1))
show(torch.histc(torch.tensor([1.0, float("nan"), 2.0]), bins=3, min=0, max=3))
r = torch.randn(1000)
for dt in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
    show(torch.histc(r.to(dt), bins=7), torch.histc(r.to(dt), bins=13, min=-1.0, max=1.5))
show(torch.histc(torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0]).half(), bins=4), torch.histc(torch.tensor([0.0, 0.5, 2.0]).bfloat16(), bins=2))

# Errors.
catch(lambda: torch.searchsorted(s, v, side="left", right=True))
catch(lambda: torch.searchsorted(s, v, side="middle"))
catch(lambda: torch.searchsorted(s.reshape(1, 5), torch.tensor([3.0, 6.0])))
catch(lambda: torch.searchsorted(seq, torch.tensor([[3.0, 6.0, 1.0]])))
catch(lambda: torch.searchsorted(seq, 3))
catch(lambda: torch.searchsorted(torch.tensor(3.0), torch.tensor(3.0)))
catch(lambda: torch.searchsorted(s, v, sorter=torch.tensor([0, 1])))
catch(lambda: torch.searchsorted(u, v, sorter=torch.tensor([1, 2, 0, 3]).int()))
catch(lambda: torch.searchsorted(u, v, sorter=torch.tensor([1, 2, 0, 7])))
catch(lambda: torch.bucketize(v, s.reshape(1, 5)))
catch(lambda: torch.bucketize(v, torch.tensor(3.0)))
catch(lambda: torch.bucketize(torch.tensor([True]), torch.tensor([False, True])))
catch(lambda: torch.histc(torch.tensor([1, 2]), bins=4))
catch(lambda: torch.histc(torch.tensor([True]), bins=4))
catch(lambda: torch.histc(h, bins=0))
catch(lambda: torch.histc(h, bins=4, min=3, max=1))
catch(lambda: torch.histc(torch.tensor([1.0, float("inf")]), bins=4))
catch(lambda: torch.histc(h, bins=4, min=0, max=float("inf")))
