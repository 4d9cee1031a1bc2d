#!/usr/bin/env python3
"""Runs issue13_timing.py under tc-run and under PyTorch (the reference env)
in one go: per case tc's compiled time, PyTorch's eager and torch.compile
times and tc / min(PyTorch eager, PyTorch compiled) (below 1: tc is
faster); softmax and layer_norm as a fraction of a same-size copy's
bandwidth; then the first call of each compiled case in a fresh process
with an empty cache directory (cold compile) and again with that directory
filled (warm). Both use their default thread counts; run on an idle machine.

    benches/compare_issue13_with_torch.py [--tc-run build/bins/tc-run/tc-run] [--no-compile-times]
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCRIPT = os.path.join(HERE, "issue13_timing.py")


def run(cmd, env=None):
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode:
        sys.exit(f"{' '.join(cmd)} failed:\n{proc.stderr[-3000:]}")
    return [line.split() for line in proc.stdout.splitlines() if line.strip()]


def reference_python():
    py = os.path.expanduser("~/.cache/tc/reference-env/bin/python")
    if not os.path.exists(py):  # scripts/reference-env makes it and prints its path
        py = subprocess.run([os.path.join(ROOT, "scripts", "reference-env")], capture_output=True,
                            text=True, check=True).stdout.strip()
    return py


def first_calls(cmd, name, cache_var):
    """(cold ms, warm ms): first compiled call in two new processes sharing a new cache dir."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, **{cache_var: cache})
        cold = float(run(cmd + ["--first", name], env)[0][1])
        warm = float(run(cmd + ["--first", name], env)[0][1])
    return cold, warm


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tc-run", default=os.path.join(ROOT, "build", "bins", "tc-run", "tc-run"))
    parser.add_argument("--no-compile-times", action="store_true")
    args = parser.parse_args()
    py = reference_python()
    torch_rows = {r[0]: (float(r[1]), float(r[2])) for r in run([py, SCRIPT])}
    tc_rows = {r[0]: (float(r[1]), float(r[2])) for r in run([args.tc_run, SCRIPT])}
    print(f"{'case':18s} {'tc comp':>9s} {'tc eager':>9s} {'pt eager':>9s} {'pt comp':>9s}"
          f" {'tc/best pt':>10s}")
    for name, (pt_eager, pt_comp) in torch_rows.items():
        tc_eager, tc_comp = tc_rows[name]
        print(f"{name:18s} {tc_comp:9.3f} {tc_eager:9.3f} {pt_eager:9.3f} {pt_comp:9.3f}"
              f" {tc_comp / min(pt_eager, pt_comp):10.3f}")
    copy_ms = tc_rows["copy_4096x1024"][0]
    for name in ("softmax_4096x1024", "layer_norm_4096"):
        print(f"{name}: {copy_ms / tc_rows[name][1]:.2f} x the bandwidth of tc's copy of the same bytes"
              f" (pt copy {torch_rows['copy_4096x1024'][0] / tc_rows[name][1]:.2f} x)")
    if args.no_compile_times:
        return
    print(f"\n{'first call, ms':18s} {'tc cold':>9s} {'tc warm':>9s} {'pt cold':>9s} {'pt warm':>9s}")
    for name in torch_rows:
        if name == "copy_4096x1024":
            continue
        tc_cold, tc_warm = first_calls([args.tc_run, SCRIPT], name, "TC_CACHE_DIR")
        pt_cold, pt_warm = first_calls([py, SCRIPT], name, "TORCHINDUCTOR_CACHE_DIR")
        print(f"{name:18s} {tc_cold:9.1f} {tc_warm:9.1f} {pt_cold:9.1f} {pt_warm:9.1f}")


if __name__ == "__main__":
    main()
