# Raising or lowering the limit. cache_size_limit and recompile_limit are one
# setting under two names. With 16, ten sizes give ten frames; with 2 only two.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x - 1


torch._dynamo.config.cache_size_limit = 16
print(torch._dynamo.config.recompile_limit, torch._dynamo.config.cache_size_limit)
cnt = CompileCounter()
opt = torch.compile(f, backend=cnt, dynamic=False)
for i in range(1, 11):
    opt(torch.ones(i))
print("limit 16:", cnt.frame_count)

torch._dynamo.reset()
torch._dynamo.config.recompile_limit = 2
print(torch._dynamo.config.recompile_limit, torch._dynamo.config.cache_size_limit)
cnt = CompileCounter()
opt = torch.compile(f, backend=cnt, dynamic=False)
for i in range(1, 6):
    print(i, opt(torch.ones(i)).sum(), cnt.frame_count)
torch._dynamo.config.recompile_limit = 8
print(torch._dynamo.config.cache_size_limit)
