# tc-compare: rel=1e-4 abs=1e-5  reason: Linear layers multiply through OpenBLAS's GEMM under tc and MKL's under PyTorch, and inductor fuses differently; float32 sums in another order differ in the last bits, and training carries the difference on
# Training: the zoo's GPT-style decoder (tied embeddings, causal attention,
# LayerNorm, GELU MLP) on next-token cross_entropy, 5 steps, SGD and AdamW,
# eager and compiled (_train_helper).
import torch
import torch.nn.functional as F
from _train_helper import train
from _zoo_models import GPT, VOCAB

torch.manual_seed(1)
idx = torch.randint(0, VOCAB, (2, 16))


def loss_fn(logits):
    return F.cross_entropy(logits[:, :-1].reshape(-1, VOCAB), idx[:, 1:].reshape(-1))


train("gpt", GPT, (idx,), loss_fn)
