# Shapes: the first compile is static; a size change recompiles once with the
# changed dimension made dynamic (automatic dynamic shapes), after which other
# sizes reuse that graph. A rank change is a new entry, which here is already
# dynamic (later 2-D sizes reuse it). g branches on the size: the dynamic graph
# guards on it, and sizes 2 and 1 (0/1 specialization) compile again.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x * 2


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
for n in [3, 3, 4, 5, 8, 3]:
    opt(torch.ones(n))
    print("size", n, "frames:", cnt.frame_count)
opt(torch.ones(2, 3))
print("rank 2 (2, 3) frames:", cnt.frame_count)
opt(torch.ones(2, 3))
print("rank 2 (2, 3) again frames:", cnt.frame_count)
opt(torch.ones(2, 5))
print("rank 2 (2, 5) frames:", cnt.frame_count)
opt(torch.ones(4, 7))
print("rank 2 (4, 7) frames:", cnt.frame_count)
print(opt(torch.arange(6.0).reshape(2, 3)))


def g(x):
    if x.shape[0] > 2:
        return x * 2
    return x + 2


cnt = CompileCounter()
optg = torch.compile(g, backend=cnt)
for n in [4, 5, 6, 2, 1]:
    print("g size", n, optg(torch.ones(n)).sum(), "frames:", cnt.frame_count)
