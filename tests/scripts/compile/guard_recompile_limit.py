# dynamic=False recompiles for every new size until config.recompile_limit (8,
# alias cache_size_limit) entries exist; later new sizes run eagerly (results
# still right) and are never compiled; cached sizes still hit their entries.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

print(torch._dynamo.config.recompile_limit, torch._dynamo.config.cache_size_limit)
cnt = CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def f(x):
    return x + 1


for i in range(1, 11):
    y = f(torch.ones(i))
    print(i, y.sum(), cnt.frame_count)
print(f(torch.ones(3)).sum(), cnt.frame_count)
print(f(torch.ones(12)).sum(), cnt.frame_count)
