# Times nn.LSTM and nn.GRU forward (2 layers, input 256, hidden 256, 64
# steps, batch 32, float32, eval, no grad); runs unchanged under tc-run and
# under CPython + PyTorch, so compare_rnn_with_torch.py can print both side
# by side. Prints one line per case: `name best_ms`.
import torch
import torch.nn as nn
from timing_util import best_ms


torch.manual_seed(0)
x = torch.randn(64, 32, 256)
lstm = nn.LSTM(256, 256, num_layers=2).eval()
gru = nn.GRU(256, 256, num_layers=2).eval()
cases = [
    ("lstm_2x256_64x32", lambda: lstm(x)),
    ("gru_2x256_64x32", lambda: gru(x)),
]
with torch.no_grad():
    for name, fn in cases:
        print(name, "%.3f" % best_ms(fn))
