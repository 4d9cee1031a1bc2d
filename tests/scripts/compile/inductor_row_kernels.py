# torch.compile (inductor) of the row ops with their neighbours: attention's
# scale -> softmax -> matmul, residual add -> layer_norm -> gelu, x * 2 ->
# log_softmax, rms_norm -> cast; float32 and float64, odd row lengths, rows
# of -inf and NaN. Each compiled result prints like eager's and is close to
# it (tc's generated row kernels compute eager's values bit for bit).
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def attention(q, k, v):
    scores = q @ k.transpose(-2, -1) * (q.shape[-1] ** -0.5)
    return torch.softmax(scores, dim=-1) @ v


def block(x, r, w, b):
    return F.gelu(F.layer_norm(x + r, (x.shape[-1],), w, b))


def log_probs(x):
    return torch.log_softmax(x * 2.0, dim=-1)


def rms(x, w):
    return F.rms_norm(x, (x.shape[-1],), w, eps=1e-6).to(torch.float64)


cases = []
q, k, v = torch.randn(2, 5, 8), torch.randn(2, 7, 8), torch.randn(2, 7, 3)
cases.append(("attention", attention, (q, k, v)))
for n in (7, 33):
    for dtype in (torch.float32, torch.float64):
        x = torch.randn(3, n, dtype=dtype)
        r = torch.randn(3, n, dtype=dtype)
        w = torch.randn(n, dtype=dtype)
        b = torch.randn(n, dtype=dtype)
        cases.append((f"block n={n} {dtype}", block, (x, r, w, b)))
        cases.append((f"log_probs n={n} {dtype}", log_probs, (x,)))
        cases.append((f"rms n={n} {dtype}", rms, (x, w)))
special = torch.randn(4, 9)
special[0] = float("-inf")
special[1, 3] = float("-inf")
special[2, 5] = float("nan")
special[3, 0] = float("inf")
cases.append(("special log_probs", log_probs, (special,)))
cases.append(("special softmax", lambda t: torch.softmax(t, dim=-1), (special,)))

for name, fn, args in cases:
    compiled = torch.compile(fn)
    got = compiled(*args)
    want = fn(*args)
    close = torch.allclose(got, want, rtol=1e-5, atol=1e-6, equal_nan=True)
    print(name, tuple(got.shape), got.dtype, "close:", close)
    print(got.flatten()[:6])
