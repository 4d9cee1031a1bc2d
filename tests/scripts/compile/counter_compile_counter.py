# CompileCounter: frame_count is the number of graphs handed to it, op_count the
# number of call_function + call_method + call_module nodes over all of them;
# clear() zeroes both. One counter can serve several compiled functions.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()
print(cnt.frame_count, cnt.op_count)


def a(x):
    return torch.sin(x) + x.cos() + 1


def b(x):
    y = x.relu()
    torch._dynamo.graph_break()
    return y.sum()


oa = torch.compile(a, backend=cnt)
ob = torch.compile(b, backend=cnt)
oa(torch.ones(2))
print(cnt.frame_count, cnt.op_count)
ob(torch.ones(2))
print(cnt.frame_count, cnt.op_count)
oa(torch.ones(2))
ob(torch.ones(2))
print(cnt.frame_count, cnt.op_count)
cnt.clear()
print(cnt.frame_count, cnt.op_count)
oa(torch.ones(2, 2))
print(cnt.frame_count, cnt.op_count)
print(oa(torch.zeros(2)), ob(torch.ones(3)))
