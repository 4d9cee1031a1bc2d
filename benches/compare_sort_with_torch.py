#!/usr/bin/env python3
"""Runs sort_timing.py under tc-run and under PyTorch (the reference env)
in one go and prints each case's time and the ratio tc / PyTorch (below 1:
tc is faster): sort of float32 [4096, 1024] along the last dim (default and
stable=True), topk k=16 of it, argsort of 16M float32. Both use their
default thread counts; run on an idle machine.

    benches/compare_sort_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
import argparse
import os
import subprocess

from compare_norms_with_torch import HERE, ROOT, timings


def reference_python():
    py = os.path.expanduser("~/.cache/tc/reference-env/bin/python")
    if os.path.exists(py):
        return py
    # scripts/reference-env makes it and prints its path.
    return subprocess.run([os.path.join(ROOT, "scripts", "reference-env")], capture_output=True,
                          text=True, check=True).stdout.strip()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tc-run", default=os.path.join(ROOT, "build", "bins", "tc-run", "tc-run"))
    args = parser.parse_args()
    script = os.path.join(HERE, "sort_timing.py")
    ref = timings([reference_python(), script])
    ours = timings([args.tc_run, script])
    print("case                  tc ms  torch ms  tc/torch")
    for case, t in ref.items():
        print("%-18s %9.3f %9.3f %9.3f" % (case, ours[case], t, ours[case] / t))
