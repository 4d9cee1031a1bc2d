#!/usr/bin/env python3
"""Self-test of compile_diff_fuzz.py: fake tc-runs that are wrong must fail the
fuzz, a fake that behaves as a good tc-run would must pass it. Needs only
the Python standard library (no tc-run).

    python3 tests/fuzz/fuzz_selftest.py      # exit 0 when every check passes
"""
import os
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FUZZ = os.path.join(HERE, "compile_diff_fuzz.py")

# Each fake gets the flags and the script path; $compiled is 1 under
# --compile-functions.
PRELUDE = '#!/bin/sh\ncompiled=0\nfor a in "$@"; do [ "$a" = --compile-functions ] && compiled=1; done\n'
FAKES = {
    # (shell body, must the fuzz pass?, text its output must hold)
    "nope": ("echo nope\nexit 3\n", False, "without a graph report"),
    "nope_reporting": ('echo nope\necho "tc: 0 graphs" >&2\nexit 3\n', False,
                       "compiled a graph"),
    "errors_everywhere": ('echo out\necho "ValueError: x" >&2\necho "tc: 1 graphs" >&2\nexit 1\n',
                          False, "ended in an error"),
    "other_message": ('echo "ValueError: n is $compiled" >&2\necho "tc: $compiled graphs" >&2\n'
                      'exit 1\n', False, "mismatches"),
    "other_output": ('echo "out $compiled"\necho "tc: $compiled graphs" >&2\n', False,
                     "mismatches"),
    "good": ('echo same\necho "tc: $compiled graphs" >&2\n', True, "0 mismatches"),
}

failures = []
with tempfile.TemporaryDirectory() as tmp:
    for name, (body, should_pass, text) in FAKES.items():
        fake = os.path.join(tmp, "tc-run-" + name)
        with open(fake, "w") as f:
            f.write(PRELUDE + body)
        os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
        p = subprocess.run([sys.executable, FUZZ, "--tc-run", fake, "--count", "12",
                            "--keep", os.path.join(tmp, "keep-" + name)],
                           capture_output=True, text=True, timeout=120)
        passed = p.returncode == 0
        if passed != should_pass or text not in p.stdout:
            failures.append(f"{name}: exit {p.returncode}, want {'0' if should_pass else '1'} "
                            f"and {text!r} in:\n{p.stdout[-600:]}{p.stderr[-600:]}")
for f in failures:
    print("FAILED: " + f)
print(f"fuzz_selftest: {len(FAKES) - len(failures)} of {len(FAKES)} fakes judged right")
sys.exit(1 if failures else 0)
