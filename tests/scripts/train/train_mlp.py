# tc-compare: rel=1e-4 abs=1e-5  reason: Linear layers multiply through OpenBLAS's GEMM under tc and MKL's under PyTorch, and inductor fuses differently; float32 sums in another order differ in the last bits, and training carries the difference on
# Training: the zoo's MLP classifier (Linear, ReLU, GELU, Dropout) with
# cross_entropy, 5 steps, SGD and AdamW, eager and compiled (_train_helper).
import torch
import torch.nn.functional as F
from _train_helper import train
from _zoo_models import MLP

torch.manual_seed(1)
x = torch.randn(16, 32)
target = torch.randint(0, 10, (16,))
train("mlp", MLP, (x,), lambda logits: F.cross_entropy(logits, target))
