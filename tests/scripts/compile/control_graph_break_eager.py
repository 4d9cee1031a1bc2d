# torch._dynamo.graph_break() outside compiled code does nothing; inside a
# function called both eagerly and compiled, only the compiled call splits.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    y = x + 1
    torch._dynamo.graph_break()
    return y * 2


torch._dynamo.graph_break()
print(torch._dynamo.graph_break() is None)
print(f(torch.ones(2)))
cnt = CompileCounter()
print(torch.compile(f, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
print(f(torch.ones(2)), cnt.frame_count)
