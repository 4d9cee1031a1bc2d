# torch._inductor.config fields the inductor backend acts on, one per run:
#   config.py MODE   (default, threads, fusion, nocache, nosize)
# compiles one graph with two independent outputs (fused horizontally into
# one kernel by default), checks it against eager, then compiles it again
# after torch._dynamo.reset() (the in-memory cache answers unless
# force_disable_caches).
import sys

import torch
import torch._inductor.config as config


def two(x, y):
    return torch.relu(x * 2.0 + y), torch.sigmoid(x - y)


mode = sys.argv[1]
if mode == "threads":
    config.cpp.threads = 1
elif mode == "fusion":
    config.max_fusion_size = 1
elif mode == "nocache":
    config.force_disable_caches = True
elif mode == "nosize":
    config.size_asserts = False
elif mode != "default":
    raise SystemExit("unknown mode " + mode)

torch.manual_seed(0)
x = torch.randn(100000)
y = torch.randn(100000)
for attempt in range(2):
    torch._dynamo.reset()
    a, b = torch.compile(two)(x, y)
    ea, eb = two(x, y)
    print(mode, torch.equal(a, ea) and torch.equal(b, eb))
