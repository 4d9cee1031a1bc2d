#!/usr/bin/env python3
"""End-to-end tests of bins/tc-graph.

  tc_graph_test.py toy TC_GRAPH examples/toy_example.tcir
      runs the FAQ's toy_example graph; checks that the graph and the inputs
      and output are printed, and that the output equals
      a / (|a| + 1) * (b if sum(b) >= 0 else -b) computed here from the
      printed inputs (to the printed precision), plus a time per run.
  tc_graph_test.py malformed TC_GRAPH tests/e2e/malformed.tcir LINE
      checks exit status 1 and a FILE:LINE:COLUMN message on stderr.
"""
import re
import subprocess
import sys


def run(args):
    proc = subprocess.run(args, capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def tensor_values(text, label):
    """The numbers of the tensor printed after `label =`."""
    m = re.search(re.escape(label) + r" =\ntensor\(\[(.*?)\]", text, re.S)
    if not m:
        raise AssertionError(f"no tensor printed for {label!r}")
    return [float(v) for v in m.group(1).replace("\n", " ").split(",") if v.strip()]


def check_toy(tc_graph, example):
    rc, out, err = run([tc_graph, example, "--runs", "3", "--seed", "7"])
    print(out + err)
    assert rc == 0, f"exit status {rc}"
    for needle in ("graph(%a: float32[10], %b: float32[10])", "abs(%a)", "where(", "return"):
        assert needle in out, f"the printed graph lacks {needle!r}"
    a = tensor_values(out, "input %a")
    b = tensor_values(out, "input %b")
    got = tensor_values(out, "output 0")
    assert len(a) == len(b) == len(got) == 10, "expected 10 values each"
    sign = -1.0 if sum(b) < 0 else 1.0
    want = [x / (abs(x) + 1) * sign * y for x, y in zip(a, b)]
    # Inputs are printed to 4 decimals; allow for that rounding.
    for i, (g, w) in enumerate(zip(got, want)):
        assert abs(g - w) <= 2e-3 + 1e-3 * abs(w), f"output[{i}] = {g}, expected {w}"
    assert re.search(r"time per run: [0-9.]+ us \(median of 3 runs\)", out), "no timing line"
    # The same seed gives the same inputs.
    rc2, out2, _ = run([tc_graph, example, "--runs", "0", "--seed", "7"])
    assert rc2 == 0 and tensor_values(out2, "input %a") == a, "--seed is not reproducible"


def check_malformed(tc_graph, path, line):
    rc, out, err = run([tc_graph, path])
    print(out + err)
    assert rc == 1, f"exit status {rc}, expected 1"
    assert re.search(re.escape(path) + r":" + line + r":\d+", err), \
        f"stderr lacks {path}:{line}:COLUMN"
    rc, _, err = run([tc_graph, path + ".missing"])
    assert rc == 1 and "cannot open" in err, "a missing file must be exit 1 with a message"
    rc, _, err = run([tc_graph])
    assert rc == 1 and "usage" in err, "no file must be exit 1 with the usage"


def main(argv):
    try:
        if argv[1] == "toy":
            check_toy(argv[2], argv[3])
        elif argv[1] == "malformed":
            check_malformed(argv[2], argv[3], argv[4])
        else:
            raise AssertionError(f"unknown mode {argv[1]}")
    except AssertionError as e:
        print(f"FAIL: {e}")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
