# torch.linalg.vector_norm, bit for bit with PyTorch's CPU kernel: the
# vectorized 2-norm over a contiguous last dim (every row length from 1 to
# 40 and longer, float32 / float64 / bfloat16, whose leftover elements round
# differently), the sequential reductions of the other orders and layouts
# (dims, keepdim, transposed and strided inputs, float16), dtype=, empty
# inputs and the errors. Results are printed in full (tolist).
import torch
from _attempt import attempt
from torch.linalg import vector_norm


def row_norms(x):
    # Compiled in suite same-answers: the norms as graph ops.
    return vector_norm(x, dim=-1), vector_norm(x, 1, dim=-1) * 0.5, vector_norm(x, float('inf'))


def show(label, t):
    print(label, t.dtype, list(t.shape), t.tolist())


g = torch.Generator().manual_seed(0)
for dtype in (torch.float32, torch.float64, torch.bfloat16):
    for n in list(range(1, 41)) + [63, 100, 257]:
        # float64 values drawn as float64: their squares round (a float32
        # draw's would be exact), so fused and unfused adds differ.
        draw_dtype = torch.float64 if dtype == torch.float64 else torch.float32
        x = (torch.randn(6, n, generator=g, dtype=draw_dtype) * 3).to(dtype)
        print('rows', dtype, n, vector_norm(x, dim=1).tolist(), vector_norm(x[0]).item())

x = torch.randn(6, 13, generator=g)
for ord in (2, 1, 0, 3, 0.5, -1, -2.5, float('inf'), float('-inf')):
    show(f'ord {ord} all', vector_norm(x, ord))
    show(f'ord {ord} dim 1', vector_norm(x, ord, dim=1))
    show(f'ord {ord} dim 0', vector_norm(x, ord, dim=0))

y = torch.randn(3, 4, 10, generator=g)
show('dims (0, 2)', vector_norm(y, dim=(0, 2)))
show('dims [2, 1] keepdim', vector_norm(y, dim=[2, 1], keepdim=True))
show('dim -1', vector_norm(y, dim=-1))
show('keepdim all', vector_norm(y, keepdim=True))
show('dim []', vector_norm(y, dim=[]))
show('transposed', vector_norm(y.transpose(0, 2), dim=0))
show('transposed all', vector_norm(y.transpose(1, 2)))
show('strided', vector_norm(y[:, ::2, 1:], 2, dim=-1))
show('expanded', vector_norm(torch.randn(5, generator=g).expand(3, 5), dim=1))
show('size-1 dim', vector_norm(y[:, :1], dim=1))
show('0-dim', vector_norm(torch.tensor(-2.5)))
show('float16', vector_norm(y.half(), dim=2))
show('float16 to float32', vector_norm(y.half(), dim=2, dtype=torch.float32))
show('float32 to float64', vector_norm(y, 3, dim=1, dtype=torch.float64))
show('bfloat16 ord 1', vector_norm(y.bfloat16(), 1, dim=(1, 2)))
show('nan inf', vector_norm(torch.tensor([1.0, float('nan'), 2.0]), float('inf')))
show('inf', vector_norm(torch.tensor([1.0, float('inf'), 2.0])))
show('keyword x', vector_norm(x=torch.tensor([3.0, 4.0]), ord=2))
show('empty', vector_norm(torch.zeros(0)))
show('empty dim', vector_norm(torch.zeros(2, 0), dim=1))
show('empty inf kept dim', vector_norm(torch.zeros(2, 0), float('inf'), dim=0))
print(torch.linalg.vector_norm(torch.ones(4) * 2))
for t in row_norms(torch.randn(5, 19, generator=g)):
    show('row_norms', t)


attempt('int input', lambda: vector_norm(torch.arange(3)))
attempt('bool input', lambda: vector_norm(torch.tensor([True])))
attempt('int dtype', lambda: vector_norm(x, dtype=torch.int64))
attempt('narrowing dtype', lambda: vector_norm(x, dtype=torch.float16))
attempt('empty inf', lambda: vector_norm(torch.zeros(0), float('inf')))
attempt('empty -1', lambda: vector_norm(torch.zeros(0), -1))
attempt('empty dim inf', lambda: vector_norm(torch.zeros(2, 0), float('inf'), dim=1))
attempt('dim range', lambda: vector_norm(x, dim=2))
attempt('dim twice', lambda: vector_norm(x, dim=(0, 0)))
attempt('not tensor', lambda: vector_norm([1.0, 2.0]))
attempt('too many', lambda: vector_norm(x, 2, 0, False, torch.float64))
attempt('bad keyword', lambda: vector_norm(x, foo=1))
