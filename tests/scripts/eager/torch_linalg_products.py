# tc-compare: rel=1e-5 abs=1e-5  reason: baddbmm/addbmm/addmv/tensordot/einsum of random floats go through OpenBLAS GEMM under tc and ATen's own loops or MKL under PyTorch (float32 sums in another order: last bits differ).
# baddbmm addbmm addmv addr outer/ger kron tensordot einsum: values on
# random data, exact values on small integer data, beta/alpha keywords,
# Tensor methods and in-place forms.
import torch

torch.manual_seed(0)
inp = torch.randn(3, 4, 5)
b1 = torch.randn(3, 4, 6)
b2 = torch.randn(3, 6, 5)
print(torch.baddbmm(inp, b1, b2).tolist())
print(torch.baddbmm(inp, b1, b2, beta=0.5, alpha=2.0).tolist())
print(inp.baddbmm(b1, b2, beta=0).tolist())
print(torch.baddbmm(torch.randn(5), b1, b2).shape)
m = torch.randn(4, 5)
print(torch.addbmm(m, b1, b2).tolist())
print(m.addbmm(b1, b2, beta=2, alpha=-1).tolist())
mat = torch.randn(4, 6)
vec = torch.randn(6)
print(torch.addmv(torch.randn(4), mat, vec).tolist())
print(torch.addmv(torch.randn(1), mat, vec, beta=0.25, alpha=3).tolist())
v1 = torch.randn(4)
v2 = torch.randn(5)
# addr and outer multiply elementwise as ATen does: bit for bit.
print(torch.addr(m, v1, v2).tolist())
print(torch.addr(m, v1, v2, beta=0.5, alpha=-2.0).tolist())
print(m.addr(v1, v2, beta=0).tolist())
print(torch.outer(v1, v2).tolist())
print(v1.ger(v2).tolist(), torch.ger(v1, v2).equal(v1.outer(v2)))
print(torch.kron(torch.randn(2, 3), torch.randn(3, 2)).tolist())

# Small integers: every sum is exact.
a = torch.arange(24.0).reshape(2, 3, 4)
b = torch.arange(40.0).reshape(2, 4, 5) - 10
print(torch.baddbmm(torch.ones(2, 3, 5), a, b, beta=2, alpha=3))
print(torch.addbmm(torch.ones(3, 5), a, b))
i1 = torch.arange(6).reshape(2, 3)
print(torch.addmv(torch.tensor([1, 2]), i1, torch.tensor([1, -1, 2]), beta=3, alpha=2))
print(torch.addr(torch.zeros(2, 3, dtype=torch.int64), torch.tensor([1, 2]), torch.tensor([3, 4, 5]), alpha=2))
print(torch.addr(torch.zeros(2, 3, dtype=torch.bool), torch.tensor([True, False]), torch.tensor([True, False, True])))
print(torch.addr(torch.ones(3), torch.tensor([1, 2]), torch.tensor([3.0, 4.0, 5.0])))
print(torch.outer(torch.tensor([1, 2, 3]), torch.tensor([2.5, -1.0])))
print(torch.kron(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[0, 1], [1, 0]])))
print(torch.kron(torch.tensor([1.0, 2.0]), torch.ones(2, 2)).shape, torch.kron(torch.tensor(2.0), torch.ones(3)))
print(torch.tensordot(a, b, dims=([1, 2], [1, 2]))[:1] if False else torch.tensordot(a, torch.arange(12.0).reshape(3, 4), dims=2))
print(torch.tensordot(a, b, dims=([2], [1])).shape)
print(torch.tensordot(a, b, dims=[[0, 2], [0, 1]]))
print(torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.arange(6.0).reshape(3, 2), dims=1))
print(torch.tensordot(torch.arange(3.0), torch.arange(4.0), dims=0))
print(torch.tensordot(a, torch.ones(1, 4), dims=([0, 2], [0, 1])))

# In-place forms.
t = torch.ones(2, 3, 5)
t.baddbmm_(a, b, alpha=0.5)
print(t)
t2 = torch.ones(3, 5)
print(t2.addbmm_(a, b, beta=0) is t2, t2)
t3 = torch.ones(2)
t3.addmv_(i1.float(), torch.tensor([1.0, 0.0, -1.0]))
print(t3)
t4 = torch.zeros(2, 3)
t4.addr_(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0, 3.0]), beta=5)
print(t4)
t5 = torch.zeros(2)
torch.addmv_(t5, i1.float(), torch.ones(3))
print(t5)


def mixed(x, y, z):
    return torch.baddbmm(x, y, z, alpha=0.5) + 1, torch.addr(x[0], y[0, :, 0], z[0, 0])


r1, r2 = mixed(torch.ones(2, 3, 5), a, b)
print(r1, r2)
