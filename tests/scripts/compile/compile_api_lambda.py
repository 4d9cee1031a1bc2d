# torch.compile on lambdas: inline and assigned; the compiled callable keeps the
# name "<lambda>"; lambdas called from a compiled function are inlined.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()
opt = torch.compile(lambda a, b: a * b + 1, backend=cnt)
print(opt.__name__)
print(opt(torch.ones(2), torch.arange(2.0)), cnt.frame_count, cnt.op_count)
square = lambda t: t * t
opt_sq = torch.compile(square, backend=cnt)
print(opt_sq(torch.arange(4.0)), cnt.frame_count, cnt.op_count)

act = lambda t: torch.relu(t) - 1


def uses_lambda(x):
    return act(x) + (lambda u: u * 3)(x)


print(torch.compile(uses_lambda, backend=cnt)(torch.tensor([-1.0, 2.0])), cnt.frame_count, cnt.op_count)
print(torch.compile(lambda: torch.ones(2) * 5, backend="eager")())
