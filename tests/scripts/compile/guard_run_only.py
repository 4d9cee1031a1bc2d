# torch._dynamo.run(fn): run-only mode. Calls whose guards match an existing
# cache entry use it; anything else runs eagerly and nothing is ever compiled.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x * 2


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
print(opt(torch.ones(3)), cnt.frame_count)
frozen = torch._dynamo.run(opt)
print(callable(frozen), frozen is opt)
print(frozen(torch.ones(3)), cnt.frame_count)
print(frozen(torch.ones(4)), cnt.frame_count)
print(frozen(torch.ones(3, dtype=torch.float64)), cnt.frame_count)
print(opt(torch.ones(4)), cnt.frame_count)
print(frozen(torch.ones(5)), cnt.frame_count)


def never(x):
    return x + 10


print(torch._dynamo.run(never)(torch.ones(2)), cnt.frame_count)
