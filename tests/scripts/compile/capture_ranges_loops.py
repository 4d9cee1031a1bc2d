# Loops over range() with a constant bound are unrolled into the graph (one op
# per iteration); enumerate and zip over lists work the same. An int used as a
# range bound stays specialized: every new bound is a new graph.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x, n):
    for i in range(n):
        x = x + i
    return x


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
for n in [3, 3, 4, 5]:
    print(n, opt(torch.zeros(2), n), cnt.frame_count, cnt.op_count)


def g(x):
    acc = []
    for i, w in enumerate([1.0, 2.0, 3.0]):
        acc.append(x * w + i)
    total = x * 0
    for a, b in zip(acc, reversed(acc)):
        total = total + a * b
    return total, len(range(2, 10, 3))


cnt = CompileCounter()
print(torch.compile(g, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
