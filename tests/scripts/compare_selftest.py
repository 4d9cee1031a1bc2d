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


# --- stdout: tolerance that must be accepted ---------------------------------
out_match("identical", "a 1 2.5\n", "a 1 2.5\n")
out_match("empty", "", "")
out_match("python float noise", "0.30000000000000004\n", "0.3\n")
out_match("relative 1e-4", "12345.678\n", "12345.9\n")
out_match("float32 item", "0.699999988079071\n", "0.7\n")
out_match("absolute near zero", "1e-07\n", "0.0\n")
out_match("negative zero", "-0.0\n", "0.0\n")
out_match("4-decimal rounding flip", "tensor([0.1235, 0.5000])\n", "tensor([0.1234, 0.5000])\n")
out_match("sci rounding flip", "tensor([1.2346e-05])\n", "tensor([1.2345e-05])\n")
out_match("integer-valued float printed long",
          "tensor([1., 2.])\n", "tensor([1.0000, 2.0000])\n")
out_match("padding follows a changed number",
          "tensor([-0.,  1.])\n", "tensor([0., 1.])\n")
out_match("sci vs fixed near zero",
          "tensor([[ 7.4506e-09,  0.0000e+00]])\n", "tensor([[0., 0.]])\n")
out_match("multi-line tensor",
          "tensor([[ 1.0000, -1.0000],\n        [ 0.5000,  2.0000]])\n",
          "tensor([[ 1.0000, -1.0000],\n        [ 0.5000,  2.0001]])\n")
out_match("names with digits untouched", "fc1.weight layers.0.bias\n", "fc1.weight layers.0.bias\n")
out_match("int with plus sign", "+1\n", "1\n")

out_match("column width change on the next line",
          "tensor([[-0.0000,  1.0000],\n        [ 0.5000,  2.0000]])\n",
          "tensor([[0.0000, 1.0000],\n        [0.5000, 2.0000]])\n")
out_match("fixed vs scientific switch", "tensor([1.0000e+00, 2.0000e-04])\n",
          "tensor([1.0000e+00, 2.0001e-04])\n")
out_match("sci mode switched off by noise", "tensor([1.0000e+00, 1.0000e+02])\n",
          "tensor([  1.0000, 100.0000])\n")

# --- stdout: real differences that must be reported ---------------------------
out_differ("float spelled differently, same value", "tensor([1., 2.])\n", "tensor([1.0, 2.0])\n")
out_differ("python float spelled with more zeros", "0.5\n", "0.50\n")
out_differ("fewer tensor decimals", "tensor([0.5000])\n", "tensor([0.50])\n")
out_differ("spacing change far from any number change",
           "x 1.5\n" + "line\n" * 70 + "tensor([ 1, 20])\n",
           "x 1.50001\n" + "line\n" * 70 + "tensor([1, 20])\n")
out_differ("different float", "0.5\n", "0.6\n")
out_differ("exponent spelled differently", "1e+16\n", "1e16\n")
out_differ("4-decimal off by two units", "tensor([0.1235])\n", "tensor([0.1237])\n")
out_differ("relative 1e-3", "1.000\n", "1.001\n")
out_differ("absolute 1e-5 near zero", "1e-05\n", "0.0\n")
out_differ("different int", "3\n", "4\n")
out_differ("int vs float", "3\n", "3.0\n")
out_differ("float vs int", "2.0\n", "2\n")
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
out_differ("inf vs number", "tensor([inf, 1.])\n", "tensor([1e+30, 1.])\n")
out_differ("nan vs number", "nan\n", "0.0\n")
out_differ("quote style", "'a'\n", '"a"\n')
out_differ("line order", "a\nb\n", "b\na\n")

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
    write("good.out", "0.333333\nx\n")
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

# --- every committed golden survives float noise and catches a changed integer ---
CORPUS = os.path.join(ROOT, "tests", "scripts", "eager")


def perturb_floats(text):
    def one(tok):
        if not cmp.is_float_token(tok):
            return tok
        decimals, exp, unit = cmp.last_place(tok)
        if decimals == 4:  # tensor printing: flip the last digit
            mant, sep, e = tok.partition("e") if "e" in tok else (tok, "", "")
            last = int(mant[-1])
            mant = mant[:-1] + str(last - 1 if last > 0 else last + 1)
            return mant + sep + e
        v = float(tok)
        if v == 0.0 or "e" in tok.lower() or decimals == 0:
            return tok
        return repr(v * (1 + 2e-5))

    lines = []
    for line in text.split("\n"):
        texts, nums = cmp.tokenize(line)
        out = texts[0]
        for n, t in zip(nums, texts[1:]):
            out += one(n) + t
        lines.append(out)
    return "\n".join(lines)


def bump_first_int(text):
    for line_no, line in enumerate(text.split("\n")):
        texts, nums = cmp.tokenize(line)
        for k, n in enumerate(nums):
            if not cmp.is_float_token(n):
                nums[k] = str(int(n) + 1)
                out = texts[0] + "".join(x + t for x, t in zip(nums, texts[1:]))
                lines = text.split("\n")
                lines[line_no] = out
                return "\n".join(lines)
    return None


goldens = sorted(f for f in os.listdir(CORPUS) if f.endswith(".out")) if os.path.isdir(CORPUS) else []
for g in goldens:
    with open(os.path.join(CORPUS, g)) as f:
        text = f.read()
    noisy = perturb_floats(text)
    r = cmp.compare_text("stdout", text, noisy, cmp.REL_TOL, cmp.ABS_TOL)
    check(f"{g}: float noise accepted: {r[:3]}", r == [])
    bumped = bump_first_int(text)
    if bumped is not None:
        r = cmp.compare_text("stdout", text, bumped, cmp.REL_TOL, cmp.ABS_TOL)
        check(f"{g}: changed integer reported", r != [])

for f in failures:
    print("FAILED: " + f)
print(f"compare_selftest: {checks - len(failures)} of {checks} checks passed")
sys.exit(1 if failures else 0)
