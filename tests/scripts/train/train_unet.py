# tc-compare: rel=1e-4 abs=1e-5  reason: convolutions sum in oneDNN's order under PyTorch and in OpenBLAS's GEMM order under tc, and inductor fuses differently; float32 sums in another order differ in the last bits, and training carries the difference on
# Training: the zoo's small U-Net (conv, batch_norm, max_pool,
# conv_transpose, bilinear interpolate, skip connections) on per-pixel
# cross_entropy, 5 steps, SGD and AdamW, eager and compiled (_train_helper).
import torch
import torch.nn.functional as F
from _train_helper import train
from _zoo_models import UNet

torch.manual_seed(1)
x = torch.randn(2, 3, 16, 16)
mask = torch.randint(0, 2, (2, 16, 16))
train("unet", UNet, (x,), lambda logits: F.cross_entropy(logits, mask))
