#!/usr/bin/env python3
"""Regenerates tests/script/syntax_errors/goldens.txt: what CPython 3.11
prints for each bad program in tests/script/syntax_errors/*.py.

Run: scripts/gen_syntax_error_goldens.py (re-executes itself under the
reference Python that scripts/reference-env makes: CPython 3.11).
Each program runs as `python NAME.py` in its folder, so the message names
the file as `File "NAME.py"`; the front end's SyntaxError::Format() must
print the same text (script_front_test checks it).
"""
import pathlib
import subprocess
import sys

from reference_python import run_under_reference_python

run_under_reference_python()

root = pathlib.Path(__file__).resolve().parent.parent
folder = root / "tests" / "script" / "syntax_errors"
if sys.version_info[:2] != (3, 11):
    sys.exit("needs CPython 3.11 (the reference), got " + sys.version)

out = []
for path in sorted(folder.glob("*.py")):
    # Some programs are not UTF-8 (the source-encoding errors): read the
    # output as bytes and keep its bytes.
    proc = subprocess.run([sys.executable, path.name], cwd=folder, capture_output=True)
    proc.stderr = proc.stderr.decode("utf-8", "surrogateescape")
    err = proc.stderr
    if "Error" not in err.splitlines()[-1] if err else True:
        sys.exit(f"{path.name}: CPython did not report a SyntaxError:\n{err}")
    if err.startswith("Traceback"):
        sys.exit(f"{path.name}: CPython raised at run time, not a syntax error:\n{err}")
    # CPython names the main script by its absolute path; the test names it
    # by its base name (also in the Non-UTF-8 message, "in file PATH").
    err = err.replace(f'File "{path}"', f'File "{path.name}"')
    err = err.replace(f"in file {path} on line", f"in file {path.name} on line")
    out.append(f"=== {path.name}\n{err}")
(folder / "goldens.txt").write_bytes("".join(out).encode("utf-8", "surrogateescape"))
print(f"wrote {len(out)} goldens to {folder / 'goldens.txt'}")
