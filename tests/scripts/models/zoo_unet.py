# tc-compare: rel=1e-4 abs=1e-5  reason: convolutions sum in oneDNN's order under PyTorch and in OpenBLAS's GEMM order under tc (float32 last bits)
# Model zoo: a small U-Net (conv, max_pool, conv_transpose, bilinear
# interpolate, skip connections by cat).
import torch
import torch.nn as nn
import torch.nn.functional as F
from _zoo_helper import compare_compiled, report
from _zoo_models import UNet


torch.manual_seed(0)
model = UNet()
print(model)
print("parameters", sum(p.numel() for p in model.parameters()))
x = torch.randn(2, 3, 32, 32)
model.eval()
out = model(x)
report("mask logits", out)
print("classes", out.argmax(dim=1)[0, :2, :8].tolist())
compare_compiled("mask logits", model, (x,), out)
