# Times issue 13's benchmark programs eagerly and under torch.compile (the
# default backend, inductor): the FAQ toy at 16M float32, softmax and
# layer_norm over [4096, 1024], a 5-op pointwise chain at 16M, a GELU MLP
# 256x784 -> 512 -> 10, the GPT-style and ResNet-style zoo forwards. Runs
# unchanged under tc-run and under CPython + PyTorch, so
# compare_issue13_with_torch.py prints both side by side.
#
#   issue13_timing.py               one line per case: `name eager_ms compiled_ms`
#   issue13_timing.py --first NAME  compiles case NAME once and prints
#                                   `NAME first_call_ms steady_ms compile_ms`
#                                   (the cache directory decides cold or warm;
#                                   compile_ms: the backend's compile alone,
#                                   compile_times()'s
#                                   OutputGraph.call_user_compiler summed over
#                                   the case's graphs)
import os
import sys
import time

import torch
import torch._dynamo.utils
import torch.nn as nn
import torch.nn.functional as F
from timing_util import best_ms

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests",
                                "scripts", "models"))
from _zoo_models import BLOCK, GPT, VOCAB, ResNet  # noqa: E402


def toy(a, b):  # the FAQ's toy_example without its print
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


def chain5(x, y):
    return torch.sigmoid(torch.relu(x * 2.0 + y) - 0.5) * y


def copy_into(out, x):
    out.copy_(x)


def softmax(x):
    return torch.softmax(x, dim=-1)


def layer_norm(x, w, b):
    return F.layer_norm(x, (1024,), w, b)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(784, 512)
        self.fc2 = nn.Linear(512, 10)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


def backend_compile_ms():
    """Milliseconds in OutputGraph.call_user_compiler so far (every graph)."""
    times = torch._dynamo.utils.compile_times(repr="csv", aggregate=True)
    if isinstance(times, tuple):  # PyTorch: (names, summed seconds as text)
        seconds = dict(zip(times[0], (float(v) for v in times[1])))
    else:  # tc: name -> the list of durations
        seconds = {name: sum(values) for name, values in times.items()}
    return seconds.get("OutputGraph.call_user_compiler", 0.0) * 1e3


def make_cases():
    torch.manual_seed(0)
    big_a = torch.randn(1 << 24)
    big_b = torch.randn(1 << 24)
    rows = torch.randn(4096, 1024)
    ln_w, ln_b = torch.randn(1024), torch.randn(1024)
    mlp = MLP().eval()
    images_mlp = torch.randn(256, 784)
    gpt = GPT().eval()
    idx = torch.randint(0, VOCAB, (4, BLOCK))
    resnet = ResNet().eval()
    images = torch.randn(8, 3, 32, 32)
    return [
        ("toy_16M", toy, (big_a, big_b)),
        ("softmax_4096x1024", softmax, (rows,)),
        ("layer_norm_4096", layer_norm, (rows, ln_w, ln_b)),
        ("chain5_16M", chain5, (big_a, big_b)),
        # The bandwidth yardstick for softmax and layer_norm: a copy of the
        # same bytes (read once, written once).
        ("copy_4096x1024", copy_into, (torch.empty(4096, 1024), rows)),
        ("mlp_256x784", mlp, (images_mlp,)),
        ("gpt_forward", gpt, (idx,)),
        ("resnet_forward", resnet, (images,)),
        ("log_softmax_4096x1024", lambda x: torch.log_softmax(x, dim=-1), (rows,)),
    ]


def main():
    cases = make_cases()
    with torch.no_grad():
        if sys.argv[1:2] == ["--first"]:
            for name, fn, args in cases:
                if name == sys.argv[2]:
                    compiled = torch.compile(fn)
                    start = time.perf_counter()
                    compiled(*args)
                    first = (time.perf_counter() - start) * 1e3
                    compile_ms = backend_compile_ms()
                    print(name, "%.3f" % first, "%.3f" % best_ms(lambda: compiled(*args)),
                          "%.3f" % compile_ms)
            return
        only = sys.argv[1:]
        for name, fn, args in cases:
            if only and name not in only:
                continue
            eager_ms = best_ms(lambda: fn(*args))
            compiled_ms = eager_ms
            if fn is not copy_into:
                compiled = torch.compile(fn)
                compiled_ms = best_ms(lambda: compiled(*args))
            print(name, "%.3f" % eager_ms, "%.3f" % compiled_ms)


main()
