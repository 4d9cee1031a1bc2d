# tc-compare: rel=1e-4 abs=1e-5  reason: Linear layers and attention multiply through OpenBLAS's GEMM under tc and MKL's under PyTorch; float32 sums in another order differ in the last bits
# Model zoo: a GPT-style decoder (token and position embeddings, 2 blocks of
# causal self-attention through F.scaled_dot_product_attention, MLP,
# LayerNorm), vocabulary 65, context 64.
import torch
import torch.nn.functional as F
from _zoo_helper import compare_compiled, report
from _zoo_models import BLOCK, GPT, VOCAB

torch.manual_seed(0)
model = GPT()
print(model)
print("parameters", sum(p.numel() for p in model.parameters()))
idx = torch.randint(0, VOCAB, (4, BLOCK))
targets = torch.randint(0, VOCAB, (4, BLOCK))
model.eval()
logits = model(idx)
report("logits", logits)
print("loss", F.cross_entropy(logits.view(-1, VOCAB), targets.view(-1)).item())
print("next tokens", logits[:, -1, :].argmax(dim=-1).tolist())
compare_compiled("logits", model, (idx,), logits)
