#!/usr/bin/env python3
"""Compares what an interpreter printed for a script with the script's goldens.

Two forms:

  compare_script_output.py --expected-out F.out --actual-out G
        [--expected-err F.err --actual-err H] [--expected-rc N|F.rc --actual-rc N]

  compare_script_output.py --run "build/bins/tc-run/tc-run" tests/scripts/eager/x.py [...]
        runs the command with the script path appended, from the repository root,
        and compares stdout, stderr and exit status with x.out, x.err (empty when
        absent) and x.rc (0 when absent) next to the script.

Exit status: 0 all match, 1 some mismatch (a short diff goes to stdout),
2 usage error.

Rules (the same for stdout and stderr):
  * Same line structure: the texts are split at '\\n' and must have the same
    number of lines.
  * Each line is split into number tokens and the text between them. Text must be
    identical. Numbers written alike are equal; otherwise
      - two integers (no '.', no exponent) must be identical;
      - an integer never matches a float ('3' vs '3.0');
      - two floats match when |a - b| <= max(abs_tol, rel_tol * max(|a|, |b|))
        (defaults 1e-6 and 1e-4), or when both are printed with the same number
        (>= 4) of decimals and the same exponent and differ by one unit in the
        last place (a rounding flip of PyTorch's 4-decimal tensor printing);
      - two floats of equal value spelled differently match only for the
        spellings tensor printing switches between when a neighbour moves:
        '1.' vs '1.0000', fixed vs scientific, '-0.' vs '0.'. ('1.0' vs '1.' is a
        difference.)
    When some number on a line differs textually (but within tolerance), the
    text between numbers is compared with whitespace removed, because tensor
    printing pads columns to the widest number. A line whose numbers are all
    identical but whose whitespace differs is accepted only within 60 lines of
    such a line (the rest of the same printed tensor); otherwise it differs.
    A number token starts at a digit, '.', or a sign not preceded by a letter,
    digit, '_' or '.', so `fc1.weight` or `layers.0` hold no numbers. 'inf' and
    'nan' are text.
  * stderr: CPython 3.11 prints marker lines (only spaces, '^' and '~') under the
    source line of each traceback frame; tc does not. Those lines are dropped from
    both sides before comparing. The caret line of a SyntaxError report (which
    follows a `File "...", line N` header without `, in name`) is kept. Repository
    root prefixes in `File "..."` paths are removed from both sides.
  * The exit status must be equal.
"""
import argparse
import math
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

NUM_RE = re.compile(
    r"(?<![A-Za-z0-9_.])"
    r"[-+]?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|\d+)"
    r"(?![A-Za-z0-9_])")
MARKER_RE = re.compile(r"^[ \t]*[\^~][ \t^~]*$")
FRAME_RE = re.compile(r'^\s*File ".*", line \d+, in ')
SYNTAX_HDR_RE = re.compile(r'^\s*File ".*", line \d+\s*$')

REL_TOL = 1e-4
ABS_TOL = 1e-6
MAX_REPORTED = 8


def tokenize(line):
    """Returns (texts, numbers): texts has len(numbers) + 1 entries."""
    texts, nums, pos = [], [], 0
    for m in NUM_RE.finditer(line):
        texts.append(line[pos:m.start()])
        nums.append(m.group(0))
        pos = m.end()
    texts.append(line[pos:])
    return texts, nums


def is_float_token(tok):
    return "." in tok or "e" in tok or "E" in tok


def last_place(tok):
    """(decimals, exponent, unit) of a float token's last printed digit."""
    mant, _, exp = tok.lower().partition("e")
    exp_v = int(exp) if exp else 0
    decimals = len(mant.split(".", 1)[1]) if "." in mant else 0
    return decimals, exp_v, 10.0 ** (exp_v - decimals)


def same_value_format_ok(x, y):
    """Two float tokens with equal values but different spelling. Only the
    spelling changes PyTorch's tensor printing makes when a neighbouring value
    moves slightly are accepted: integer mode ('1.') vs fixed ('1.0000'), fixed vs
    scientific ('1.0000e+00'), and the sign of zero. Anything else ('1.0' vs '1.')
    is a formatting difference and is reported."""
    ex, ey = ("e" in x.lower()), ("e" in y.lower())
    if ex != ey:
        return True
    if float(x) == 0.0 and x.lstrip("+-") == y.lstrip("+-"):
        return True
    dx, _, _ = last_place(x)
    dy, _, _ = last_place(y)
    if not ex and {dx, dy} != {0} and min(dx, dy) == 0 and max(dx, dy) >= 4:
        return x.endswith(".") or y.endswith(".")
    return False


def numbers_match(exp_tok, act_tok, rel_tol, abs_tol):
    if exp_tok == act_tok:
        return True
    ef, af = is_float_token(exp_tok), is_float_token(act_tok)
    if not ef and not af:
        return int(exp_tok) == int(act_tok)  # '+1' vs '1', '-0' vs '0'
    if ef != af:
        return False
    a, b = float(exp_tok), float(act_tok)
    if a == b:
        return same_value_format_ok(exp_tok, act_tok)
    diff = abs(a - b)
    if diff <= max(abs_tol, rel_tol * max(abs(a), abs(b))):
        return True
    da, ea, unit = last_place(exp_tok)
    db, eb, _ = last_place(act_tok)
    if da == db and da >= 4 and ea == eb and diff <= unit * 1.0001:
        return True
    return False


# Line statuses of compare_line.
EXACT, LOOSE, SPACING, DIFFERENT = "exact", "loose", "spacing", "different"


def compare_line(exp_line, act_line, rel_tol, abs_tol):
    """(status, reason). EXACT: identical. LOOSE: some number is spelled
    differently but within tolerance (whitespace between numbers then does not
    matter). SPACING: same numbers, only whitespace differs (accepted only next to
    a LOOSE line: a tensor's column width changed). DIFFERENT: a real difference."""
    if exp_line == act_line:
        return EXACT, None
    et, en = tokenize(exp_line)
    at, an = tokenize(act_line)
    if len(en) != len(an):
        return DIFFERENT, f"{len(en)} numbers expected, {len(an)} found"
    loose = False
    for i, (x, y) in enumerate(zip(en, an)):
        if x == y:
            continue
        if not numbers_match(x, y, rel_tol, abs_tol):
            return DIFFERENT, f"number {i + 1}: expected {x}, got {y}"
        loose = True
    for x, y in zip(et, at):
        if x != y and "".join(x.split()) != "".join(y.split()):
            return DIFFERENT, f"text differs: expected {x!r}, got {y!r}"
    if loose:
        return LOOSE, None
    return SPACING, "whitespace differs"


def strip_root(text):
    text = text.replace(ROOT + os.sep, "")
    return text


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


SPACING_WINDOW = 60  # lines; a printed tensor is at most this tall here


def compare_text(what, expected, actual, rel_tol, abs_tol):
    """Returns a list of report lines (empty on match)."""
    el = expected.split("\n")
    al = actual.split("\n")
    report = []
    if len(el) != len(al):
        report.append(f"{what}: {expected.count(chr(10))} lines expected, "
                      f"{actual.count(chr(10))} found")
    common = min(len(el), len(al))
    results = [compare_line(el[i], al[i], rel_tol, abs_tol) for i in range(common)]
    loose_lines = [i for i, (st, _) in enumerate(results) if st == LOOSE]
    n = 0
    for i in range(max(len(el), len(al))):
        e = el[i] if i < len(el) else None
        a = al[i] if i < len(al) else None
        if i < common:
            status, why = results[i]
            if status in (EXACT, LOOSE):
                continue
            if status == SPACING and any(abs(j - i) <= SPACING_WINDOW for j in loose_lines):
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


def compare_all(exp_out, act_out, exp_err, act_err, exp_rc, act_rc,
                rel_tol=REL_TOL, abs_tol=ABS_TOL):
    report = []
    if exp_rc != act_rc:
        report.append(f"exit status: expected {exp_rc}, got {act_rc}")
    report += compare_text("stdout", exp_out, act_out, rel_tol, abs_tol)
    if exp_err is not None and act_err is not None:
        report += compare_text("stderr", normalize_stderr(exp_err), normalize_stderr(act_err),
                               rel_tol, abs_tol)
    return report


def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def parse_rc(value):
    if value is None:
        return 0
    if os.path.exists(value):
        return int(read_text(value).strip() or "0")
    return int(value)


def run_script(cmd, script, timeout):
    path = os.path.abspath(script)
    rel = os.path.relpath(path, ROOT)
    argv = shlex.split(cmd) + [rel]
    try:
        p = subprocess.run(argv, cwd=ROOT, capture_output=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None, None, None, f"timed out after {timeout}s"
    except OSError as e:
        return None, None, None, f"cannot run {argv[0]}: {e}"
    return (p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"),
            p.returncode, None)


def golden_for(script):
    base = os.path.splitext(os.path.abspath(script))[0]
    exp_out = read_text(base + ".out")
    exp_err = read_text(base + ".err") if os.path.exists(base + ".err") else ""
    exp_rc = parse_rc(base + ".rc") if os.path.exists(base + ".rc") else 0
    return exp_out, exp_err, exp_rc


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Compare script output with goldens (floats to a tolerance).")
    ap.add_argument("--expected-out")
    ap.add_argument("--actual-out")
    ap.add_argument("--expected-err")
    ap.add_argument("--actual-err")
    ap.add_argument("--expected-rc", help="number or .rc file (default 0)")
    ap.add_argument("--actual-rc", help="number or file (default 0)")
    ap.add_argument("--run", metavar="CMD", help="interpreter command; the script path is appended")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--rel-tol", type=float, default=REL_TOL)
    ap.add_argument("--abs-tol", type=float, default=ABS_TOL)
    ap.add_argument("-q", "--quiet", action="store_true", help="print only failures")
    ap.add_argument("scripts", nargs="*")
    args = ap.parse_args(argv)

    if args.run:
        if not args.scripts:
            ap.error("--run needs at least one script")
        failed = 0
        for script in args.scripts:
            name = os.path.relpath(os.path.abspath(script), ROOT)
            if not os.path.exists(os.path.splitext(script)[0] + ".out"):
                print(f"FAIL {name}: no golden {os.path.splitext(name)[0]}.out")
                failed += 1
                continue
            exp_out, exp_err, exp_rc = golden_for(script)
            out, err, rc, problem = run_script(args.run, script, args.timeout)
            if problem:
                print(f"FAIL {name}: {problem}")
                failed += 1
                continue
            report = compare_all(exp_out, out, exp_err, err, exp_rc, rc, args.rel_tol, args.abs_tol)
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
                         parse_rc(args.actual_rc), args.rel_tol, args.abs_tol)
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
