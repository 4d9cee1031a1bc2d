# tc-compare: rel=1e-4 abs=1e-5  reason: Linear layers multiply through OpenBLAS's GEMM under tc and MKL's under PyTorch; float32 sums in another order differ in the last bits
# Model zoo: an MLP classifier, default initialization after torch.manual_seed(0).
import torch
import torch.nn as nn
import torch.nn.functional as F
from _zoo_helper import compare_compiled, report
from _zoo_models import MLP


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
