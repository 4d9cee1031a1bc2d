# Memory layout as PyTorch's: pointwise results follow their inputs' strides
# (TensorIterator), *_like/clone/to keep a dense layout (preserve_format),
# reductions, softmax and layer_norm answer contiguous, memory_format=
# contiguous/channels_last/channels_last_3d, and conv/pool outputs of
# channels_last inputs are channels_last.
import torch
import torch.nn.functional as F


def show(tag, *ts):
    print(tag, *[t.stride() for t in ts])


torch.manual_seed(0)
a = torch.arange(6.).reshape(2, 3)
b = a.t().contiguous().t()
x = torch.randn(2, 3, 4, 5)
cl = x.contiguous(memory_format=torch.channels_last)
p = x.permute(0, 2, 3, 1)
nd = x[:, :, ::2]
show("pointwise", b * 2, b + a, a + b, cl + 1, cl + x, x + cl)
show("broadcast", b + torch.ones(3), cl + torch.ones(5), torch.ones(1, 3, 1, 1) + cl)
show("non-dense", nd * 2, nd.clone(), torch.empty_like(nd))
show("like", torch.empty_like(b), torch.zeros_like(b), torch.ones_like(cl), torch.full_like(b, 2))
show("clone", b.clone(), cl.clone(), b.clone(memory_format=torch.contiguous_format),
     x.clone(memory_format=torch.channels_last))
show("reductions", cl.sum(dim=1), cl.sum(dim=1, keepdim=True), cl.sum(dim=3), b.sum(0),
     cl.mean(dim=(2, 3), keepdim=True), cl.amax(dim=2), p.sum(dim=1))
show("row ops", cl.argmax(dim=1), cl.softmax(dim=1), cl.log_softmax(dim=3), cl.cumsum(dim=1))
show("unary", b.exp(), cl.relu(), torch.where(cl > 0, cl, 0.), cl.to(torch.float64),
     b.to(torch.float64), b.abs(), b > 0, b.neg())
print("is_contiguous", cl.is_contiguous(), cl.is_contiguous(memory_format=torch.channels_last),
      x.is_contiguous(memory_format=torch.channels_last), b.is_contiguous())
show("to", x.to(memory_format=torch.channels_last), x.to(torch.float64, memory_format=torch.channels_last))
x5 = torch.randn(2, 3, 4, 5, 6)
show("3d", x5.contiguous(memory_format=torch.channels_last_3d))
print(x5.contiguous(memory_format=torch.channels_last_3d).is_contiguous(
    memory_format=torch.channels_last_3d))
show("permuted", p * 1, p.contiguous(), p.clone())
show("conv", F.conv2d(cl, torch.randn(4, 3, 3, 3)), F.max_pool2d(cl, 2),
     F.batch_norm(cl, torch.zeros(3), torch.ones(3)), F.avg_pool2d(cl, 2),
     F.adaptive_avg_pool2d(cl, 1), F.adaptive_avg_pool2d(cl, 2))
show("conv weight", F.conv2d(x, torch.randn(4, 3, 3, 3).contiguous(memory_format=torch.channels_last)))
show("norms", F.layer_norm(b, (3,)), F.softmax(b, 0))
show("empty", torch.empty(2, 3, 4, 5, memory_format=torch.channels_last),
     torch.zeros_like(x, memory_format=torch.channels_last),
     torch.empty_like(cl, memory_format=torch.contiguous_format))
e = torch.randn(4, 3).t()
show("ties", e + torch.randn(3, 4), torch.randn(3, 4) + e, e + torch.randn(4), torch.randn(3, 1) + e,
     torch.randn(3, 4).t().unsqueeze(0).exp())
print(repr(torch.channels_last), torch.preserve_format, torch.contiguous_format,
      torch.channels_last_3d, type(torch.channels_last))
# The values are those of the contiguous computation.
print(torch.equal(b * 2, a * 2), torch.equal(cl + 1, x + 1), torch.equal(cl.relu(), x.relu()))
print(torch.equal(F.max_pool2d(cl, 2), F.max_pool2d(x, 2)))
# A permuted result views and reshapes as PyTorch's does.
y = b * 2
print(y.t().view(6).tolist(), y.reshape(6).tolist())
try:
    y.view(6)
except RuntimeError as err:
    print("RuntimeError:", err)
for f in (lambda: torch.randn(2, 3, 4).contiguous(memory_format=torch.channels_last),
          lambda: torch.randn(2, 3).to(memory_format=torch.channels_last),
          lambda: b.contiguous(memory_format=torch.preserve_format),
          lambda: torch.empty_like(b, memory_format=torch.channels_last),
          lambda: b.clone(memory_format="channels_last")):
    try:
        f()
    except (RuntimeError, TypeError) as err:
        print(type(err).__name__ + ":", err)


# The same layouts from a function (compiled in the same-answers suite: the
# graph's outputs are laid out as eager ones).
def chain(t):
    return (t * 2).exp() + t, t.clone(), t.contiguous(), torch.zeros_like(t)


show("chain", *chain(b))
show("chain channels_last", *chain(cl))
