# Lists and tuples of tensors as inputs and outputs: indexing, len, iteration,
# unpacking, slicing and building new lists are traced; only the tensor ops are
# graph nodes. The list length is guarded (a longer list recompiles).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(xs, pair):
    a, b = pair
    total = xs[0] * 0
    for t in xs:
        total = total + t
    firsts = [t[0] for t in xs[1:]]
    return total * a, (b, len(xs)), firsts


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
xs = [torch.arange(3.0), torch.ones(3), torch.full((3,), 2.0)]
print(opt(xs, (2, torch.zeros(1))))
print(cnt.frame_count, cnt.op_count)
print(opt(xs, (2, torch.zeros(1)))[0], cnt.frame_count)
print(opt(xs + [torch.ones(3)], (2, torch.zeros(1)))[0], cnt.frame_count)


def stack_all(items):
    return torch.stack(list(items)).sum(0), tuple(i * 2 for i in range(3))


print(torch.compile(stack_all, backend=cnt)((torch.ones(2), torch.ones(2))), cnt.frame_count)
