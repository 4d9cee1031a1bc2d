# tc-compare: rel=1e-4 abs=1e-5  reason: Linear layers multiply through OpenBLAS's GEMM under tc and MKL's under PyTorch, and inductor fuses differently; float32 sums in another order differ in the last bits, and training carries the difference on
# Training: the zoo's TransformerEncoder classifier (embedding with
# padding_idx, key padding mask, masked mean pooling) with cross_entropy,
# 5 steps, SGD and AdamW, eager and compiled (_train_helper). Without
# dropout: in training mode with dropout, tc's encoder layers draw other
# masks than PyTorch's for padded sequences (not yet explained).
import torch
import torch.nn.functional as F
from _train_helper import train
from _zoo_models import Classifier

torch.manual_seed(1)
tokens = torch.randint(1, 100, (4, 12))
lengths = torch.tensor([12, 9, 7, 4])
padding_mask = torch.arange(12).unsqueeze(0) >= lengths.unsqueeze(1)
tokens = tokens.masked_fill(padding_mask, 0)
target = torch.tensor([0, 3, 1, 4])
train("encoder", lambda: Classifier(dropout=0.0), (tokens, padding_mask),
      lambda logits: F.cross_entropy(logits, target))
