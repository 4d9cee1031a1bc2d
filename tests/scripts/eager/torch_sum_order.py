# sum and mean of float tensors round as ATen's CPU sum kernel does (its
# cascade of 16+ element chunks, 4 accumulators of 8 float / 4 double lanes,
# float32 accumulating in float32), for contiguous, transposed and
# channels_last tensors, whole and along dims: every value is printed at
# full precision. (The goldens run PyTorch on one thread; above 32768
# elements ATen's whole-tensor sum splits per thread, tc's never does.)
import random

import torch


def data(n, dtype, mul=40503, scale=4099.0):
    # Exact integer arithmetic, then one rounding per float operation.
    i = torch.arange(n, dtype=torch.int64)
    return (i * mul % 65521).to(dtype) / scale - 7.9


for dtype in [torch.float32, torch.float64]:
    lengths = list(range(1, 400)) + list(range(400, 5001, 37)) + [65536, 10**6, 2**20 + 3]
    print(dtype, [data(n, dtype).sum().item() for n in lengths])
    print(dtype, [data(n, dtype).mean().item() for n in lengths[::5]])
    for m, n in [(3, 5), (7, 9), (4, 100), (5, 1000), (2, 70000), (17, 33), (64, 257)]:
        t = data(m * n, dtype).reshape(m, n)
        print((m, n), t.sum(1, keepdim=True).flatten().tolist()[:40], t.mean(-1).tolist()[:40])
        print((m, n), t.sum(0).tolist()[:70], t.mean(0).tolist()[:70])
        print((m, n), t.t().sum(0).tolist()[:40], t.t().sum(1).tolist()[:40])
    for shape in [(2, 3, 5, 7), (8, 64, 56, 56), (2, 37, 9, 11), (1, 3, 300, 300), (3, 100, 4, 4)]:
        numel = shape[0] * shape[1] * shape[2] * shape[3]
        t = data(numel, dtype, 7919, 311.0).reshape(shape)
        cl = t.contiguous(memory_format=torch.channels_last)
        print(shape, t.sum((2, 3)).flatten().tolist()[:80])
        print(shape, cl.sum((2, 3)).flatten().tolist()[:80], cl.mean((2, 3), keepdim=True).flatten().tolist()[:80])
        print(shape, t.mean((2, 3)).flatten().tolist()[:80], cl.mean((-1, -2)).flatten().tolist()[-80:])
        print(shape, cl.sum((0, 2, 3)).tolist()[:80], t.sum((0, 2, 3)).tolist()[:80])
        print(shape, cl.sum(1).flatten().tolist()[:80], t.sum((0, 2)).flatten().tolist()[:80])
        print(shape, cl.sum().item(), t.sum().item(), cl.mean().item(), t.mean().item())

print(repr(torch.arange(-3, 3, 0.3).double().sum().item()))
print(repr(torch.arange(-3, 3, 0.3).sum().item()), repr(torch.arange(-3, 3, 0.3).mean().item()))
print(data(5000, torch.float32).sum(dtype=torch.float64).item())
print(torch.tensor([-0.0, -0.0]).sum().item(), torch.tensor([-0.0]).sum(0).tolist())
print(torch.tensor([1e30, 1.0, -1e30, 1.0]).sum().item(), torch.tensor([]).sum().item())
print(torch.tensor([float('inf'), 1.0]).sum().item(), torch.zeros(3, 0).mean(1).tolist())
t = data(24 * 5 * 31, torch.float32).reshape(24, 5, 31)
print(t.sum((0, 2)).tolist(), t[:, ::2, 1::3].sum((0, 2)).tolist())
print(t.permute(2, 0, 1).sum(1).flatten().tolist()[:40], t.sum(-2).flatten().tolist()[:40])
for dtype in [torch.float16, torch.bfloat16]:
    t = (data(3000, torch.float32) / 4).to(dtype)
    print(dtype, t.sum().item(), t.mean().item(), t.reshape(30, 100).sum(1).tolist()[:20])
    print(dtype, t.reshape(30, 100).sum(0).tolist()[:40], t.reshape(30, 100).mean(0).tolist()[:40])
    print(dtype, [t[:n].sum().item() for n in range(1, 80)])
x = torch.ones(2, 3)
for f in [lambda: x.sum(5), lambda: x.sum((0, 0)), lambda: x.mean(-3)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(x.t().mean(0, keepdim=True).tolist(), torch.ones(3, dtype=torch.float16).sum(dtype=torch.float32).item())
print(data(999, torch.float32).sum(dtype=torch.float16).item(), data(999, torch.float32).to(torch.bfloat16).mean().item())

# Random shapes, dtypes and layouts (permuted, sliced, expanded,
# channels_last), random dims: the whole 2-D loop nest of TensorIterator,
# including reductions over several dims that do not merge (one output
# receiving many row sums in order) and 16-bit sums that ATen redoes in
# float32.
random.seed(11)
for case in range(150):
    nd = random.randint(1, 4)
    shape = [random.choice([1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 33, 64, 65, 129]) for _ in range(nd)]
    dtype = random.choice([torch.float32, torch.float64, torch.float16, torch.bfloat16])
    numel = 1
    for s in shape:
        numel *= s
    if random.random() < 0.3:
        t = data(numel * 2, torch.float32).to(dtype)[::2].reshape(shape)
    else:
        t = data(numel, torch.float32).to(dtype).reshape(shape)
    r = random.random()
    if r < 0.3:
        perm = list(range(nd))
        random.shuffle(perm)
        t = t.permute(*perm)
    elif r < 0.45 and nd >= 2:
        t = t[:, 1:] if t.shape[1] > 1 else t
    elif r < 0.6:
        t = t.unsqueeze(0).expand(3, *t.shape)
    elif r < 0.7 and nd == 4:
        t = t.contiguous(memory_format=torch.channels_last)
    k = random.randint(0, t.dim())
    dims = sorted(random.sample(range(t.dim()), k))
    keep = random.random() < 0.5
    s = t.sum(dims, keepdim=keep) if dims else t.sum()
    m = t.mean(dims, keepdim=keep) if dims else t.mean()
    print(case, list(t.shape), dims, s.flatten().tolist()[:8], m.flatten().tolist()[:8])

# Converting sums (dtype=, 16-bit means) convert with the input's strides
# kept, which decide the order.
p = data(64 * 129 * 3, torch.float32).reshape(64, 129, 3).permute(2, 0, 1)
print(p.sum(dtype=torch.float64).item(), p.sum((1, 2), dtype=torch.float64).tolist())
print(p.to(torch.bfloat16).mean().item(), p.to(torch.float16).mean((0, 1)).tolist()[:20])
print(p.to(torch.float16).sum((1, 2)).tolist(), p.to(torch.bfloat16).sum().item())
q = data(33 * 40, torch.float64).reshape(33, 40).t()
print(q.sum(0, dtype=torch.float32).tolist()[:20], q.sum(dtype=torch.float32).item())
