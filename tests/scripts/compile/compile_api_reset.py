# torch._dynamo.reset() (also torch.compiler.reset()) drops every compiled cache
# entry: the next call compiles again. Compiling the same function twice with
# torch.compile shares the code object's cache.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x * 2


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
opt(torch.ones(3))
print(cnt.frame_count)
opt(torch.ones(3))
print(cnt.frame_count)
torch._dynamo.reset()
opt(torch.ones(3))
print(cnt.frame_count)
torch.compiler.reset()
opt(torch.ones(3))
print(cnt.frame_count)
opt_again = torch.compile(f, backend=cnt)
opt_again(torch.ones(3))
print(cnt.frame_count)
cnt2 = CompileCounter()
opt_other = torch.compile(f, backend=cnt2)
opt_other(torch.ones(3))
print(cnt.frame_count, cnt2.frame_count)
