#!/usr/bin/env python3
"""Self-test of scripts/compare_script_output.py: tolerance is accepted, real
differences are not. Needs only the Python standard library.

    python3 tests/scripts/compare_selftest.py      # exit 0 when every check passes
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
TOOL = os.path.join(ROOT, "scripts", "compare_script_output.py")

spec = importlib.util.spec_from_file_location("compare_script_output", TOOL)
cmp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cmp)

failures = []
checks = 0


def check(name, ok):
    global checks
    checks += 1
    if not ok:
        failures.append(name)


def out_match(name, expected, actual):
    r = cmp.compare_all(expected, actual, None, None, 0, 0)
    check(f"should match: {name}: {r}", r == [])


def out_differ(name, expected, actual):
    r = cmp.compare_all(expected, actual, None, None, 0, 0)
    check(f"should differ: {name}", r != [])


def err_match(name, expected, actual, rc=1):
    r = cmp.compare_all("", "", expected, actual, rc, rc)
    check(f"stderr should match: {name}: {r}", r == [])


def err_differ(name, expected, actual, rc=1):
    r = cmp.compare_all("", "", expected, actual, rc, rc)
    check(f"stderr should differ: {name}", r != [])


# --- stdout: what must be accepted ----------------------------------------------
out_match("identical", "a 1 2.5\n", "a 1 2.5\n")
out_match("empty", "", "")
out_match("4-decimal last-digit flip in a tensor",
          "tensor([0.1235, 0.5000])\n", "tensor([0.1234, 0.5000])\n")
out_match("sci last-digit flip in a tensor", "tensor([1.2346e-05])\n", "tensor([1.2345e-05])\n")
out_match("last-digit flip, carry", "tensor([0.1240])\n", "tensor([0.1239])\n")
out_match("multi-line tensor, flip on a later line",
          "tensor([[ 1.0000, -1.0000],\n        [ 0.5000,  2.0000]])\n",
          "tensor([[ 1.0000, -1.0000],\n        [ 0.5000,  2.0001]])\n")
out_match("flip in a tensor after text", "loss tensor(0.6931, grad_fn=<MeanBackward0>)\n",
          "loss tensor(0.6932, grad_fn=<MeanBackward0>)\n")
out_match("flip in a Parameter printout",
          "Parameter containing:\ntensor([[-0.1234,  0.5000]], requires_grad=True)\n",
          "Parameter containing:\ntensor([[-0.1233,  0.5000]], requires_grad=True)\n")
out_match("names with digits untouched", "fc1.weight layers.0.bias\n", "fc1.weight layers.0.bias\n")

# --- stdout: real differences that must be reported (issue 10 item 11) ---------
out_differ("float32 repr for a python float", "0.1\n", "0.10000000149011612\n")
out_differ("3.14189 for 3.14159", "3.14159\n", "3.14189\n")
out_differ("9.5e-07 for 0.0", "0.0\n", "9.5e-07\n")
out_differ("layernorm: -7.4506e-09 where PyTorch prints 0.",
           "tensor([[-1.3416,  0.,  1.3416]])\n",
           "tensor([[-1.3416e+00, -7.4506e-09,  1.3416e+00]])\n")
out_differ("sci vs fixed near zero",
           "tensor([[0., 0.]])\n", "tensor([[ 7.4506e-09,  0.0000e+00]])\n")
out_differ("python float noise", "0.30000000000000004\n", "0.3\n")
out_differ("python float last digit", "0.30000000000000004\n", "0.30000000000000003\n")
out_differ("python float 4 decimals, last digit", "0.1235\n", "0.1234\n")
out_differ("f-string 4 decimals, last digit", "loss 0.6931\n", "loss 0.6932\n")
out_differ("relative 1e-5", "12345.678\n", "12345.9\n")
out_differ("float32 item", "0.7\n", "0.699999988079071\n")
out_differ("absolute 1e-7 near zero", "0.0\n", "1e-07\n")
out_differ("negative zero", "-0.0\n", "0.0\n")
out_differ("negative zero in a tensor", "tensor([-0.,  1.])\n", "tensor([0., 1.])\n")
out_differ("signed zero flip in a tensor", "tensor([-0.0000,  1.0000])\n", "tensor([ 0.0000,  1.0000])\n")
out_differ("integer-valued float printed long", "tensor([1., 2.])\n", "tensor([1.0000, 2.0000])\n")
out_differ("integer-mode float off by one", "tensor([1., 2.])\n", "tensor([1., 3.])\n")
out_differ("int tensor off by one", "tensor([1, 2])\n", "tensor([1, 3])\n")
out_differ("fixed vs scientific switch", "tensor([1.0000e+00, 1.0000e+02])\n",
           "tensor([  1.0000, 100.0000])\n")
out_differ("flip across an exponent", "tensor([1.0000e+00])\n", "tensor([9.9999e-01])\n")
out_differ("flip with different decimals", "tensor([0.1235])\n", "tensor([0.124])\n")
out_differ("flip changes the column width", "tensor([ 9.9999, -1.0000])\n",
           "tensor([10.0000, -1.0000])\n")
out_differ("float spelled differently, same value", "tensor([1., 2.])\n", "tensor([1.0, 2.0])\n")
out_differ("python float spelled with more zeros", "0.5\n", "0.50\n")
out_differ("fewer tensor decimals", "tensor([0.5000])\n", "tensor([0.50])\n")
out_differ("different float", "0.5\n", "0.6\n")
out_differ("exponent spelled differently", "1e+16\n", "1e16\n")
out_differ("4-decimal off by two units", "tensor([0.1235])\n", "tensor([0.1237])\n")
out_differ("flip right after a tensor closes", "tensor([0.5000]) 0.1235\n", "tensor([0.5000]) 0.1234\n")
out_differ("relative 1e-3", "1.000\n", "1.001\n")
out_differ("different int", "3\n", "4\n")
out_differ("int vs float", "3\n", "3.0\n")
out_differ("float vs int", "2.0\n", "2\n")
out_differ("int with plus sign", "+1\n", "1\n")
out_differ("big ints", "4611686018427387904\n", "4611686018427387905\n")
out_differ("dtype name", "torch.float32\n", "torch.float64\n")
out_differ("name digits", "fc1.weight\n", "fc2.weight\n")
out_differ("list index text", "layers.0.weight\n", "layers.1.weight\n")
out_differ("text", "True\n", "False\n")
out_differ("missing number", "a 1 2\n", "a 1\n")
out_differ("extra line", "a\n", "a\nb\n")
out_differ("missing line", "a\nb\n", "a\n")
out_differ("missing trailing newline", "a\n", "a")
out_differ("whitespace with equal numbers", "a  1\n", "a 1\n")
out_differ("tensor padding with identical numbers", "tensor([ 1, 20])\n", "tensor([1, 20])\n")
out_differ("padding next to a flip", "tensor([ 0.1235,  1.0000])\n", "tensor([0.1234, 1.0000])\n")
out_differ("inf vs number", "tensor([inf, 1.])\n", "tensor([1e+30, 1.])\n")
out_differ("nan vs number", "nan\n", "0.0\n")
out_differ("quote style", "'a'\n", '"a"\n')
out_differ("line order", "a\nb\n", "b\na\n")

# --- a script's `# tc-compare:` header ------------------------------------------
REL6 = cmp.parse_header("# what this script does\n# tc-compare: rel=1e-6  reason: exp vectorized\n"
                        "import torch\n")
check("header parsed", REL6.rel == 1e-6 and REL6.abs == 0 and REL6.reason == "exp vectorized")
check("no header: exact", cmp.parse_header("# x\nimport torch\n# tc-compare: rel=1e-3  reason: late\n")
      is cmp.EXACT)
for bad in ["# tc-compare: rel=1e-6\n", "# tc-compare: reason: none\n",
            "# tc-compare: rel=1e-6 reason:\n", "# tc-compare: rel=x  reason: r\n",
            "# tc-compare: rel=2  reason: r\n", "# tc-compare: tol=1e-6  reason: r\n"]:
    try:
        cmp.parse_header(bad)
        check(f"malformed header rejected: {bad!r}", False)
    except ValueError:
        check("malformed header rejected", True)


def tol_match(name, expected, actual, tol):
    r = cmp.compare_all(expected, actual, None, None, 0, 0, tol)
    check(f"should match under {tol.rel}/{tol.abs}: {name}: {r}", r == [])


def tol_differ(name, expected, actual, tol):
    r = cmp.compare_all(expected, actual, None, None, 0, 0, tol)
    check(f"should differ under {tol.rel}/{tol.abs}: {name}", r != [])


tol_match("python float within rel", "0.6931471805599453\n", "0.6931471805599454\n", REL6)
tol_match("tensor padding follows a changed number", "tensor([ 2.0000, 10.0000])\n",
          "tensor([2.0000, 9.9999])\n", cmp.Tolerance(1e-4))
tol_differ("outside rel", "3.14159\n", "3.14189\n", REL6)
tol_differ("int still exact", "3\n", "4\n", REL6)
tol_differ("int vs float still differs", "3\n", "3.0\n", REL6)
tol_differ("text still exact", "loss 0.5\n", "lost 0.5\n", REL6)
tol_differ("whitespace with equal numbers still exact", "a  1.5\n", "a 1.5\n", REL6)
tol_match("abs near zero", "0.0\n", "9.5e-07\n", cmp.Tolerance(0, 1e-6))
tol_differ("abs near zero exceeded", "0.0\n", "9.5e-06\n", cmp.Tolerance(0, 1e-6))

# --- stderr -------------------------------------------------------------------
TB = ('Traceback (most recent call last):\n'
      '  File "tests/scripts/eager/err_x.py", line 7, in <module>\n'
      '    print(f(1))\n'
      '          ^^^^\n'
      '  File "tests/scripts/eager/err_x.py", line 4, in f\n'
      '    return "a" + n\n'
      '           ~~~~^~~\n'
      'TypeError: can only concatenate str (not "int") to str\n')
TB_NO_MARKERS = "".join(l for l in TB.splitlines(True) if "^" not in l)
err_match("identical traceback", TB, TB)
err_match("marker lines dropped", TB, TB_NO_MARKERS)
err_match("absolute script path",
          TB, TB_NO_MARKERS.replace('File "tests/', 'File "' + ROOT + '/tests/'))
err_differ("wrong line number", TB, TB_NO_MARKERS.replace("line 4", "line 5"))
err_differ("wrong function name", TB, TB_NO_MARKERS.replace("in f\n", "in g\n"))
err_differ("wrong message", TB, TB_NO_MARKERS.replace("to str\n", "to int\n"))
err_differ("wrong exception type", TB, TB_NO_MARKERS.replace("TypeError", "ValueError"))
err_differ("missing frame", TB, "\n".join(TB_NO_MARKERS.split("\n")[:1] + TB_NO_MARKERS.split("\n")[3:]))
err_differ("missing source line", TB, TB_NO_MARKERS.replace('    print(f(1))\n', ''))
err_differ("wrong file", TB, TB_NO_MARKERS.replace("err_x.py", "err_y.py"))
SYN = ('  File "tests/scripts/eager/err_s.py", line 5\n'
       '    total = sum((values)\n'
       '               ^\n'
       "SyntaxError: '(' was never closed\n")
err_match("syntax error identical", SYN, SYN)
err_differ("syntax error caret missing", SYN, SYN.replace("               ^\n", ""))
err_differ("syntax error caret column", SYN, SYN.replace("               ^\n", "                ^\n"))
err_differ("syntax error line", SYN, SYN.replace("line 5", "line 6"))
r = cmp.compare_all("x\n", "x\n", "", "", 1, 0)
check("exit status must match", r != [])
r = cmp.compare_all("x\n", "x\n", "", "", 0, 0)
check("exit status 0 = 0", r == [])
r = cmp.compare_all("", "", "", "warning: something\n", 0, 0)
check("unexpected stderr is a difference", r != [])

# --- the command line, both forms ---------------------------------------------
with tempfile.TemporaryDirectory() as tmp:
    def write(name, text):
        p = os.path.join(tmp, name)
        with open(p, "w") as f:
            f.write(text)
        return p

    e = write("e.out", "tensor([0.3333, 1.0000])\n")
    a_ok = write("a_ok.out", "tensor([0.3334, 1.0000])\n")
    a_bad = write("a_bad.out", "tensor([0.3400, 1.0000])\n")
    ee = write("e.err", TB)
    ae = write("a.err", TB_NO_MARKERS)
    erc = write("e.rc", "1\n")

    def cli(*args):
        return subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True)

    p = cli("--expected-out", e, "--actual-out", a_ok)
    check(f"cli match exits 0: {p.stdout}{p.stderr}", p.returncode == 0)
    p = cli("--expected-out", e, "--actual-out", a_bad)
    check("cli mismatch exits 1", p.returncode == 1)
    check(f"cli mismatch names the line: {p.stdout}", "line 1" in p.stdout and "0.3400" in p.stdout)
    p = cli("--expected-out", e, "--actual-out", a_ok, "--expected-err", ee, "--actual-err", ae,
            "--expected-rc", erc, "--actual-rc", "1")
    check(f"cli stderr + rc match: {p.stdout}{p.stderr}", p.returncode == 0)
    p = cli("--expected-out", e, "--actual-out", a_ok, "--expected-err", ee, "--actual-err", ae,
            "--expected-rc", erc, "--actual-rc", "0")
    check("cli rc mismatch", p.returncode == 1 and "exit status" in p.stdout)
    p = cli("--expected-out", e)
    check("cli usage error exits 2", p.returncode == 2)

    # --run: a python interpreter stands in for tc-run.
    good = write("good.py", "print(1 / 3)\nprint('x')\n")
    write("good.out", "0.3333333333333333\nx\n")
    bad = write("bad.py", "print(0.5)\n")
    write("bad.out", "0.6\n")
    failing = write("err_fail.py", "x = 1\nraise ValueError('boom')\n")
    write("err_fail.out", "")
    write("err_fail.err", 'Traceback (most recent call last):\n  File "%s", line 2, in <module>\n'
          "    raise ValueError('boom')\nValueError: boom\n" % os.path.relpath(failing, ROOT))
    write("err_fail.rc", "1\n")
    p = cli("--run", sys.executable, good, failing)
    check(f"--run passes: {p.stdout}{p.stderr}", p.returncode == 0 and "2 passed, 0 failed" in p.stdout)
    p = cli("--run", sys.executable, good, bad)
    check(f"--run reports a failure: {p.stdout}", p.returncode == 1 and "FAIL" in p.stdout
          and "1 passed, 1 failed" in p.stdout)
    p = cli("--run", "/nonexistent/tc-run", good)
    check("--run with a missing interpreter fails", p.returncode == 1)

    # --min-graphs reads the `tc: N graphs` line the interpreter ends stderr with.
    graphs1 = write("graphs1.py", "import sys\nprint(2)\nprint('tc: 1 graphs', file=sys.stderr)\n")
    write("graphs1.out", "2\n")
    graphs0 = write("graphs0.py", "import sys\nprint(2)\nprint('tc: 0 graphs', file=sys.stderr)\n")
    write("graphs0.out", "2\n")
    p = cli("--run", sys.executable, "--min-graphs", "1", graphs1)
    check(f"--min-graphs 1 met: {p.stdout}", p.returncode == 0)
    p = cli("--run", sys.executable, graphs0)
    check(f"graph report is not stderr output: {p.stdout}", p.returncode == 0)
    p = cli("--run", sys.executable, "--min-graphs", "1", graphs0)
    check(f"--min-graphs 1 not met: {p.stdout}", p.returncode == 1 and "compiled 0 graphs" in p.stdout)
    p = cli("--run", sys.executable, "--min-graphs", "1", good)
    check(f"--min-graphs without a report: {p.stdout}", p.returncode == 1 and "no graph report" in p.stdout)

    # --expect-failure: only the stated failure passes.
    p = cli("--run", sys.executable, "--expect-failure", "expected 0.6, got 0.5", bad)
    check(f"known failure as stated: {p.stdout}", p.returncode == 0 and "known-failing" in p.stdout)
    p = cli("--run", sys.executable, "--expect-failure", "expected 0.7", bad)
    check(f"known failure, other difference: {p.stdout}", p.returncode == 1)
    p = cli("--run", sys.executable, "--expect-failure", "0.6", good)
    check(f"known failure that passes now: {p.stdout}", p.returncode == 1 and "passes now" in p.stdout)
    crash = write("crash.py", "import os\nprint(0.5, flush=True)\nos.abort()\n")
    write("crash.out", "0.6\n")
    p = cli("--run", sys.executable, "--expect-failure", "expected 0.6", crash)
    check(f"known failure that crashes instead: {p.stdout}", p.returncode == 1)
    p = cli("--run", sys.executable, "--expect-failure", "ValueError: boom", failing)
    check(f"known failure that passes (stderr matches): {p.stdout}", p.returncode == 1)
    write("err_fail2.py", "raise KeyError('k')\n")
    write("err_fail2.out", "")
    p = cli("--run", sys.executable, "--expect-failure", "KeyError: 'k'", os.path.join(tmp, "err_fail2.py"))
    check(f"known failure found in stderr: {p.stdout}", p.returncode == 0)
    hdr = write("hdr.py", "# tc-compare: rel=1e-3  reason: selftest\nprint(1.0001)\n")
    write("hdr.out", "1.0\n")
    p = cli("--run", sys.executable, hdr)
    check(f"script header tolerance applies: {p.stdout}", p.returncode == 0)
    badhdr = write("badhdr.py", "# tc-compare: rel=1e-3\nprint(1.0)\n")
    write("badhdr.out", "1.0\n")
    p = cli("--run", sys.executable, badhdr)
    check(f"header without a reason fails: {p.stdout}", p.returncode == 1 and "malformed" in p.stdout)

# --- every committed golden accepts last-digit flips in its tensor printouts ---
# --- and reports a changed Python float or integer -------------------------------
CORPORA = [os.path.join(ROOT, "tests", "scripts", d) for d in ("eager", "compile", "compile_tc")]


def rewrite_numbers(text, change):
    """text with change(token, in_tensor) applied to each number token."""
    lines = text.split("\n")
    spans = cmp.tensor_columns(lines)
    out = []
    for line, sp in zip(lines, spans):
        texts, nums, starts = cmp.tokenize(line)
        new = texts[0]
        for n, t, col in zip(nums, texts[1:], starts):
            new += change(n, cmp.in_spans(sp, col)) + t
        out.append(new)
    return "\n".join(out)


def flip_tensor_digits(tok, in_tensor):
    if not in_tensor or "." not in tok:
        return tok
    mant, sep, e = tok.partition("e")
    if mant.endswith(".") or float(tok) == 0:
        return tok
    last = int(mant[-1])
    return mant[:-1] + str(last - 1 if last > 0 else last + 1) + sep + e


def first_changed(text, pick, change):
    """text with the first number token that pick(token, in_tensor) accepts
    changed, or None."""
    done = [False]

    def one(tok, in_tensor):
        if done[0] or not pick(tok, in_tensor):
            return tok
        done[0] = True
        return change(tok)
    new = rewrite_numbers(text, one)
    return new if done[0] else None


def bump_last_digit(tok):
    digits = [i for i, c in enumerate(tok.partition("e")[0]) if c.isdigit()]
    i = digits[-1]
    return tok[:i] + str((int(tok[i]) + 1) % 10) + tok[i + 1:]


flipped_ok = python_floats = ints = 0
for corpus in CORPORA:
    goldens = sorted(f for f in os.listdir(corpus) if f.endswith(".out")) if os.path.isdir(corpus) else []
    for g in goldens:
        with open(os.path.join(corpus, g)) as f:
            text = f.read()
        noisy = rewrite_numbers(text, flip_tensor_digits)
        r = cmp.compare_text("stdout", text, noisy)
        check(f"{g}: tensor last-digit flips accepted: {r[:3]}", r == [])
        flipped_ok += noisy != text
        changed = first_changed(text, lambda t, in_t: not in_t and cmp.is_float_token(t), bump_last_digit)
        if changed is not None:
            python_floats += 1
            check(f"{g}: changed python float reported", cmp.compare_text("stdout", text, changed) != [])
        changed = first_changed(text, lambda t, in_t: not cmp.is_float_token(t), lambda t: str(int(t) + 1))
        if changed is not None:
            ints += 1
            check(f"{g}: changed integer reported", cmp.compare_text("stdout", text, changed) != [])
check(f"corpus checks ran ({flipped_ok} flipped, {python_floats} floats, {ints} ints)",
      flipped_ok > 30 and python_floats > 20 and ints > 50)

for f in failures:
    print("FAILED: " + f)
print(f"compare_selftest: {checks - len(failures)} of {checks} checks passed")
sys.exit(1 if failures else 0)
