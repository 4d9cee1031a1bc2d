# print(module): nested custom modules, Sequential inside modules, reprs of leaf modules.
import torch
import torch.nn as nn

class Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim, bias=False)
        self.drop = nn.Dropout(0.1)

class MLP(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim), nn.Dropout(0.0))

class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = Attention(dim)
        self.ln2 = nn.LayerNorm(dim, eps=1e-6)
        self.mlp = MLP(dim, 4 * dim)

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(100, 8)
        self.blocks = nn.Sequential(Block(8), Block(8))
        self.head = nn.Linear(8, 100)
        self.act = nn.ReLU()

class NoChildren(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.zeros(2))

model = Model()
print(model)
print(Block(4).attn)
print(NoChildren())
print(nn.Linear(1, 1), nn.Linear(5, 7, bias=False))
print(nn.ReLU(), nn.GELU(), nn.GELU(approximate="tanh"), nn.Dropout(), nn.Dropout(0.25))
print(nn.LayerNorm(16), nn.LayerNorm([2, 3], elementwise_affine=False), nn.LayerNorm(4, eps=1e-12))
print(nn.Embedding(50, 3), nn.Embedding(50, 3, padding_idx=0))
print(nn.MSELoss(), nn.CrossEntropyLoss())
print(nn.Sequential(nn.Linear(2, 2)))
print(str(nn.ReLU()), repr(nn.Linear(3, 3)))
print(sum([p.numel() for p in model.parameters()]))
