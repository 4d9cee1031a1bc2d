# Scans along a dim: cumsum, cumprod (dtype=, in-place forms), logcumsumexp,
# cummax and cummin, over every dtype class, strided inputs, 0-dim and
# empty tensors, NaNs, ties, and PyTorch's errors. Float32 accumulates in
# double as ATen's CPU kernel does, so every value matches bit for bit.
import torch
from _catch_helper import catch
from _show_helper import show

torch.manual_seed(0)


def scans(x):
    return x.cumsum(0), torch.cumsum(x, 1), x.cumprod(1), torch.logcumsumexp(x, 1), torch.cummax(x, 1)


x = torch.randn(3, 5)
show(*scans(x))
print(torch.cummax(x, 0))
show(x.cumsum(dim=-1, dtype=torch.float64), torch.cummin(x, 0))
show(x.t().cumsum(0), x[:, ::2].cumprod(1), x.t().logcumsumexp(1))
show(torch.randn(2, 6, dtype=torch.float16).cumsum(1), torch.randn(2, 6, dtype=torch.bfloat16).cumprod(1))
show(torch.randn(2, 4, dtype=torch.float64).logcumsumexp(0), torch.randn(3, 4, 5).cumsum(1))
show(torch.tensor([1, 2, 3]).cumsum(0), torch.tensor([True, False, True]).cumsum(0), torch.tensor([2, 3, 4]).cumprod(0))
show(torch.tensor([1, 2, 3], dtype=torch.int32).cumsum(0, dtype=torch.int32), torch.tensor([5, 7], dtype=torch.uint8).cumsum(0))
show(torch.tensor([1.0, float("nan"), 3.0, 0.5]).cummax(0), torch.tensor([3, 1, 3, 2]).cummin(0))
show(torch.tensor([2, 2, 1, 2]).cummax(0), torch.tensor([True, False, True]).cummin(0))
show(torch.tensor([float("-inf"), float("-inf"), 0.0, float("inf"), 1.0]).logcumsumexp(0))
y = torch.ones(5)
y.cumsum_(0)
show(y, y.cumprod_(0))
show(torch.tensor(5.0).cumsum(0), torch.tensor(5.0).cummax(-1), torch.empty(0, 3).cumsum(0), torch.empty(0, 3).cummin(1))
show(torch.arange(1, 21).reshape(4, 5).cumprod(1), torch.full((30,), 1.1).cumprod(0)[-3:])
catch(lambda: torch.cumsum(x, 2))
catch(lambda: torch.logcumsumexp(torch.tensor([1, 2]), 0))
catch(lambda: torch.tensor(2.0).cummax(1))
