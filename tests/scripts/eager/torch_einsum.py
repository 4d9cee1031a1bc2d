# tc-compare: rel=1e-5 abs=1e-5  reason: einsum contracts through bmm: OpenBLAS GEMM under tc, MKL or ATen's loops under PyTorch (float32 sums in another order: last bits differ).
# torch.einsum: explicit and implicit outputs, '...', repeated subscripts
# (diagonals), sums, outer products, batch matmuls, three operands,
# operands as varargs or one list; small integer data (exact) and random data.
import torch

a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4) - 5
sq = torch.arange(9.0).reshape(3, 3)
print(torch.einsum('ij,jk->ik', a, b))
print(torch.einsum('ij,jk', a, b))
print(torch.einsum('ij,jk', [a, b]))
print(torch.einsum('ij->ji', a))
print(torch.einsum('ij->', a), torch.einsum('ij->j', a), torch.einsum('ij', a))
print(torch.einsum('ii->i', sq), torch.einsum('ii', sq), torch.einsum('ii->', sq))
print(torch.einsum('i,j->ij', torch.arange(3.0), torch.arange(2.0)))
print(torch.einsum('i,i->', torch.arange(3.0), torch.arange(3.0) + 1))
print(torch.einsum('i,i', torch.arange(3.0), torch.arange(3.0) + 1))
print(torch.einsum('ba,ca', a, a))
print(torch.einsum(' i j , j k -> i k ', a, b))
x = torch.arange(24.0).reshape(2, 3, 4)
y = torch.arange(40.0).reshape(2, 4, 5) - 20
print(torch.einsum('bij,bjk->bik', x, y))
print(torch.einsum('bij,bjk->bk', x, y))
print(torch.einsum('...ij,...jk->...ik', x, y).shape)
print(torch.einsum('...j,jk', x, b.T), torch.einsum('i...->...', x))
print(torch.einsum('b...,b...->b', x, x))
print(torch.einsum('bii->bi', torch.arange(18.0).reshape(2, 3, 3)))
print(torch.einsum('iji->j', torch.arange(27.0).reshape(3, 3, 3)))
print(torch.einsum('ij,jk,kl->il', a, b, torch.arange(8.0).reshape(4, 2)))
print(torch.einsum('ij,ij,ij->i', a, a, a))
print(torch.einsum('ij,kl->ijkl', a, a).shape)
print(torch.einsum('AB,Bc->Ac', a, b))
print(torch.einsum('ij,j->i', a.long(), torch.tensor([1, 2, 3])))
print(torch.einsum('i,j', torch.tensor([1, 2]), torch.tensor([1.5, 2.5, 3.5])))
print(torch.einsum('ij,1j->i' if False else 'ij,kj->i', a, torch.ones(1, 3)))
print(torch.einsum('bhqd,bhkd->bhqk', x.reshape(1, 2, 3, 4), x.reshape(1, 2, 3, 4)))

torch.manual_seed(0)
q = torch.randn(2, 3, 5, 8)
k = torch.randn(2, 3, 7, 8)
v = torch.randn(2, 3, 7, 8)
s = torch.einsum('bhqd,bhkd->bhqk', q, k)
print(s.shape, s[0, 0].tolist())
print(torch.einsum('bhqk,bhkd->bqhd', s.softmax(-1), v)[1, :2].tolist())
w = torch.randn(8, 6)
print(torch.einsum('...d,de->...e', q, w)[0, 1].tolist())
print(torch.einsum('bhqd->bqd', q)[0].tolist())


def attention_scores(q, k):
    return torch.einsum('bhqd,bhkd->bhqk', q, k) * 0.5


print(attention_scores(x.reshape(1, 2, 3, 4), y.reshape(1, 2, 4, 5)[..., :4].contiguous()))
