#!/usr/bin/env python3
"""tc-explain end to end.

    tc_explain_test.py TC_EXPLAIN EXAMPLES_DIR TESTS_E2E_DIR

Checks (each a separate failure message):
  * the FAQ toy example (examples/toy_example.py, never calls torch.compile):
    the script's own output first, then the report with torch._dynamo.explain's
    counts for a negative b (3 graphs, 2 breaks, 6 ops: the figures of
    tests/scripts/compile/explain_toy_negative_b.out, made by PyTorch 2.15),
    the print and generic_jump reasons with file:line and source line, and with
    --graphs / --guards the graph IR and TENSOR_MATCH guards;
  * --function selects one function; an unknown one says so;
  * a script that calls torch.compile itself is explained for that function only;
  * usage errors exit 2; a script that raises exits 1 and is still explained.
"""
import subprocess
import sys

tc_explain, examples, here = sys.argv[1:4]
failures = []


def run(*args):
    p = subprocess.run([tc_explain, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def expect(cond, what, out=""):
    if not cond:
        failures.append(what + ("\n--- output ---\n" + out if out else ""))


rc, out, err = run(f"{examples}/toy_example.py")
expect(rc == 0, f"toy: exit {rc}, stderr {err}")
head, _, report = out.partition("=== tc-explain ===\n")
expect(head.startswith("woo\ntensor([-0.8333"), "toy: script output first", out)
for line in ["Function toy_example (toy_example.py:8)", "  Graph Count: 3",
             "  Graph Break Count: 2", "  Op Count: 6",
             "      Reason: Failed to trace builtin operator",
             "        toy_example.py:10 in toy_example", '          print("woo")',
             "      Reason: generic_jump TensorVariable()",
             "        toy_example.py:11 in torch_dynamo_resume_in_toy_example_at_10",
             "          if b.sum() < 0:"]:
    expect(line in report.split("\n"), f"toy: missing line {line!r}", report)
expect("Graph 1" not in report and "Guards of" not in report, "toy: IR/guards without flags",
       report)

rc, out, _ = run(f"{examples}/toy_example.py", "--graphs", "--guards")
expect("  Graph 1 (toy_example), inputs L['a']:" in out, "--graphs: graph header", out)
expect("= abs(" in out, "--graphs: graph IR", out)
expect("L['a']: TENSOR_MATCH dtype=float32 size=[10]" in out, "--guards: tensor guard", out)

rc, out, _ = run(f"{examples}/toy_example.py", "--function", "nope")
expect(rc == 0 and "No graph was compiled for function 'nope'." in out, "--function nope", out)

rc, out, _ = run(f"{here}/explain_compiled.py")
report = out.partition("=== tc-explain ===\n")[2]
expect("Function compiled_fn" in report and "Function helper" not in report,
       "explicit torch.compile: only the compiled function", report)
expect("  Op Count: 2" in report, "explicit torch.compile: op count", report)

rc, _, err = run()
expect(rc == 2 and "usage: tc-explain" in err, "no argument: usage, exit 2")
rc, _, err = run(f"{examples}/toy_example.py", "--bogus")
expect(rc == 2 and "unknown option '--bogus'" in err, "unknown option", err)
rc, _, err = run("/nonexistent/x.py")
expect(rc == 2 and "can't open file" in err, "missing file", err)

rc, out, err = run(f"{here}/explain_raises.py")
expect(rc == 1 and "ZeroDivisionError" in err, "raising script: exit 1 and traceback", err)
expect("Function f" in out, "raising script: still explained", out)

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
