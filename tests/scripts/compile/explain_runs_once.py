# explain really runs the function once (its print happens once) and resets
# Dynamo before and after: a function compiled before explain is compiled again
# after it (CompileCounter counts the new frames).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    y = x + 1
    print("inside f")
    return y * 2


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
print(opt(torch.ones(2)), cnt.frame_count)
print(opt(torch.ones(2)), cnt.frame_count)
out = torch._dynamo.explain(f)(torch.ones(2))
print("explain:", out.graph_count, out.graph_break_count, out.op_count)
print(opt(torch.ones(2)), cnt.frame_count)
print(opt(torch.ones(2)), cnt.frame_count)
