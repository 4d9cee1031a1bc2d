# Eager autograd through index writes (index_add, index_copy, index_fill,
# index_put, masked_scatter, scatter, scatter_add, scatter_reduce), scans
# (cumsum, cumprod with zeros, cummax, cummin, logcumsumexp), sorting and
# selection (sort, topk, kthvalue, median, nanmedian, mode, msort), prod
# (with zeros), attention and embedding_bag: each op's grad_fn name and the
# gradients of its inputs for a weighted sum of its output. Inputs are
# small integers, so every gradient is an exact small integer or a simple
# fraction (float64 where an exp or a division comes in).
import torch
import torch.nn.functional as F


def weights(out):
    return (torch.arange(out.numel(), dtype=out.dtype) % 3 + 1).reshape(out.shape)


def show(label, fn, *xs):
    xs = [x.detach().clone().requires_grad_(x.is_floating_point()) for x in xs]
    out = fn(*xs)
    if isinstance(out, tuple):
        out = out[0]
    (out * weights(out)).sum().backward()
    print(label, out.grad_fn.name())
    for x in xs:
        if x.is_floating_point():
            print(x.grad)


x = torch.tensor([[3., -1., 2.], [0., 5., -4.], [1., 2., 6.], [-2., 4., 7.]])
src = torch.tensor([[1., 2., -3.], [4., -5., 6.]])
idx = torch.tensor([2, 0])

show("index_add", lambda a, s: a.index_add(0, idx, s, alpha=2), x, src)
show("index_copy", lambda a, s: a.index_copy(0, idx, s), x, src)
show("index_fill", lambda a: a.index_fill(1, torch.tensor([0, 2]), -1.0), x)
show("index_fill_tensor", lambda a, v: a.index_fill(1, torch.tensor([0, 2]), v), x,
     torch.tensor(7.))
show("index_put", lambda a, v: a.index_put((torch.tensor([1, 3]), torch.tensor([2, -3])), v), x,
     torch.tensor([10., 20.]))
show("index_put_acc", lambda a, v: a.index_put((torch.tensor([1, 1, 0]),), v, accumulate=True),
     x, torch.tensor([1., 2., 3.]))
mask = torch.tensor([[True, False, True], [False, False, True], [True, True, False],
                     [False, True, False]])
show("masked_scatter", lambda a, s: a.masked_scatter(mask, s), x, torch.arange(8.) - 3)
sidx = torch.tensor([[0, 1, 3], [2, 0, 1]])
show("scatter", lambda a, s: a.scatter(0, sidx, s), x, src)
show("scatter_value", lambda a: a.scatter(0, sidx, 9.0), x)
show("scatter_add", lambda a, s: a.scatter_add(0, sidx, s), x, src)
ridx = torch.tensor([[0, 1, 0], [0, 1, 0]])
for reduce in ["sum", "prod", "mean", "amax", "amin"]:
    for include_self in [True, False]:
        show("scatter_reduce " + reduce + " " + str(include_self),
             lambda a, s: a.scatter_reduce(0, ridx, s, reduce, include_self=include_self), x, src)
zx = torch.tensor([[2., 0., 3.], [0., 5., -1.], [1., 2., 6.], [-2., 4., 7.]])
zs = torch.tensor([[0., 2., -3.], [4., -5., 0.]])
show("scatter_reduce prod zeros", lambda a, s: a.scatter_reduce(0, ridx, s, "prod"), zx, zs)

show("cumsum", lambda a: a.cumsum(1), x)
show("cumsum0", lambda a: torch.cumsum(a, 0), x)
show("cumprod", lambda a: a.cumprod(1), x)
show("cumprod_zeros", lambda a: a.cumprod(0), torch.tensor([[2., 0.], [0., 3.], [3., 0.],
                                                              [-1., 2.]]))
show("cummax", lambda a: a.cummax(0), x)
show("cummin", lambda a: torch.cummin(a, 1), x)
show("logcumsumexp", lambda a: a.logcumsumexp(1), x.double())

show("sort", lambda a: a.sort(1), x)
show("sort_desc", lambda a: torch.sort(a, 0, descending=True), x)
show("msort", lambda a: torch.msort(a), x)
show("topk", lambda a: a.topk(2, dim=0), x)
show("topk_small", lambda a: a.topk(1, largest=False), x)
show("kthvalue", lambda a: a.kthvalue(2, 1), x)
show("kthvalue_keep", lambda a: a.kthvalue(3, 0, keepdim=True), x)
show("median", lambda a: a.median(), x)
show("median_ties", lambda a: a.median(), torch.tensor([1., 2., 2., 3.]))
show("median_dim", lambda a: a.median(1), x)
show("nanmedian", lambda a: a.nanmedian(), x)
show("nanmedian_dim", lambda a: a.nanmedian(0), x)
show("mode", lambda a: a.mode(0), torch.tensor([[1., 2.], [1., 3.], [4., 3.]]))

show("prod", lambda a: a.prod(), x[:, :2] + 8)
show("prod_one_zero", lambda a: a.prod(), zx[:2])
show("prod_two_zeros", lambda a: a.prod(), zx)
show("prod_dim", lambda a: a.prod(1), x)
show("prod_dim_keep", lambda a: a.prod(0, keepdim=True), zx)

q = torch.tensor([[[[1., 0.], [0., 1.], [1., 1.]]]], dtype=torch.float64)
k = torch.tensor([[[[1., 2.], [0., 1.], [-1., 0.], [2., 1.]]]], dtype=torch.float64)
v = torch.tensor([[[[1., -1.], [2., 0.], [0., 3.], [1., 1.]]]], dtype=torch.float64)
show("sdpa", lambda a, b, c: F.scaled_dot_product_attention(a, b, c), q, k, v)
show("sdpa_causal", lambda a, b, c: F.scaled_dot_product_attention(a, b, c, is_causal=True), q,
     k[:, :, :3], v[:, :, :3])
show("sdpa_mask", lambda a, b, c: F.scaled_dot_product_attention(
    a, b, c, attn_mask=torch.tensor([[True, False, True, True]] * 3), scale=0.5), q, k, v)
show("sdpa_3d", lambda a, b, c: F.scaled_dot_product_attention(a, b, c), q[0], k[0], v[0])

w = torch.tensor([[1., 2.], [3., 4.], [5., 6.], [7., 8.], [9., 10.]])
bag = torch.tensor([0, 2, 4, 2, 1])
offs = torch.tensor([0, 2])
show("embedding_bag_sum", lambda a: F.embedding_bag(bag, a, offs, mode="sum"), w)
show("embedding_bag_mean", lambda a: F.embedding_bag(bag, a, offs, mode="mean"), w)
show("embedding_bag_max", lambda a: F.embedding_bag(bag, a, offs, mode="max"), w)
show("embedding_bag_psw", lambda a, p: F.embedding_bag(bag, a, offs, mode="sum",
                                                       per_sample_weights=p), w,
     torch.tensor([1., 2., -1., 3., 2.]))
show("embedding_bag_pad", lambda a: F.embedding_bag(bag.reshape(1, 5), a, mode="mean",
                                                    padding_idx=2), w)
show("embedding_freq", lambda a: F.embedding(torch.tensor([[0, 2], [2, 2]]), a,
                                             scale_grad_by_freq=True), w)
show("embedding_bag_freq", lambda a: F.embedding_bag(bag, a, offs, mode="sum",
                                                     scale_grad_by_freq=True), w)
show("embedding_bag_freq_mean", lambda a: F.embedding_bag(torch.tensor([[1, 1], [3, 1]]), a,
                                                          mode="mean", scale_grad_by_freq=True), w)
