# tc-compare: rel=1e-4 abs=1e-5  reason: convolutions sum in oneDNN's order under PyTorch and in OpenBLAS's GEMM order under tc, and inductor fuses differently; float32 sums in another order differ in the last bits, and training carries the difference on
# Training: the zoo's ResNet-style CNN (conv, batch_norm in training mode
# with running stats, residual blocks, adaptive pooling) with
# cross_entropy, 5 steps, SGD and AdamW, eager and compiled (_train_helper).
import torch
import torch.nn.functional as F
from _train_helper import train
from _zoo_models import ResNet

torch.manual_seed(1)
x = torch.randn(4, 3, 16, 16)
target = torch.randint(0, 10, (4,))
train("resnet", ResNet, (x,), lambda logits: F.cross_entropy(logits, target))
