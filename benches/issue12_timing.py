# Times the rows of issue 12's benchmark table (conv2d 3x3 64->64 on
# 8x64x56x56, also channels_last, conv2d 7x7 stride 2 3->64 on
# 8x3x224x224, batch_norm eval and max_pool 3x3 s2 on the first conv's
# output, causal SDPA B=8 H=12 S=512 D=64, softmax and layer_norm over
# [4096, 1024], LSTM 2 layers hidden 256 over 64 steps, the GPT-style and
# ResNet-style model zoo forwards); runs unchanged under tc-run and under
# CPython + PyTorch, so compare_issue12_with_torch.py prints both side by
# side. One line per case: `name best_ms`.
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F
from timing_util import best_ms

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests",
                                "scripts", "models"))
from _zoo_models import BLOCK, GPT, VOCAB, ResNet  # noqa: E402

torch.manual_seed(0)
x3 = torch.randn(8, 64, 56, 56)
w3 = torch.randn(64, 64, 3, 3)
x7 = torch.randn(8, 3, 224, 224)
w7 = torch.randn(64, 3, 7, 7)
x3_cl = x3.contiguous(memory_format=torch.channels_last)
y3 = F.conv2d(x3, w3, padding=1)
mean, var = torch.zeros(64), torch.ones(64)
q, k, v = (torch.randn(8, 12, 512, 64) for _ in range(3))
rows = torch.randn(4096, 1024)
ln_w, ln_b = torch.ones(1024), torch.zeros(1024)
lstm = nn.LSTM(256, 256, num_layers=2).eval()
seq = torch.randn(64, 32, 256)
gpt = GPT().eval()
idx = torch.randint(0, VOCAB, (4, BLOCK))
resnet = ResNet().eval()
images = torch.randn(8, 3, 32, 32)
cases = [
    ("conv3x3_64_56", lambda: F.conv2d(x3, w3, padding=1)),
    ("conv3x3_64_56_cl", lambda: F.conv2d(x3_cl, w3, padding=1)),
    ("conv7x7s2_3_224", lambda: F.conv2d(x7, w7, stride=2, padding=3)),
    ("batch_norm_eval", lambda: F.batch_norm(y3, mean, var)),
    ("max_pool3x3s2", lambda: F.max_pool2d(y3, 3, 2, 1)),
    ("sdpa_causal_512", lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True)),
    ("softmax_4096x1024", lambda: torch.softmax(rows, dim=-1)),
    ("layer_norm_4096", lambda: F.layer_norm(rows, (1024,), ln_w, ln_b)),
    ("lstm_2x256_64", lambda: lstm(seq)),
    ("gpt_forward", lambda: gpt(idx)),
    ("resnet_forward", lambda: resnet(images)),
]
only = sys.argv[1:]
with torch.no_grad():
    for name, fn in cases:
        if not only or name in only:
            print(name, "%.3f" % best_ms(fn))
