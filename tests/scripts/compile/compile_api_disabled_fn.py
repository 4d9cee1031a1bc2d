# Passing a torch.compiler.disable'd function to torch.compile directly compiles
# it anyway (torch.compile unwraps the disable); calling the disabled function
# from a compiled function is a graph break instead.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def inner(x):
    return x * 3


@torch.compiler.disable
def disabled(x):
    return inner(x + 1)


cnt = CompileCounter()
print(torch.compile(disabled, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)


def caller(x):
    return disabled(x) - 1


cnt = CompileCounter()
print(torch.compile(caller, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
print(disabled(torch.ones(2)))
