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

# The backward templates' comparison (output_match.py), per backend:
# $backend is eager, aot_eager or inductor under --compile-functions.
BWD_PRELUDE = PRELUDE + ('backend=eager; prev=\nfor a in "$@"; do [ "$prev" = --backend ] && '
                         'backend=$a; prev=$a; done\n')
BWD_FAKES = {
    # a gradient one digit off under any backend fails
    "bwd_grad_digit": ('if [ $compiled = 1 ] && [ $backend = aot_eager ]; then echo "tensor([0.1244])";'
                       ' else echo "tensor([0.1234])"; fi\necho "tc: $compiled graphs" >&2\n',
                       False, "mismatches"),
    # node names may differ (CompiledFunctionBackward), presence may not
    "bwd_node_names": ('if [ $compiled = 1 ]; then echo "tensor([2.], grad_fn=<CompiledFunctionBackward>)";'
                       ' else echo "tensor([2.], grad_fn=<MulBackward0>)"; fi\n'
                       'echo "tc: $compiled graphs" >&2\n', True, "0 mismatches"),
    "bwd_node_lost": ('if [ $compiled = 1 ]; then echo "tensor([2.], requires_grad=True)";'
                      ' else echo "tensor([2.], grad_fn=<MulBackward0>)"; fi\n'
                      'echo "tc: $compiled graphs" >&2\n', False, "mismatches"),
    # inductor: the last printed digit may flip, a real difference may not
    "bwd_inductor_rounding": ('if [ $backend = inductor ]; then echo "tensor([0.1235, 3.])";'
                              ' else echo "tensor([0.1234, 3.])"; fi\n'
                              'echo "tc: $compiled graphs" >&2\n', True, "0 mismatches"),
    "bwd_inductor_far": ('if [ $backend = inductor ]; then echo "tensor([0.1238, 3.])";'
                         ' else echo "tensor([0.1234, 3.])"; fi\n'
                         'echo "tc: $compiled graphs" >&2\n', False, "mismatches"),
    "bwd_inductor_whole": ('if [ $backend = inductor ]; then echo "tensor([1., 4.])";'
                           ' else echo "tensor([1., 3.])"; fi\n'
                           'echo "tc: $compiled graphs" >&2\n', False, "mismatches"),
}

BWD_FLAGS = ["--count", "6", "--templates", "backward", "--backends", "eager,aot_eager,inductor"]


def judge(tmp, name, prelude, body, should_pass, text, flags):
    """An error line when the fuzz misjudges this fake, else None."""
    fake = os.path.join(tmp, "tc-run-" + name)
    with open(fake, "w") as f:
        f.write(prelude + body)
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
    p = subprocess.run([sys.executable, FUZZ, "--tc-run", fake, "--keep",
                        os.path.join(tmp, "keep-" + name)] + flags,
                       capture_output=True, text=True, timeout=120)
    if (p.returncode == 0) != should_pass or text not in p.stdout:
        return (f"{name}: exit {p.returncode}, want {'0' if should_pass else '1'} "
                f"and {text!r} in:\n{p.stdout[-600:]}{p.stderr[-600:]}")
    return None


failures = []
with tempfile.TemporaryDirectory() as tmp:
    runs = [(n, PRELUDE, *f, ["--count", "12"]) for n, f in FAKES.items()]
    runs += [(n, BWD_PRELUDE, *f, BWD_FLAGS) for n, f in BWD_FAKES.items()]
    for run in runs:
        why = judge(tmp, *run)
        if why:
            failures.append(why)
for f in failures:
    print("FAILED: " + f)
n_fakes = len(FAKES) + len(BWD_FAKES)
print(f"fuzz_selftest: {n_fakes - len(failures)} of {n_fakes} fakes judged right")
sys.exit(1 if failures else 0)
