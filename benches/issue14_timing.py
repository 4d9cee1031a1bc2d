# Times issue 14's training steps (forward, backward, AdamW step) eagerly
# and under torch.compile (the default backend, inductor: the model
# compiled, its backward through AOT autograd): the MLP 784-512-10 at
# batch 256, the GPT-style zoo model at batch 8 and context 64, the
# ResNet-style zoo model at batch 8 on 32x32 images. Runs unchanged under
# tc-run and under CPython + PyTorch, so compare_issue14_with_torch.py
# prints both side by side.
#
#   issue14_timing.py              one line per case: `name eager_ms compiled_ms`
#   issue14_timing.py NAME...      only those cases
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F
from timing_util import best_ms

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests",
                                "scripts", "models"))
from _zoo_models import GPT, VOCAB, ResNet  # noqa: E402


def mlp():
    return nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 10))


def cases():
    torch.manual_seed(0)
    x = torch.randn(256, 784)
    y = torch.randint(0, 10, (256,))
    yield "mlp_train", mlp, (x,), lambda out: F.cross_entropy(out, y)
    idx = torch.randint(0, VOCAB, (8, 64))
    yield "gpt_train", GPT, (idx,), lambda out: F.cross_entropy(
        out[:, :-1].reshape(-1, VOCAB), idx[:, 1:].reshape(-1))
    img = torch.randn(8, 3, 32, 32)
    labels = torch.randint(0, 10, (8,))
    yield "resnet_train", ResNet, (img,), lambda out: F.cross_entropy(out, labels)


def step_time(make, inputs, loss_fn, compiled):
    torch.manual_seed(0)
    model = make()
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    forward = torch.compile(model) if compiled else model

    def step():
        opt.zero_grad()
        loss_fn(forward(*inputs)).backward()
        opt.step()

    return best_ms(step, rounds=10, warmups=3)


def main():
    wanted = set(sys.argv[1:])
    for name, make, inputs, loss_fn in cases():
        if wanted and name not in wanted:
            continue
        eager = step_time(make, inputs, loss_fn, False)
        compiled = step_time(make, inputs, loss_fn, True)
        print(name, f"{eager:.3f}", f"{compiled:.3f}", flush=True)


if __name__ == "__main__":
    main()
