"""The command line of the generators that write a committed data file
(gen_torch_known_names.py, gen_inductor_options.py): write it, or with
--check compare it with the committed file and write nothing."""
import argparse
import os
import sys


def main(path, render, prog, root, doc):
    """Parses --check, renders and writes (or checks); the exit status."""
    ap = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="compare with the committed file; write nothing")
    args = ap.parse_args()
    return write_or_check(path, render(), prog, root, args.check)


def write_or_check(path, text, prog, root, check):
    """Writes `text` to `path` (or compares, when `check`); the exit status."""
    rel = os.path.relpath(path, root)
    if check:
        try:
            with open(path, encoding="utf-8") as f:
                old = f.read()
        except FileNotFoundError:
            old = None
        if old != text:
            print(f"{prog}: {rel} is out of date", file=sys.stderr)
            return 1
        print(f"{prog}: up to date")
        return 0
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{prog}: wrote {rel}")
    return 0
