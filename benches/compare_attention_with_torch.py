#!/usr/bin/env python3
"""Runs attention_timing.py under tc-run and under PyTorch (the reference
env, ~/.cache/tc/reference-env/bin/python, when it exists) in one go and
prints each case's time and the ratio tc / PyTorch (below 1: tc is faster):
F.scaled_dot_product_attention at B=8, H=12, S=512, D=64 float32, causal and
not. Both use their default thread counts; run on an idle machine.

    benches/compare_attention_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from compare_norms_with_torch import timings  # noqa: E402  (runs a timing script, parses it)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tc-run", default=os.path.join(ROOT, "build", "bins", "tc-run", "tc-run"))
    script = os.path.join(HERE, "attention_timing.py")
    ref = os.path.expanduser(os.environ.get("TC_REFERENCE_ENV", "~/.cache/tc/reference-env"))
    ref = os.path.join(ref, "bin", "python")
    tc_ms = timings([ap.parse_args().tc_run, script])
    torch_ms = timings([ref, script]) if os.path.exists(ref) else {}
    print("case          tc ms   torch ms   tc/torch")
    for case, ms in tc_ms.items():
        base = torch_ms.get(case)
        cols = (f"{base:10.2f} {ms / base:10.3f}" if base else f"{'-':>10} {'-':>10}")
        print(f"{case:12s} {ms:6.2f} {cols}")


if __name__ == "__main__":
    main()
