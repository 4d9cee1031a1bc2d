# nn.Embedding and F.embedding with deterministic weights, padding_idx, multi-dim indices.
import torch
import torch.nn as nn
import torch.nn.functional as F

emb = nn.Embedding(6, 3)
print(emb, emb.weight.shape, emb.num_embeddings, emb.embedding_dim)
with torch.no_grad():
    emb.weight.copy_(torch.arange(18.0).reshape(6, 3) / 2)
    print(emb(torch.tensor([0, 5, 2])))
    print(emb(torch.tensor([[1, 1], [4, 0]])))
    print(emb(torch.tensor([[1, 1], [4, 0]])).shape, emb(torch.tensor(3)))
    print(F.embedding(torch.tensor([2, 3]), emb.weight))
    print(emb.weight[torch.tensor([2, 3])])
pad = nn.Embedding(5, 2, padding_idx=0)
print(pad, pad.padding_idx, pad.weight[0].tolist())
with torch.no_grad():
    pad.weight.copy_(torch.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]))
    tokens = torch.tensor([[1, 2, 0, 0], [3, 4, 4, 0]])
    vecs = pad(tokens)
    print(vecs)
    lengths = (tokens != 0).sum(1)
    print(lengths, vecs.sum(1) / lengths.unsqueeze(1))
print(nn.Embedding(10, 4, padding_idx=2).weight[2].tolist())
E = torch.tensor([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])
print(F.embedding(torch.tensor([[0, 2], [1, 1]]), E))
print(nn.Embedding(3, 2).weight.dtype, emb(torch.tensor([1])).requires_grad)
