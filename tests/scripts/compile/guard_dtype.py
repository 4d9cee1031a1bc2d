# A dtype change fails the TENSOR_MATCH guard and recompiles; going back to a
# dtype seen before reuses its cache entry.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x * 2 + 1


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
for dt in [torch.float32, torch.float32, torch.float64, torch.int64, torch.float32, torch.float64, torch.int32]:
    y = opt(torch.arange(3, dtype=dt))
    print(dt, y, y.dtype, "frames:", cnt.frame_count)
