# An LSTM language model (Embedding -> 2-layer LSTM -> Linear), forward on
# seeded tokens with default initialization after torch.manual_seed(0):
# logits statistics and values, the next-token argmax and the loss; in
# train mode the dropout between the LSTM layers draws PyTorch's stream.
# The GEMMs' summation order differs from PyTorch's (MKL / oneDNN there,
# OpenBLAS here), so values print rounded to 4 decimals.
import torch
import torch.nn as nn
import torch.nn.functional as F


class LSTMLM(nn.Module):
    def __init__(self, vocab, emb, hidden, layers, dropout):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb, padding_idx=0)
        self.lstm = nn.LSTM(emb, hidden, num_layers=layers, dropout=dropout, batch_first=True)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, tokens, state=None):
        x = self.embed(tokens)
        out, state = self.lstm(x, state)
        return self.head(out), state


torch.manual_seed(0)
model = LSTMLM(vocab=50, emb=16, hidden=32, layers=2, dropout=0.2)
print(model)
print(sum(p.numel() for p in model.parameters()))
tokens = torch.randint(1, 50, (4, 12))
targets = torch.randint(1, 50, (4, 12))
with torch.no_grad():
    model.eval()
    logits, (h, c) = model(tokens)
    print(tuple(logits.shape), tuple(h.shape), tuple(c.shape))
    print(round(logits.mean().item(), 5), round(logits.std().item(), 5))
    print(logits[0, :2, :6])
    print(logits.argmax(-1))
    loss = F.cross_entropy(logits.reshape(-1, 50), targets.reshape(-1))
    print(round(loss.item(), 4))
    # continue from the returned state, one token at a time
    step, state = model(tokens[:, :1], (h, c))
    print(step[:, 0, :5])
    model.train()
    torch.manual_seed(1)
    logits_t, _ = model(tokens)
    print(logits_t[1, -1, :6])
