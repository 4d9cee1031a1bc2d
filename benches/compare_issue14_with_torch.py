#!/usr/bin/env python3
"""Runs issue14_timing.py under tc-run and under PyTorch (the reference env)
in one go: per training step (forward, backward, AdamW step) tc's eager and
compiled times, PyTorch's eager and torch.compile times, tc compiled /
min(PyTorch eager, PyTorch compiled) and tc eager / PyTorch eager (issue
14 asks below 1 and at most 1.2). Both use their default thread counts;
run on an idle machine.

    benches/compare_issue14_with_torch.py [--tc-run build/bins/tc-run/tc-run] [CASE...]
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCRIPT = os.path.join(HERE, "issue14_timing.py")
sys.path.insert(0, HERE)
from compare_issue13_with_torch import reference_python, run  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tc-run", default=os.path.join(ROOT, "build", "bins", "tc-run", "tc-run"))
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args()
    py = reference_python()
    torch_rows = {r[0]: (float(r[1]), float(r[2])) for r in run([py, SCRIPT] + args.cases)}
    tc_rows = {r[0]: (float(r[1]), float(r[2])) for r in run([args.tc_run, SCRIPT] + args.cases)}
    print(f"{'ms':14s} {'tc eager':>9s} {'tc comp':>9s} {'pt eager':>9s} {'pt comp':>9s}"
          f" {'tc comp/best pt':>15s} {'tc/pt eager':>11s}")
    for name, (pt_eager, pt_comp) in torch_rows.items():
        tc_eager, tc_comp = tc_rows[name]
        print(f"{name:14s} {tc_eager:9.3f} {tc_comp:9.3f} {pt_eager:9.3f} {pt_comp:9.3f}"
              f" {tc_comp / min(pt_eager, pt_comp):15.3f} {tc_eager / pt_eager:11.3f}")


if __name__ == "__main__":
    main()
