# PyTorch's default initialization of every nn module with parameters, under
# torch.manual_seed: Linear (kaiming_uniform_ with a=sqrt(5), then the bias),
# Embedding (normal_, padding row zeroed after the draw), LayerNorm (no draws),
# in float32 and float64 (and the half types), and the draw order of
# containers and custom modules (construction order). Printed in full with
# tolist().
import math
import torch
import torch.nn as nn


def params(label, m):
    for name, p in m.named_parameters():
        print(label, name, p.dtype, list(p.shape), p.requires_grad, p.tolist())


torch.manual_seed(0)
params('Linear(7, 3)', nn.Linear(7, 3))
# fan_in 5 and 6, where the a=sqrt(5) bound is not 1/sqrt(fan_in) bit for bit;
# fan_in 16 and 20 outputs: more than 16 weights.
for fan_in, fan_out in ((5, 4), (6, 2), (16, 20), (1, 1), (3, 17)):
    params(f'Linear({fan_in}, {fan_out})', nn.Linear(fan_in, fan_out))
params('Linear no bias', nn.Linear(4, 3, bias=False))
params('Linear float64', nn.Linear(5, 3, dtype=torch.float64))
params('Linear float64 big', nn.Linear(9, 4, dtype=torch.float64))
params('Linear bfloat16', nn.Linear(6, 3, dtype=torch.bfloat16))
params('Linear float16', nn.Linear(3, 6, dtype=torch.float16))
print('after Linears', torch.rand(3).tolist())

# in_features 0: the weight has no elements (kaiming_uniform_ draws nothing),
# the bias is drawn from U(0, 0).
torch.manual_seed(1)
params('Linear(0, 3)', nn.Linear(0, 3))
print('after Linear(0, 3)', torch.rand(2).tolist())
params('Linear(3, 0)', nn.Linear(3, 0))
print('after Linear(3, 0)', torch.rand(2).tolist())

torch.manual_seed(2)
params('Embedding(3, 4)', nn.Embedding(3, 4))
params('Embedding(5, 4)', nn.Embedding(5, 4))
params('Embedding(10, 3, padding_idx=2)', nn.Embedding(10, 3, padding_idx=2))
params('Embedding(4, 2, padding_idx=-1)', nn.Embedding(4, 2, padding_idx=-1))
params('Embedding float64', nn.Embedding(6, 3, dtype=torch.float64))
params('Embedding float64 small', nn.Embedding(2, 3, dtype=torch.float64))
params('Embedding float16', nn.Embedding(4, 5, dtype=torch.float16))
params('Embedding frozen', nn.Embedding(2, 2, _freeze=True))
print('after Embeddings', torch.rand(3).tolist())
e = nn.Embedding.from_pretrained(torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), padding_idx=1)
print(e, e.weight.requires_grad, e.weight.tolist(), e.padding_idx)
e = nn.Embedding.from_pretrained(torch.tensor([[1.5, 2.5]]), freeze=False)
print(e, e.weight.requires_grad, e.weight.tolist())
print('from_pretrained draws nothing', torch.rand(2).tolist())

# LayerNorm draws nothing: the stream continues where it was.
torch.manual_seed(3)
a = torch.rand(2).tolist()
params('LayerNorm', nn.LayerNorm(4))
params('LayerNorm no bias', nn.LayerNorm((2, 3), bias=False, dtype=torch.float64))
params('LayerNorm no affine', nn.LayerNorm(3, elementwise_affine=False))
torch.manual_seed(3)
print('LayerNorm draws nothing', torch.rand(2).tolist() == a, torch.rand(2).tolist())

# Containers: submodules are built (and draw) in argument order.
torch.manual_seed(4)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.LayerNorm(8), nn.Dropout(0.1),
                    nn.Linear(8, 2))
params('Sequential', net)
torch.manual_seed(4)
parts = [nn.Linear(4, 8), nn.Linear(8, 8), nn.Linear(8, 2)]
print('same as one by one', all((p.tolist() == q.tolist()) for p, q in
                                zip(net.parameters(), [parts[0].weight, parts[0].bias, parts[1].weight,
                                                       parts[1].bias, net[3].weight, net[3].bias,
                                                       parts[2].weight, parts[2].bias])))

torch.manual_seed(5)
layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(2)])
layers.append(nn.Embedding(4, 3))
params('ModuleList', layers)


class Block(nn.Module):
    def __init__(self, d, vocab, dtype=None):
        super().__init__()
        self.emb = nn.Embedding(vocab, d, dtype=dtype)
        self.norm = nn.LayerNorm(d, dtype=dtype)
        self.proj = nn.Linear(d, 2 * d, dtype=dtype)
        self.out = nn.Linear(2 * d, vocab, bias=False, dtype=dtype)

    def forward(self, idx):
        return self.out(torch.relu(self.proj(self.norm(self.emb(idx)))))


for dt in (torch.float32, torch.float64):
    torch.manual_seed(6)
    b = Block(3, 5, dt)
    params(f'Block {dt}', b)
    with torch.no_grad():
        print(b(torch.tensor([0, 4, 2])))


# reset_parameters draws again, from where the stream is.
torch.manual_seed(7)
lin = nn.Linear(3, 2)
first = [p.tolist() for p in lin.parameters()]
lin.reset_parameters()
params('reset Linear', lin)
torch.manual_seed(7)
lin.reset_parameters()
print('reset matches construction', [p.tolist() for p in lin.parameters()] == first)
emb = nn.Embedding(4, 2, padding_idx=0)
emb.reset_parameters()
params('reset Embedding', emb)
ln = nn.LayerNorm(2)
with torch.no_grad():
    ln.weight.fill_(3.0)
    ln.bias.fill_(-1.0)
ln.reset_parameters()
params('reset LayerNorm', ln)

# The weights in use: a seeded model's forward output matches PyTorch's.
torch.manual_seed(8)
mlp = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 3))
x = torch.randn(4, 6)
with torch.no_grad():
    print(mlp(x))

errors = [
    ('Embedding padding_idx', lambda: nn.Embedding(3, 2, padding_idx=3)),
    ('Embedding padding_idx negative', lambda: nn.Embedding(3, 2, padding_idx=-4)),
    ('Embedding _weight shape', lambda: nn.Embedding(3, 2, _weight=torch.zeros(2, 3))),
    ('from_pretrained 1-D', lambda: nn.Embedding.from_pretrained(torch.zeros(3))),
    ('Linear negative', lambda: nn.Linear(3, -1)),
    ('Embedding negative', lambda: nn.Embedding(-2, 3)),
]
for label, fn in errors:
    try:
        fn()
        print(label, 'no error')
    except (AssertionError, RuntimeError) as e:
        print(label, type(e).__name__ + ':', e)
