# Meta tensors: sizes, strides and dtypes without data. Ops compute only
# their outputs' metadata; reading values raises.
import torch

# Creation on the meta device.
d = torch.device('meta')
print(d, repr(d), d.type, d.index, d == torch.device('meta'))
x = torch.empty(2, 3, device='meta')
print(x)
print(x.is_meta, x.device, x.shape, x.dtype, x.stride(), x.is_cpu, x.is_cuda)
print(torch.zeros(4, dtype=torch.int64, device='meta'))
print(torch.ones((), device='meta'))
print(torch.full((2, 2), 7, device=d))
print(torch.arange(5, device='meta'), torch.arange(0, 1, 0.25, device='meta'))
print(torch.randn(3, 4, device='meta'), torch.rand(2, device='meta', dtype=torch.float64))
print(torch.eye(3, device='meta'), torch.linspace(0, 1, 5, device='meta'))
print(torch.randint(0, 10, (3,), device='meta'))
print(torch.tensor([1, 2, 3], device='meta'), torch.tensor(2.5, device='meta'))
print(torch.zeros_like(x), torch.ones_like(x, dtype=torch.bool))
print(x.new_zeros(2), x.new_full((1, 2), 3.0), x.new_tensor([1, 2]))

# Moving to meta keeps dense strides.
c = torch.arange(6.0).reshape(2, 3)
m = c.to('meta')
print(m, m.stride(), c.t().to('meta').stride(), c.to('meta', torch.float16))
print(c.to(torch.empty(1, device='meta', dtype=torch.int32)))
print(m.to('meta') is m, m.to(torch.float32) is m)

# Arithmetic: promotion and broadcasting as on the CPU.
y = torch.ones(2, device='meta') + 1
print(y, y.dtype, y.stride())
print(x * 2.5, x - x, 1 - x, x / 2, x // 2, x ** 2)
i = torch.ones(2, 3, dtype=torch.int32, device='meta')
print(i + 1, i / 2, i + 1.5, i == 1, (i > 0).dtype, -i, ~(i > 0))
print(x + torch.ones(3, device='meta'), torch.ones(2, 1, device='meta') * torch.ones(3, device='meta'))
print(x + torch.tensor(2.0), torch.tensor(1.0) + x)
print(torch.where(x > 0, x, torch.zeros(3, device='meta')), x.clamp(min=0.5), x.abs().exp().sqrt())

# Shape ops and views.
print(x.T, x.T.stride(), x.t().contiguous().stride(), x.view(3, 2), x.reshape(-1))
print(x.unsqueeze(0).shape, x[None].shape, x[0], x[:, 1:], x[..., 0], x[1, 2])
print(x.permute(1, 0).stride(), x.transpose(0, 1).reshape(6).stride(), x.flatten())
print(x.expand(4, 2, 3).stride(), x.unsqueeze(1).expand(2, 5, 3).shape)
print([p.shape for p in x.split(2, 1)], [p.shape for p in x.chunk(2)], len(x.unbind(1)))
print(torch.cat([x, x]).shape, torch.stack([x, x], 1).shape, x.repeat(2, 2).shape)
print(x[[0, 1]].shape, x[torch.tensor([1, 0, 1])].shape, x.narrow(1, 0, 2).shape)
print(list(x), len(x))

# Reductions.
print(x.sum(), x.sum(1), x.mean(0, keepdim=True), x.amax(1), x.argmax(), x.std(1))
print(i.sum(), i.prod(), (x > 0).all(), (x > 0).any(1))
print(x.max(1))
print(x.max(), x.min(0).indices, torch.softmax(x, 1), torch.log_softmax(x, 0).shape)

# Matrix products.
a = torch.randn(4, 3, device='meta')
b = torch.randn(3, 5, device='meta')
print(a @ b, (a @ b).stride(), torch.mm(a, b).shape, a.matmul(torch.ones(3, device='meta')))
print(torch.bmm(torch.ones(2, 4, 3, device='meta'), torch.ones(2, 3, 5, device='meta')).shape)
print(torch.randn(7, 4, 3, device='meta') @ b)

# In-place ops and writes keep the tensor meta.
z = torch.zeros(3, device='meta')
z += 1
z.mul_(2)
z[0] = 5
z[1:] = torch.ones(2, device='meta')
z.fill_(3)
z.zero_()
z.copy_(torch.ones(3))
z.normal_()
print(z, z.is_meta)

# nn on meta.
lin = torch.nn.Linear(3, 2)
print(lin.to('meta').weight)
print(lin(torch.ones(4, 3, device='meta')))
print(torch.nn.functional.relu(x), torch.nn.functional.gelu(x).dtype)

# Reading data raises.
s = x.sum()
for name, f in [('item', lambda: s.item()), ('bool', lambda: bool(s)), ('int', lambda: int(s)),
                ('tolist', lambda: x.tolist()), ('cpu', lambda: x.cpu()),
                ('to cpu', lambda: x.to('cpu')), ('copy_', lambda: torch.ones(2, 3).copy_(x)),
                ('allclose', lambda: x.allclose(x)), ('index', lambda: x[s.long()]),
                ('size', lambda: torch.zeros(s.long())), ('tensor', lambda: torch.tensor([s])),
                ('item of 3', lambda: x[0].item())]:
    try:
        f()
        print(name, 'no error')
    except RuntimeError as e:
        print(name, '->', e)

# Mixing meta and cpu tensors: cpu 0-dim tensors only.
for name, f in [('meta + cpu', lambda: x + torch.ones(2, 3)),
                ('cpu + meta', lambda: torch.ones(3) + x),
                ('meta 0-dim + cpu', lambda: torch.ones((), device='meta') + torch.ones(2)),
                ('cat', lambda: torch.cat([x, torch.ones(2, 3)])),
                ('cpu 0-dim', lambda: x * torch.tensor(2))]:
    try:
        print(name, f())
    except RuntimeError as e:
        print(name, '->', e)

# torch.Size hashes and compares as a tuple.
print(hash(x.shape) == hash((2, 3)), x.shape == (2, 3), (2, 3) == x.shape, 3 in x.shape)
print({x.shape: 'a'}[(2, 3)], x.shape[1:], x.shape[::-1], type(x.shape[1:]).__name__)
print(x.shape != (2, 3), x.shape == [2, 3], len({x.shape, (2, 3)}), x.shape + (4,), (1,) + x.shape)
print(x.shape * 2, x.shape.numel(), torch.Size([2, 3]) == x.shape, max(x.shape), sorted(x.shape))
