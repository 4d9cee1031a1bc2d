# The training loop of tests/scripts/train: one model trained for a few
# steps from torch.manual_seed(0), with SGD (momentum) and with AdamW, in
# four modes: eagerly, under torch.compile(model) with the aot_eager and
# the inductor backends, and with the whole step (forward, backward,
# optimizer step) in one compiled function. Each step prints the loss and
# a checksum of the parameters (sum and sum of magnitudes).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "models"))

import torch  # noqa: E402
import torch._inductor.config  # noqa: E402

MODES = ("eager", "aot_eager", "inductor", "compiled step")


def checksum(model):
    total = 0.0
    magnitude = 0.0
    for p in model.parameters():
        total += p.detach().sum().item()
        magnitude += p.detach().abs().sum().item()
    return total, magnitude


def make_optimizer(kind, model):
    if kind == "SGD":
        return torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    return torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)


def train(name, make_model, inputs, loss_fn, steps=5, modes=MODES, optimizers=("SGD", "AdamW")):
    # Compiled random ops (dropout) draw eager's stream, as tc's always do.
    torch._inductor.config.fallback_random = True
    for kind in optimizers:
        for mode in modes:
            torch._dynamo.reset()
            torch.manual_seed(0)
            model = make_model()
            model.train()
            opt = make_optimizer(kind, model)
            forward = model
            if mode in ("aot_eager", "inductor"):
                forward = torch.compile(model, backend=mode)

            def step():
                opt.zero_grad()
                loss = loss_fn(forward(*inputs))
                loss.backward()
                opt.step()
                return loss

            if mode == "compiled step":
                step = torch.compile(step)
            for i in range(steps):
                loss = step()
                total, magnitude = checksum(model)
                print(name, kind, mode, "step", i, "loss %.6g" % loss.item(),
                      "params %.6g %.6g" % (total, magnitude))
