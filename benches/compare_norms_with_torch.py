#!/usr/bin/env python3
"""Runs norms_timing.py under tc-run and under PyTorch (the reference env)
in one go and prints each case's time and the ratio tc / PyTorch (below 1:
tc is faster): softmax, log_softmax, layer_norm and rms_norm over
[4096, 1024] float32, batch_norm eval and train on 8x64x56x56. Both use
their default thread counts; run on an idle machine.

    benches/compare_norms_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def timings(cmd):
    """{case: best ms} from one run of norms_timing.py."""
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"{' '.join(cmd)} failed:\n{proc.stderr[-2000:]}")
    result = {}
    for line in proc.stdout.splitlines():
        name, ms = line.split()
        result[name] = float(ms)
    return result


def compare(timing_script, doc):
    """Runs benches/`timing_script` under both and prints the table."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--tc-run", default=os.path.join(ROOT, "build", "bins", "tc-run", "tc-run"))
    tc_run = parser.parse_args().tc_run
    script = os.path.join(HERE, timing_script)
    py = os.path.expanduser("~/.cache/tc/reference-env/bin/python")
    if not os.path.exists(py):  # scripts/reference-env makes it and prints its path
        py = subprocess.run([os.path.join(ROOT, "scripts", "reference-env")], capture_output=True,
                            text=True, check=True).stdout.strip()
    torch_ms = timings([py, script])
    tc_ms = timings([tc_run, script])
    print(f"{'case':18s} {'tc ms':>9s} {'torch ms':>9s} {'tc/torch':>9s}")
    for k, t in torch_ms.items():
        print(f"{k:18s} {tc_ms[k]:9.3f} {t:9.3f} {tc_ms[k] / t:9.3f}")


def main():
    compare("norms_timing.py", __doc__.split("\n\n")[0])


if __name__ == "__main__":
    compare("norms_timing.py", __doc__)
