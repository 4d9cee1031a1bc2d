# Shared printing for the model zoo: statistics and a few values of an output
# at full precision, and the check that a compiled forward gives eager's answer.
import torch


def report(name, t):
    t = t.detach()
    flat = t.reshape(-1)
    print(name, "shape", tuple(t.shape), "dtype", t.dtype)
    print("  sum", t.sum().item(), "mean", t.mean().item(), "std", t.std().item())
    print("  min", t.min().item(), "max", t.max().item())
    print("  first", flat[:6].tolist())
    print("  last", flat[-3:].tolist())


def compare_compiled(name, model, inputs, eager_out):
    compiled = torch.compile(model)
    out = compiled(*inputs)
    if isinstance(out, tuple):
        out = out[0]
    report(name + " compiled", out)
    close = torch.allclose(out, eager_out, rtol=1e-4, atol=1e-5)
    print("  compiled matches eager:", close)
    return out
