# tc-compare: rel=1e-4 abs=1e-5  reason: Linear layers multiply through OpenBLAS's GEMM under tc and MKL's under PyTorch; float32 sums in another order differ in the last bits
# Model zoo: an MLP classifier, default initialization after torch.manual_seed(0).
import torch
import torch.nn as nn
import torch.nn.functional as F
from _zoo_helper import compare_compiled, report


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(32, 64), nn.ReLU(),
            nn.Linear(64, 64), nn.GELU(),
            nn.Dropout(0.1),
            nn.Linear(64, 10))

    def forward(self, x):
        return self.net(x)


torch.manual_seed(0)
model = MLP()
print(model)
print("parameters", sum(p.numel() for p in model.parameters()))
x = torch.randn(16, 32)
target = torch.randint(0, 10, (16,))
model.eval()
logits = model(x)
report("logits", logits)
print("argmax", logits.argmax(dim=1).tolist())
print("loss", F.cross_entropy(logits, target).item())
compare_compiled("logits", model, (x,), logits)
