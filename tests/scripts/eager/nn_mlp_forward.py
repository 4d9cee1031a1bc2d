# An MLP classifier with deterministically set weights: forward pass, loss, accuracy.
import torch
import torch.nn as nn
import torch.nn.functional as F

class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.fc1 = nn.Linear(sizes[0], sizes[1])
        self.fc2 = nn.Linear(sizes[1], sizes[2])
        self.fc3 = nn.Linear(sizes[2], sizes[3])
        self.act = nn.GELU()
        self.norm = nn.LayerNorm(sizes[1])

    def forward(self, x):
        h = self.act(self.norm(self.fc1(x)))
        h = F.relu(self.fc2(h))
        return self.fc3(h)

def init_weights(model):
    with torch.no_grad():
        for i, (name, p) in enumerate(model.named_parameters()):
            n = p.numel()
            vals = torch.sin(torch.arange(n, dtype=torch.float32) * 0.7 + i) * 0.5
            p.copy_(vals.reshape(p.shape))

model = MLP([4, 8, 6, 3])
init_weights(model)
print(model)
x = torch.linspace(-1, 1, 20).reshape(5, 4)
y = torch.tensor([0, 1, 2, 1, 0])
with torch.no_grad():
    logits = model(x)
    print(logits)
    probs = F.softmax(logits, dim=-1)
    print(probs)
    print(probs.sum(-1))
    loss = F.cross_entropy(logits, y)
    print("loss", loss, loss.item() > 0)
    pred = logits.argmax(-1)
    print("pred", pred, "acc", (pred == y).float().mean())
    print("mse to one-hot", F.mse_loss(probs, torch.zeros(5, 3).scatter(1, y.unsqueeze(1), 1.0)))
    h1 = model.fc1(x)
    print(h1.shape, model.norm(h1).mean(-1).abs().max() < 1e-5)
for name, p in model.named_parameters():
    print(name, tuple(p.shape), round(p.sum().item(), 4))
print(sum([p.numel() for p in model.parameters()]))
model.eval()
with torch.no_grad():
    print(torch.equal(model(x), logits))
