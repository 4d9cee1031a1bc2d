# softmax, log_softmax, layer_norm and rms_norm over the last dim, where tc runs a fused kernel
# (one cached pass per row): float32 and float64, rows long and short, odd lengths (vector
# tails), weight/bias combinations, many rows (split over the thread pool); non-last dims, casts
# and half precision (the decompositions); rows with NaN, inf and huge values; error texts.
# tc-compare: rel=2e-6 abs=2e-7  reason: exp and the row sums are vectorized in another order than ATen's kernels (Sleef exp_u20, its own vector reduction; layer_norm's Welford moments), so float32 results differ in the last bits
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def show(name, y):
    print(name, y.dtype, tuple(y.shape), y.abs().sum().item(), y.abs().max().item())
    print('  ', y.reshape(-1)[:6].tolist(), y.reshape(-1)[-3:].tolist())


for dtype in (torch.float32, torch.float64):
    for shape in ((5, 3), (4, 37), (3, 1000), (300, 129)):
        x = (torch.randn(shape) * 4).to(dtype)
        show('softmax', torch.softmax(x, -1))
        show('log_softmax', F.log_softmax(x, dim=1))
        n = shape[-1]
        w = torch.randn(n).to(dtype)
        b = torch.randn(n).to(dtype)
        show('layer_norm', F.layer_norm(x, (n,)))
        show('layer_norm w', F.layer_norm(x, (n,), w))
        show('layer_norm w b', F.layer_norm(x, (n,), w, b, eps=1e-3))
        show('rms_norm', F.rms_norm(x, (n,)))
        show('rms_norm w', F.rms_norm(x, [n], w, eps=1e-6))

z = torch.randn(2, 3, 4, 5)
show('softmax dim1', torch.softmax(z, 1))
show('log_softmax dim0', torch.log_softmax(z, 0))
show('softmax dtype', torch.softmax(z, -1, dtype=torch.float64))
show('softmax 0-dim', torch.softmax(torch.tensor(3.0), 0))
show('layer_norm 2 dims', F.layer_norm(z, (4, 5)))
show('rms_norm 3 dims', F.rms_norm(z, (3, 4, 5), torch.randn(3, 4, 5)))
show('layer_norm strided', F.layer_norm(z.transpose(2, 3), (4,)))
show('softmax strided', torch.softmax(z.transpose(1, 3), -1))
show('rms_norm half', F.rms_norm(z.half(), (5,)))
show('layer_norm bf16', F.layer_norm(z.bfloat16(), (5,)))
show('rms_norm mixed weight', F.rms_norm(z, (5,), torch.ones(5, dtype=torch.float64)))

special = torch.tensor([[1.0, float('nan'), 2.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0],
                        [float('-inf')] * 9,
                        [0.0, float('inf'), 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
                        [1e30, -1e30, 0.0, 5.0, 1e30, 3.0, 2.0, 1.0, 0.0],
                        [-100.0, 0.0, 100.0, -200.0, 50.0, 1.0, 2.0, 3.0, -1e4]])
print(torch.softmax(special, -1).tolist())
print(torch.log_softmax(special, -1).tolist())
print(F.layer_norm(special[3:], (9,)).tolist())
print(F.rms_norm(special[3:], (9,)).tolist())
print(torch.softmax(torch.empty(0, 4), -1).shape, F.layer_norm(torch.empty(0, 4), (4,)).shape)

x = torch.randn(3, 4)
for f in (lambda: F.rms_norm(x, (3,)),
          lambda: F.rms_norm(x, (4,), torch.ones(3)),
          lambda: F.rms_norm(x, ()),
          lambda: F.rms_norm(torch.arange(4).reshape(2, 2), (2,)),
          lambda: F.layer_norm(x, (4,), torch.ones(4, dtype=torch.float64)),
          lambda: torch.softmax(torch.arange(4), 0),
          lambda: torch.softmax(x, 2)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

m = torch.nn.RMSNorm(4)
print(m, m.eps, m.normalized_shape, m.weight)
print(torch.nn.RMSNorm([3, 4], eps=1e-4, elementwise_affine=False), torch.nn.RMSNorm(4).weight.shape)
with torch.no_grad():
    m.weight.copy_(torch.tensor([1.0, 2.0, 0.5, -1.0]))
    print(m(x).tolist())
print(list(torch.nn.RMSNorm([3, 4], elementwise_affine=False).parameters()))
