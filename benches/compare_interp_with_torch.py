#!/usr/bin/env python3
"""Runs interp_timing.py under tc-run and under PyTorch (the reference env)
in one go and prints each case's time and the ratio tc / PyTorch (below 1:
tc is faster): F.interpolate x2 of 8x64x56x56 float32 (bilinear, with
align_corners, nearest, bicubic), F.unfold / F.fold 3x3 on 8x64x28x28. Both
use their default thread counts; run on an idle machine.

    benches/compare_interp_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
import argparse
import os
import subprocess

from compare_norms_with_torch import HERE, ROOT, timings


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tc-run", default=os.path.join(ROOT, "build", "bins", "tc-run", "tc-run"))
    tc_run = parser.parse_args().tc_run
    script = os.path.join(HERE, "interp_timing.py")
    py = os.path.expanduser("~/.cache/tc/reference-env/bin/python")
    if not os.path.exists(py):  # scripts/reference-env makes it and prints its path
        py = subprocess.run([os.path.join(ROOT, "scripts", "reference-env")], capture_output=True,
                            text=True, check=True).stdout.strip()
    torch_ms = timings([py, script])
    tc_ms = timings([tc_run, script])
    print(f"{'case':18s} {'tc ms':>9s} {'torch ms':>9s} {'tc/torch':>9s}")
    for k, t in torch_ms.items():
        print(f"{k:18s} {tc_ms[k]:9.3f} {t:9.3f} {tc_ms[k] / t:9.3f}")


if __name__ == "__main__":
    main()
