#!/usr/bin/env python3
"""Runs issue13_timing.py under tc-run and under PyTorch (the reference env)
in one go: per case tc's compiled time, PyTorch's eager and torch.compile
times and tc / min(PyTorch eager, PyTorch compiled) (below 1: tc is
faster); softmax and layer_norm as a fraction of a same-size copy's
bandwidth; then the first call of each compiled case in a fresh process
with an empty cache directory (cold) and again with that directory filled
(warm), and of that first call the backend's compile alone
(compile_times()'s OutputGraph.call_user_compiler: for tc decompose,
lower, schedule, emit, clang++ or the disk cache, dlopen; for PyTorch AOT
autograd and Inductor, its code cache included). tc's cold figures use the
precompiled headers its build made; --no-build-pch makes tc build them too
(nothing at all in place). Both use their default thread counts; run on an
idle machine.

    benches/compare_issue13_with_torch.py [--tc-run build/bins/tc-run/tc-run] [--no-compile-times]
                                          [--no-build-pch]
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


def first_calls(cmd, name, cache_var, extra_env=None):
    """((cold first call, cold compile), (warm first call, warm compile)) in ms: the first
    compiled call in two new processes sharing a new cache dir."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, **{cache_var: cache}, **(extra_env or {}))
        cold = run(cmd + ["--first", name], env)[0]
        warm = run(cmd + ["--first", name], env)[0]
    return (float(cold[1]), float(cold[3])), (float(warm[1]), float(warm[3]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tc-run", default=os.path.join(ROOT, "build", "bins", "tc-run", "tc-run"))
    parser.add_argument("--no-compile-times", action="store_true")
    parser.add_argument("--no-build-pch", action="store_true",
                        help="tc builds its precompiled headers itself (an empty cache and no build's)")
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
    tc_env = {"TC_CODEGEN_PCH_BUILD_ROOT": ""} if args.no_build_pch else {}
    print(f"\n{'ms':18s} {'first call':>31s}   {'compile only':>31s}")
    print(f"{'':18s}" + f" {'tc cold':>7s} {'tc warm':>7s} {'pt cold':>7s} {'pt warm':>7s}" * 2)
    for name in torch_rows:
        if name == "copy_4096x1024":
            continue
        tc_cold, tc_warm = first_calls([args.tc_run, SCRIPT], name, "TC_CACHE_DIR", tc_env)
        pt_cold, pt_warm = first_calls([py, SCRIPT], name, "TORCHINDUCTOR_CACHE_DIR")
        print(f"{name:18s} {tc_cold[0]:7.1f} {tc_warm[0]:7.1f} {pt_cold[0]:7.1f} {pt_warm[0]:7.1f}"
              f" {tc_cold[1]:7.1f} {tc_warm[1]:7.1f} {pt_cold[1]:7.1f} {pt_warm[1]:7.1f}")


if __name__ == "__main__":
    main()
