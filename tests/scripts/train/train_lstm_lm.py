# tc-compare: rel=1e-4 abs=1e-5  reason: the LSTM's and the decoder's GEMMs sum through OpenBLAS under tc and MKL under PyTorch; float32 sums in another order differ in the last bits, and training carries the difference on
# Training: the zoo's 2-layer LSTM language model (embedding, LSTM with
# dropout between layers, decoder) on next-token cross_entropy, 5 steps,
# SGD and AdamW, eager and compiled (_train_helper; Dynamo breaks the graph
# at the LSTM module, so the compiled modes stitch compiled pieces around
# an eager LSTM).
import torch
import torch.nn.functional as F
from _train_helper import train
from _zoo_models import LSTMLM

torch.manual_seed(1)
tokens = torch.randint(0, 65, (3, 12))


def loss_fn(out):
    logits = out[0]
    return F.cross_entropy(logits[:, :-1].reshape(-1, 65), tokens[:, 1:].reshape(-1))


train("lstm", LSTMLM, (tokens,), loss_fn)
