#!/usr/bin/env python3
"""Runs conv_timing.py (with --backward: conv_backward_timing.py, the zoo
ResNet's convolution backwards and the pool backwards) under tc-run and under
PyTorch (the reference env, ~/.cache/tc/reference-env/bin/python, when it
exists) in one go and prints each row's time and the ratio tc / PyTorch
(below 1: tc is faster). Both use every core the machine has (tc's pool;
PyTorch's OpenMP and oneDNN). Extra arguments name the rows to run.

    benches/compare_conv_with_torch.py [--tc-run build/bins/tc-run/tc-run] [--backward] [row...]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "kernels"))
from compare_rng_with_torch import run  # noqa: E402  (runs a timing script, parses its lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tc-run", default=os.path.join(ROOT, "build", "bins", "tc-run", "tc-run"))
    ap.add_argument("--backward", action="store_true")
    ap.add_argument("rows", nargs="*")
    args = ap.parse_args()
    script = os.path.join(HERE, "conv_backward_timing.py" if args.backward else "conv_timing.py")
    py = os.path.expanduser(os.environ.get("TC_REFERENCE_ENV", "~/.cache/tc/reference-env"))
    py = os.path.join(py, "bin", "python")
    tc_ms = run([args.tc_run, script] + args.rows)
    torch_ms = run([py, script] + args.rows) if os.path.exists(py) else {}
    print(f"{'row':20s} {'tc ms':>10s} {'torch ms':>10s} {'tc/torch':>9s}")
    for k, t in tc_ms.items():
        if k in torch_ms:
            print(f"{k:20s} {t:10.2f} {torch_ms[k]:10.2f} {t / torch_ms[k]:9.3f}")
        else:
            print(f"{k:20s} {t:10.2f} {'-':>10s} {'-':>9s}")


if __name__ == "__main__":
    main()
