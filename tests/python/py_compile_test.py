#!/usr/bin/env python3
"""Byte-compiles every libs/*/py/*.py with CPython (py_compile).

tc's Python preludes (torch.nn's Module and layers, torch._dynamo's
wrappers) are embedded into the libraries at build time and run by tc's own
VM; this checks them with CPython's own compiler, so a syntax error shows
as Python reports it (file, line, caret) and every file stays valid Python.
The .pyc files go to a temporary folder, not next to the sources.

Usage: py_compile_test.py REPO_ROOT
"""
import glob
import os
import py_compile
import sys
import tempfile


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = argv[1]
    files = sorted(glob.glob(os.path.join(root, "libs", "*", "py", "*.py")))
    if not files:
        print(f"no libs/*/py/*.py under {root}", file=sys.stderr)
        return 1
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, path in enumerate(files):
            rel = os.path.relpath(path, root)
            try:
                py_compile.compile(path, cfile=os.path.join(tmp, f"{i}.pyc"), dfile=rel,
                                   doraise=True)
                print(f"ok   {rel}")
            except py_compile.PyCompileError as e:
                failures += 1
                print(f"FAIL {rel}\n{e.msg}")
    print(f"{len(files) - failures} of {len(files)} files compile")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
