# Times softmax, log_softmax, layer_norm and rms_norm over [4096, 1024]
# float32 and batch_norm (eval and train) on 8x64x56x56 float32; runs
# unchanged under tc-run and under CPython + PyTorch, so
# compare_norms_with_torch.py can print both side by side. Prints one line
# per case: `name best_ms`.
import torch
import torch.nn.functional as F
from timing_util import best_ms

torch.manual_seed(0)
rows = torch.randn(4096, 1024)
w, b = torch.randn(1024), torch.randn(1024)
img = torch.randn(8, 64, 56, 56)
rm, rv = torch.randn(64), torch.rand(64) + 0.5
bw, bb = torch.randn(64), torch.randn(64)
cases = [
    ("softmax", lambda: torch.softmax(rows, -1)),
    ("log_softmax", lambda: torch.log_softmax(rows, -1)),
    ("layer_norm", lambda: F.layer_norm(rows, (1024,), w, b)),
    ("rms_norm", lambda: F.rms_norm(rows, (1024,), w)),
    ("batch_norm_eval", lambda: F.batch_norm(img, rm, rv, bw, bb)),
    ("batch_norm_train", lambda: F.batch_norm(img, rm, rv, bw, bb, training=True)),
]
with torch.no_grad():
    for name, fn in cases:
        print(name, "%.3f" % best_ms(fn))
