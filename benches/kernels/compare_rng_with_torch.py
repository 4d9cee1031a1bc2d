#!/usr/bin/env python3
"""Runs rng_timing.py under tc-run and under PyTorch (the reference env) in
one go and prints each op's time and the ratio tc / PyTorch (below 1: tc
is faster). Both run single-threaded random kernels (PyTorch's CPU random
ops are not parallel), on an idle machine.

    benches/kernels/compare_rng_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{out.stderr[-2000:]}")
    return {k: float(v) for k, v in (line.split() for line in out.stdout.splitlines())}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tc-run", default=os.path.join(ROOT, "build", "bins", "tc-run", "tc-run"))
    args = ap.parse_args()
    script = os.path.join(HERE, "rng_timing.py")
    py = subprocess.run([os.path.join(ROOT, "scripts", "reference-env")], capture_output=True,
                        text=True, check=True).stdout.strip()
    torch_ms = run([py, script])  # PyTorch's own best CPU capability
    tc_ms = run([args.tc_run, script])
    print(f"{'op':14s} {'tc ms':>10s} {'torch ms':>10s} {'tc/torch':>9s}")
    for k, t in torch_ms.items():
        print(f"{k:14s} {tc_ms[k]:10.2f} {t:10.2f} {tc_ms[k] / t:9.3f}")


if __name__ == "__main__":
    main()
