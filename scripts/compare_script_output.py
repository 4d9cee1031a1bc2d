#!/usr/bin/env python3
"""Compares what an interpreter printed for a script with the script's goldens.

Two forms:

  compare_script_output.py --expected-out F.out --actual-out G
        [--expected-err F.err --actual-err H] [--expected-rc N|F.rc --actual-rc N]
        [--rel-tol R --abs-tol A]

  compare_script_output.py --run "build/bins/tc-run/tc-run" tests/scripts/eager/x.py [...]
        [--min-graphs N] [--expect-failure TEXT]
        runs the command with the script path appended, from the repository root,
        and compares stdout, stderr and exit status with x.out, x.err (empty when
        absent) and x.rc (0 when absent) next to the script.

Exit status: 0 all match (or, with --expect-failure, failed as stated), 1 some
mismatch (a short diff goes to stdout), 2 usage error.

Rules (the same for stdout and stderr): exact text. The one allowance:
  * A number printed inside a tensor printout (from `tensor(` or `array(` to its
    closing parenthesis, across lines) may differ by one unit in its last printed
    digit when both sides print it in the same format: both with a decimal point
    and the same number (>= 1) of decimals, the same exponent (or both without
    one). '0.1235' vs '0.1234' and '1.2346e-05' vs '1.2345e-05' match; '1.' vs
    '1.0000', '0.' vs '-7.4506e-09', '-0.' vs '0.', '9.9999e-01' vs '1.0000e+00'
    and any integer difference do not. Python floats (repr, str, f-strings) and
    everything outside tensor printouts must match exactly.
  * A number token starts at a digit, '.', or a sign not preceded by a letter,
    digit, '_' or '.', so `fc1.weight` or `layers.0` hold no numbers.

A script that needs more says so in its own leading comment block, with the reason,
on one line:

    # tc-compare: rel=1e-6 abs=1e-9  reason: exp is vectorized differently from PyTorch

  rel / abs (either or both, at least one): two floats (anywhere: tensor
  printouts and Python floats) match when |a - b| <= max(abs, rel * max(|a|, |b|)),
  whatever their spelling; integers still match exactly, and an integer never
  matches a float. On a line where such a number differs, runs of whitespace
  between numbers may differ in length (tensor printing pads columns to the
  widest number). `reason:` and a non-empty reason are required; a malformed
  marker line is a failure of the script. --rel-tol/--abs-tol give the same for
  the file form.

stderr: CPython 3.11 prints marker lines (only spaces, '^' and '~') under the
source line of each traceback frame; tc does not. Those lines are dropped from
both sides before comparing. The caret line of a SyntaxError report (which
follows a `File "...", line N` header without `, in name`) is kept. Repository
root prefixes in `File "..."` paths are removed from both sides. tc-run's graph
report (`tc: N graphs`, the last stderr line under `--report-graphs`) is taken
off the actual stderr before comparing.

--min-graphs N: the command must end its stderr with `tc: M graphs` (tc-run
--report-graphs), M >= N; otherwise the script fails (the same-answers suite
uses 1: a script there must compile something).

--expect-failure TEXT (one script): the script is a known failure. It must fail,
and TEXT must occur in the first report line that names a difference, in its
expected or actual text, or in the actual stderr. Then the exit status is 0
("known-failing"). A pass, or a failure of another kind (a crash, another
error), exits 1.

The exit status must be equal.
"""
import argparse
import os
import re
import shlex
import subprocess
import tempfile
import sys
from decimal import Decimal

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

NUM_RE = re.compile(
    r"(?<![A-Za-z0-9_.])"
    r"[-+]?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|\d+)"
    r"(?![A-Za-z0-9_])")
TENSOR_OPEN_RE = re.compile(r"(?<![A-Za-z0-9_.])(?:tensor|array)\(")
MARKER_RE = re.compile(r"^[ \t]*[\^~][ \t^~]*$")
FRAME_RE = re.compile(r'^\s*File ".*", line \d+, in ')
SYNTAX_HDR_RE = re.compile(r'^\s*File ".*", line \d+\s*$')
GRAPHS_RE = re.compile(r"^tc: (\d+) graphs?$")
HEADER_MARK = "# tc-compare:"
HEADER_RE = re.compile(r"^# tc-compare:((?:\s+(?:rel|abs)=\S+)+)\s+reason:\s*(\S.*)$")

MAX_REPORTED = 8


class Tolerance:
    """What a script's `# tc-compare:` header allows beyond exact text: floats
    within rel/abs. The default (both 0) allows only the last-digit rule."""

    def __init__(self, rel=0.0, abs_=0.0, reason=""):
        self.rel, self.abs, self.reason = rel, abs_, reason

    def active(self):
        return self.rel > 0 or self.abs > 0


EXACT = Tolerance()


def parse_header(script_text):
    """The Tolerance a script's leading comment block states, or raises
    ValueError for a malformed `# tc-compare:` line."""
    for line in script_text.split("\n"):
        line = line.rstrip()
        if not line.startswith("#"):
            break
        if not line.startswith(HEADER_MARK):
            continue
        m = HEADER_RE.match(line)
        if not m:
            raise ValueError(f"malformed header (want `{HEADER_MARK} rel=R abs=A  reason: ...`): "
                             f"{line}")
        tol = Tolerance(reason=m.group(2))
        for item in m.group(1).split():
            key, _, value = item.partition("=")
            try:
                v = float(value)
            except ValueError:
                raise ValueError(f"bad {key} value in header: {line}") from None
            if not 0 < v < 1:
                raise ValueError(f"{key} must be in (0, 1): {line}")
            if key == "rel":
                tol.rel = v
            else:
                tol.abs = v
        return tol
    return EXACT


def tokenize(line):
    """Returns (texts, numbers, starts): texts has len(numbers) + 1 entries,
    starts[i] is the column of numbers[i]."""
    texts, nums, starts, pos = [], [], [], 0
    for m in NUM_RE.finditer(line):
        texts.append(line[pos:m.start()])
        nums.append(m.group(0))
        starts.append(m.start())
        pos = m.end()
    texts.append(line[pos:])
    return texts, nums, starts


def is_float_token(tok):
    return "." in tok or "e" in tok or "E" in tok


def last_place(tok):
    """(decimals, exponent text, unit) of a float token's last printed digit."""
    mant, _, exp = tok.lower().partition("e")
    decimals = len(mant.split(".", 1)[1]) if "." in mant else 0
    exp_v = int(exp) if exp else 0
    return decimals, exp, Decimal(1).scaleb(exp_v - decimals)


def last_digit_flip(x, y):
    """Same format (a '.', the same number >= 1 of decimals, the same exponent
    spelling) and one unit apart in the last digit."""
    if "." not in x or "." not in y:
        return False
    dx, ex, unit = last_place(x)
    dy, ey, _ = last_place(y)
    if dx != dy or dx < 1 or ex != ey:
        return False
    if x.lstrip("+")[0] == "-" and float(x) == 0 or y.lstrip("+")[0] == "-" and float(y) == 0:
        return False  # '-0.0000' is a sign difference, not a digit flip
    return abs(Decimal(x) - Decimal(y)) == unit


def within_tolerance(x, y, tol):
    if not tol.active() or not is_float_token(x) or not is_float_token(y):
        return False
    a, b = float(x), float(y)
    return abs(a - b) <= max(tol.abs, tol.rel * max(abs(a), abs(b)))


def tensor_columns(lines):
    """For each line, a function col -> inside a tensor printout (from
    `tensor(` to its matching ')', which may be lines later)."""
    depth = 0  # parenthesis depth inside the current printout, 0 outside
    spans = []
    for line in lines:
        inside = []  # (start, end) column ranges inside a printout
        start = 0 if depth else None
        i = 0
        while i < len(line):
            if depth == 0:
                m = TENSOR_OPEN_RE.search(line, i)
                if not m:
                    break
                depth, start, i = 1, m.start(), m.end()
                continue
            c = line[i]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    inside.append((start, i))
            i += 1
        if depth:
            inside.append((start, len(line)))
        spans.append(inside)
    return spans


def in_spans(spans, col):
    return any(s <= col <= e for s, e in spans)


# Line statuses of compare_line.
EXACT_LINE, DIFFERENT = "exact", "different"


def compare_line(exp_line, act_line, spans, tol):
    """(status, reason) of one line; `spans` are the expected line's tensor
    printout columns."""
    if exp_line == act_line:
        return EXACT_LINE, None
    et, en, es = tokenize(exp_line)
    at, an, _ = tokenize(act_line)
    if len(en) != len(an):
        return DIFFERENT, f"{len(en)} numbers expected, {len(an)} found"
    loose = False
    for i, (x, y) in enumerate(zip(en, an)):
        if x == y:
            continue
        if within_tolerance(x, y, tol):
            loose = True
            continue
        if in_spans(spans, es[i]) and last_digit_flip(x, y):
            continue
        return DIFFERENT, f"number {i + 1}: expected {x}, got {y}"
    for x, y in zip(et, at):
        if x == y:
            continue
        if loose and "".join(x.split()) == "".join(y.split()):
            continue
        return DIFFERENT, f"text differs: expected {x!r}, got {y!r}"
    return EXACT_LINE, None


def strip_root(text):
    return text.replace(ROOT + os.sep, "")


def normalize_stderr(text):
    out = []
    in_frame = False
    for line in strip_root(text).split("\n"):
        if FRAME_RE.match(line):
            in_frame = True
        elif SYNTAX_HDR_RE.match(line):
            in_frame = False
        if in_frame and MARKER_RE.match(line):
            continue
        out.append(line)
    return "\n".join(out)


def take_graph_report(stderr):
    """(stderr without tc-run's last-line graph report, graph count or None)."""
    lines = stderr.split("\n")
    end = len(lines) - 1 if lines and lines[-1] == "" else len(lines)
    if end > 0:
        m = GRAPHS_RE.match(lines[end - 1])
        if m:
            return "\n".join(lines[:end - 1] + lines[end:]), int(m.group(1))
    return stderr, None


def compare_text(what, expected, actual, tol=EXACT):
    """Returns a list of report lines (empty on match)."""
    el = expected.split("\n")
    al = actual.split("\n")
    report = []
    if len(el) != len(al):
        report.append(f"{what}: {expected.count(chr(10))} lines expected, "
                      f"{actual.count(chr(10))} found")
    spans = tensor_columns(el)
    n = 0
    for i in range(max(len(el), len(al))):
        e = el[i] if i < len(el) else None
        a = al[i] if i < len(al) else None
        if e is not None and a is not None:
            status, why = compare_line(e, a, spans[i], tol)
            if status == EXACT_LINE:
                continue
        elif e is None:
            why = "extra line"
        else:
            why = "missing line"
        n += 1
        if n <= MAX_REPORTED:
            report.append(f"{what} line {i + 1}: {why}")
            if e is not None:
                report.append(f"  - expected: {e}")
            if a is not None:
                report.append(f"  + actual:   {a}")
    if n > MAX_REPORTED:
        report.append(f"{what}: ... {n - MAX_REPORTED} more differing lines")
    return report


def compare_all(exp_out, act_out, exp_err, act_err, exp_rc, act_rc, tol=EXACT):
    report = []
    if exp_rc != act_rc:
        report.append(f"exit status: expected {exp_rc}, got {act_rc}")
    report += compare_text("stdout", exp_out, act_out, tol)
    if exp_err is not None and act_err is not None:
        report += compare_text("stderr", normalize_stderr(exp_err), normalize_stderr(act_err), tol)
    return report


def first_difference(report):
    """The first block of a report: its header line and the expected/actual
    lines under it."""
    block = []
    for line in report:
        if block and not line.startswith("  "):
            break
        block.append(line)
    return "\n".join(block)


def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def parse_rc(value):
    if value is None:
        return 0
    if os.path.exists(value):
        return int(read_text(value).strip() or "0")
    return int(value)


def script_stdin(script):
    """A script's NAME.stdin file, when it has one, is its standard input."""
    stdin = os.path.splitext(os.path.abspath(script))[0] + ".stdin"
    return open(stdin, "rb") if os.path.exists(stdin) else subprocess.DEVNULL


def run_script(cmd, script, timeout):
    path = os.path.abspath(script)
    rel = os.path.relpath(path, ROOT)
    argv = shlex.split(cmd) + [rel]
    # Files a script writes go to a fresh directory named by TC_SCRIPT_TMPDIR.
    with tempfile.TemporaryDirectory(prefix="tc-script-") as tmp:
        env = dict(os.environ, TC_SCRIPT_TMPDIR=tmp)
        stdin = script_stdin(script)
        try:
            p = subprocess.run(argv, cwd=ROOT, capture_output=True, timeout=timeout,
                               stdin=stdin, env=env)
        except subprocess.TimeoutExpired:
            return None, None, None, f"timed out after {timeout}s"
        except OSError as e:
            return None, None, None, f"cannot run {argv[0]}: {e}"
        finally:
            if stdin is not subprocess.DEVNULL:
                stdin.close()
    return (p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"),
            p.returncode, None)


def golden_for(script):
    base = os.path.splitext(os.path.abspath(script))[0]
    exp_out = read_text(base + ".out")
    exp_err = read_text(base + ".err") if os.path.exists(base + ".err") else ""
    exp_rc = parse_rc(base + ".rc") if os.path.exists(base + ".rc") else 0
    return exp_out, exp_err, exp_rc


def check_script(script, args):
    """Report lines of one script run against its goldens (empty: match)."""
    name = os.path.relpath(os.path.abspath(script), ROOT)
    if not os.path.exists(os.path.splitext(script)[0] + ".out"):
        return [f"no golden {os.path.splitext(name)[0]}.out"], ""
    try:
        tol = parse_header(read_text(script))
    except ValueError as e:
        return [str(e)], ""
    exp_out, exp_err, exp_rc = golden_for(script)
    out, err, rc, problem = run_script(args.run, script, args.timeout)
    if problem:
        return [problem], ""
    err, graphs = take_graph_report(err)
    report = compare_all(exp_out, out, exp_err, err, exp_rc, rc, tol)
    if args.min_graphs is not None:
        if graphs is None:
            report.append("no graph report (`tc: N graphs` as the last stderr line; "
                          "run tc-run with --report-graphs)")
        elif graphs < args.min_graphs:
            report.append(f"compiled {graphs} graphs, at least {args.min_graphs} required")
    return report, err


def run_main(args):
    if args.expect_failure is not None and len(args.scripts) != 1:
        print("--expect-failure takes one script")
        return 2
    failed = 0
    for script in args.scripts:
        name = os.path.relpath(os.path.abspath(script), ROOT)
        report, err = check_script(script, args)
        if args.expect_failure is not None:
            return expect_failure(name, report, err, args.expect_failure)
        if report:
            failed += 1
            print(f"FAIL {name}")
            for line in report:
                print("  " + line)
        elif not args.quiet:
            print(f"ok   {name}")
    if len(args.scripts) > 1 or failed:
        print(f"{len(args.scripts) - failed} passed, {failed} failed")
    return 1 if failed else 0


def expect_failure(name, report, err, text):
    if not report:
        print(f"FAIL {name}: listed as a known failure but passes now; "
              "remove its line from KNOWN_FAILING")
        return 1
    first = first_difference(report)
    if text in first or text in (err or ""):
        print(f"known-failing {name}: {text}")
        return 0
    print(f"FAIL {name}: fails, but not as KNOWN_FAILING states (expected {text!r} in the "
          "first difference or in stderr)")
    for line in report:
        print("  " + line)
    return 1


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Compare script output with goldens (exact text; see the docstring).")
    ap.add_argument("--expected-out")
    ap.add_argument("--actual-out")
    ap.add_argument("--expected-err")
    ap.add_argument("--actual-err")
    ap.add_argument("--expected-rc", help="number or .rc file (default 0)")
    ap.add_argument("--actual-rc", help="number or file (default 0)")
    ap.add_argument("--run", metavar="CMD", help="interpreter command; the script path is appended")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--rel-tol", type=float, default=0.0, help="file form: as a header's rel=")
    ap.add_argument("--abs-tol", type=float, default=0.0, help="file form: as a header's abs=")
    ap.add_argument("--min-graphs", type=int, help="--run: graphs the run must compile")
    ap.add_argument("--expect-failure", metavar="TEXT",
                    help="--run, one script: a known failure, failing as TEXT says")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only failures")
    ap.add_argument("scripts", nargs="*")
    args = ap.parse_args(argv)

    if args.run:
        if not args.scripts:
            ap.error("--run needs at least one script")
        return run_main(args)

    if args.scripts:
        ap.error("script arguments need --run")
    if not args.expected_out or args.actual_out is None:
        ap.error("give --expected-out and --actual-out, or --run CMD SCRIPT...")
    if (args.expected_err is None) != (args.actual_err is None):
        ap.error("--expected-err and --actual-err go together")
    exp_out = read_text(args.expected_out)
    act_out = read_text(args.actual_out)
    exp_err = read_text(args.expected_err) if args.expected_err else None
    act_err = read_text(args.actual_err) if args.actual_err else None
    report = compare_all(exp_out, act_out, exp_err, act_err, parse_rc(args.expected_rc),
                         parse_rc(args.actual_rc), Tolerance(args.rel_tol, args.abs_tol))
    if report:
        print("MISMATCH")
        for line in report:
            print("  " + line)
        return 1
    if not args.quiet:
        print("match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
