# Generators under torch.compile: a generator expression or a call of a
# generator function inside a compiled function is inlined (its items are
# traced into the graph); a generator function compiled itself runs eagerly
# (Dynamo skips generator frames).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def pieces(x, n):
    for i in range(n):
        yield x * (i + 1)


def f(x):
    total = torch.stack([t.sin() for t in (v + 1 for v in [x, x * 2])]).amax(0)
    parts = list(pieces(x, 3))
    return total + parts[0] - parts[2], len(parts)


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
x = torch.arange(4.0)
r, n = opt(x)
print(r, n, cnt.frame_count, cnt.op_count)
e, en = f(x)
print(torch.equal(r, e), en)
print(opt(x + 1)[0], cnt.frame_count)


def g(xs):
    return torch.stack(tuple(v.cos() for v in xs)).sum(0)


cnt2 = CompileCounter()
print(torch.compile(g, backend=cnt2)([x, x + 1]), cnt2.frame_count, cnt2.op_count)


def h(x):
    m = max(float(i) for i in range(5))
    return x * m, {k: x + k for k in range(2)}[1]


cnt3 = CompileCounter()
print(torch.compile(h, backend=cnt3)(x), cnt3.frame_count, cnt3.op_count)


def gen_fn(x):
    yield x + 1
    yield x * 2


cnt4 = CompileCounter()
og = torch.compile(gen_fn, backend=cnt4)
print([t.tolist() for t in og(x)], cnt4.frame_count)

out = torch._dynamo.explain(f)(x)
print(out.graph_count, out.graph_break_count, out.op_count)
