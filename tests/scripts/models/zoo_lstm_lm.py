# tc-compare: rel=1e-4 abs=1e-5  reason: the LSTM's gates and the decoder multiply through OpenBLAS's GEMM under tc and MKL's under PyTorch; float32 sums in another order differ in the last bits
# Model zoo: an LSTM language model (Embedding -> 2-layer LSTM -> Linear).
import torch
import torch.nn as nn
import torch.nn.functional as F
from _zoo_helper import compare_compiled, report
from _zoo_models import LSTMLM


torch.manual_seed(0)
model = LSTMLM()
print(model)
print("parameters", sum(p.numel() for p in model.parameters()))
print("names", [name for name, _ in model.lstm.named_parameters()])
tokens = torch.randint(0, 65, (4, 20))
model.eval()
logits, h, c = model(tokens)
report("logits", logits)
report("h_n", h)
report("c_n", c)
print("loss", F.cross_entropy(logits[:, :-1].reshape(-1, 65), tokens[:, 1:].reshape(-1)).item())
compare_compiled("logits", model, (tokens,), logits)
