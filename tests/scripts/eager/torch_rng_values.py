# Every CPU random op draws what PyTorch draws: rand/randn in each float dtype and size
# class (the vectorised normal path starts at 16 elements), randint, randperm, normal's
# overloads, bernoulli, multinomial, the in-place methods on contiguous and transposed
# tensors, dropout. Printed in full with tolist().
import torch
import torch.nn as nn
import torch.nn.functional as F



def draw(n, dt):
    return torch.rand(n, dtype=dt), torch.randn(n, dtype=dt)


for dt in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
    for n in (1, 7, 16, 17, 33):
        torch.manual_seed(n)
        u, z = draw(n, dt)
        print(dt, n, u.tolist())
        print(dt, n, z.tolist())

torch.manual_seed(1)
print(torch.randn(3).tolist(), torch.randn(16).tolist()[:3], torch.randn(1).tolist())
print(torch.rand(2, 3).tolist())
print(torch.rand_like(torch.zeros(2, 2, dtype=torch.float64)).tolist())
print(torch.randn_like(torch.zeros(5), dtype=torch.float64).tolist())
print(torch.randint(10, (8,)).tolist(), torch.randint(-5, 5, (2, 4), dtype=torch.int32).tolist())
print(torch.randint_like(torch.zeros(6), 3, 9).tolist())
print(torch.randperm(10).tolist(), torch.randperm(5, dtype=torch.float32).tolist())

torch.manual_seed(2)
print(torch.normal(2.0, 3.0, size=(5,)).tolist())
print(torch.normal(torch.arange(5.0), torch.ones(5) * 0.5).tolist())
print(torch.normal(torch.arange(4.0), 2.0).tolist())
print(torch.normal(1.0, torch.arange(1.0, 4.0)).tolist())

torch.manual_seed(3)
p = torch.tensor([0.0, 0.25, 0.5, 0.75, 1.0, 0.5, 0.5])
print(torch.bernoulli(p).tolist(), torch.bernoulli(p.double()).tolist())
print(torch.bernoulli(torch.zeros(6), 0.4).tolist())
w = torch.tensor([0.1, 0.0, 0.3, 0.6, 0.2])
print(torch.multinomial(w, 3).tolist(), torch.multinomial(w, 1).tolist())
print(torch.multinomial(w, 10, replacement=True).tolist())
print(torch.multinomial(torch.tensor([[1.0, 2.0, 3.0], [3.0, 0.0, 1.0]]), 2).tolist())
print(w.multinomial(2).tolist())

torch.manual_seed(4)
t = torch.empty(4, 5)
print(t.uniform_(-1, 2).tolist())
print(torch.empty(20).normal_(0.5, 2.0).tolist()[:6])
print(torch.empty(6, dtype=torch.int64).random_(0, 50).tolist(), torch.empty(4).random_(7).tolist())
print(torch.empty(5, dtype=torch.int16).random_().tolist(), torch.empty(3, dtype=torch.uint8).random_(3, None).tolist())
print(torch.empty(5).bernoulli_(0.3).tolist(), torch.empty(3).bernoulli_().tolist())
print(torch.empty(3).bernoulli_(torch.tensor([0.2, 0.5, 0.9])).tolist())
print(torch.empty(4).exponential_(2.0).tolist(), torch.empty(4).geometric_(0.4).tolist())
print(torch.empty(3).log_normal_(0.0, 0.5).tolist(), torch.empty(3).cauchy_(1.0, 0.5).tolist())

# Non-contiguous tensors fill in memory order; normal_ takes the scalar path.
torch.manual_seed(5)
tt = torch.empty(5, 4).t()
print(tt.uniform_().tolist())
tn = torch.empty(6, 3).t()
print(tn.normal_().tolist())
strided = torch.zeros(40)[::2]
print(strided.normal_().tolist()[:5])

torch.manual_seed(6)
x = torch.arange(12.0).reshape(3, 4)
print(F.dropout(x, 0.3).tolist())
print(F.dropout(x, 0.0).tolist() == x.tolist(), F.dropout(x, 1.0).tolist())
d = nn.Dropout(0.5)
print(d(x).tolist())
d.eval()
print(d(x).tolist() == x.tolist())
print(F.dropout(x.double(), 0.25).tolist())

for bad in (lambda: torch.randint(5, 3, (2,)), lambda: torch.multinomial(w, 9),
            lambda: torch.empty(3).normal_(0, -1), lambda: torch.empty(3).uniform_(1, 0),
            lambda: torch.empty(3).bernoulli_(1.5), lambda: torch.multinomial(torch.tensor([0.0, 0.0]), 1),
            lambda: torch.empty(3).exponential_(0), lambda: torch.randn(2, dtype=torch.int64)):
    try:
        bad()
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
