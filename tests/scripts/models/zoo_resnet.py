# tc-compare: rel=1e-4 abs=1e-5  reason: convolutions and the classifier sum in oneDNN's/MKL's order under PyTorch and in OpenBLAS's GEMM order under tc; batch statistics in another order too (float32 last bits)
# Model zoo: a ResNet-style CNN (BasicBlocks with BatchNorm, two stages) on
# 3x32x32 inputs, batch 8; a training-mode forward (batch statistics, running
# statistics updated) and an eval-mode forward.
import torch
from _zoo_helper import compare_compiled, report
from _zoo_models import ResNet


torch.manual_seed(0)
model = ResNet()
print(model)
print("parameters", sum(p.numel() for p in model.parameters()))
print("buffers", [name for name, _ in model.named_buffers()][:4])
x = torch.randn(8, 3, 32, 32)

model.train()
out_train = model(x)
report("train logits", out_train)
bn = model.layer2[0].bn1
print("running_mean", bn.running_mean[:4].tolist())
print("running_var", bn.running_var[:4].tolist())
print("num_batches_tracked", bn.num_batches_tracked.item())

model.eval()
out = model(x)
report("eval logits", out)
print("argmax", out.argmax(dim=1).tolist())
compare_compiled("eval logits", model, (x,), out)
