# tc-compare: rel=1e-4 abs=1e-5  reason: Linear layers and attention multiply through OpenBLAS's GEMM under tc and MKL's under PyTorch; float32 sums in another order differ in the last bits
# Model zoo: nn.TransformerEncoder (2 layers, batch_first) over embedded tokens
# with a key padding mask, mean-pooled into a classifier.
import torch
import torch.nn as nn
from _zoo_helper import compare_compiled, report
from _zoo_models import Classifier


torch.manual_seed(0)
model = Classifier()
print(model)
print("parameters", sum(p.numel() for p in model.parameters()))
tokens = torch.randint(1, 100, (4, 16))
lengths = torch.tensor([16, 12, 9, 5])
padding_mask = torch.arange(16).unsqueeze(0) >= lengths.unsqueeze(1)
tokens = tokens.masked_fill(padding_mask, 0)
model.eval()
out = model(tokens, padding_mask)
report("logits", out)
compare_compiled("logits", model, (tokens, padding_mask), out)
