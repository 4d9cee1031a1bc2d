# The GPT-style zoo forward (tests/scripts/models/_zoo_models.py) op by op:
# each op its compiled program runs as an extern (linear at the model's
# shapes, causal scaled_dot_product_attention, the embedding lookups) and
# the ops its generated kernels fuse (layer_norm, gelu), timed eagerly,
# then the whole forward eager and compiled. Runs unchanged under tc-run and
# CPython + PyTorch, so the two can be put side by side:
#
#   build/bins/tc-run/tc-run benches/gpt_ops_timing.py
#   ~/.cache/tc/reference-env/bin/python benches/gpt_ops_timing.py
#
# One line per op: `name best_us`, the fastest of several rounds (the
# machine is shared: compare figures from runs made back to back). With
# TC_CODEGEN_PROFILE=1 tc-run also prints the compiled forward's kernels
# (libs/codegen-cpu/include/tc/codegen_cpu/runner.h).
import os
import sys

import torch
import torch.nn.functional as F
from timing_util import best_ms

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests",
                                "scripts", "models"))
from _zoo_models import BLOCK, EMBD, GPT, HEADS, VOCAB  # noqa: E402


def best_us(fn):
    return 1000 * min(best_ms(fn, rounds=200) for _ in range(3))


def main():
    torch.manual_seed(0)
    batch = 4
    x = torch.randn(batch, BLOCK, EMBD)
    hidden = torch.randn(batch, BLOCK, 4 * EMBD)
    qkv = torch.randn(batch, BLOCK, 3 * EMBD)
    q, k, v = (t.view(batch, BLOCK, HEADS, EMBD // HEADS).transpose(1, 2)
               for t in qkv.split(EMBD, dim=2))
    w_qkv, b_qkv = torch.randn(3 * EMBD, EMBD), torch.randn(3 * EMBD)
    w_fc, b_fc = torch.randn(4 * EMBD, EMBD), torch.randn(4 * EMBD)
    w_proj, b_proj = torch.randn(EMBD, 4 * EMBD), torch.randn(EMBD)
    w_head = torch.randn(VOCAB, EMBD)
    ln_w, ln_b = torch.randn(EMBD), torch.randn(EMBD)
    idx = torch.randint(0, VOCAB, (batch, BLOCK))
    gpt = GPT().eval()
    compiled = torch.compile(gpt)
    cases = [
        ("embedding", lambda: F.embedding(idx, w_head)),
        ("layer_norm", lambda: F.layer_norm(x, (EMBD,), ln_w, ln_b)),
        ("linear_qkv", lambda: F.linear(x, w_qkv, b_qkv)),
        ("sdpa_causal", lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True)),
        ("linear_fc", lambda: F.linear(x, w_fc, b_fc)),
        ("gelu", lambda: F.gelu(hidden)),
        ("linear_proj", lambda: F.linear(hidden, w_proj, b_proj)),
        ("lm_head", lambda: F.linear(x, w_head)),
        ("gpt_forward_eager", lambda: gpt(idx)),
        ("gpt_forward_compiled", lambda: compiled(idx)),
    ]
    with torch.no_grad():
        for name, fn in cases:
            print(name, "%.1f" % best_us(fn))


main()
