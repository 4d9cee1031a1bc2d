#!/usr/bin/env python3
"""Prints the one line CI reads, 'N passed, N failed[, N skipped]', from
meson's testlog.json (one JSON object per test). Exits 1 when any test
failed or when no test ran at all (an empty run is never a success).

Usage: test_summary.py build/meson-logs/testlog.json
"""
import collections
import json
import sys

PASSED = ("OK", "EXPECTEDFAIL")
FAILED = ("FAIL", "TIMEOUT", "UNEXPECTEDPASS", "ERROR")
SKIPPED = ("SKIP",)


def main(argv):
    if len(argv) != 2:
        print("usage: test_summary.py TESTLOG_JSON", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2
    counts = collections.Counter()
    try:
        with open(argv[1], encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    counts[json.loads(line).get("result", "ERROR")] += 1
    except FileNotFoundError:
        pass  # meson ran no test: reported as 0 passed below
    except (OSError, ValueError) as e:
        print(f"test_summary: cannot read {argv[1]}: {e}", file=sys.stderr)
        counts["ERROR"] += 1
    passed = sum(counts[r] for r in PASSED)
    failed = sum(counts[r] for r in FAILED)
    skipped = sum(counts[r] for r in SKIPPED)
    # Results meson may add later count as failures rather than vanish.
    failed += sum(n for r, n in counts.items() if r not in PASSED + FAILED + SKIPPED)
    if passed + failed + skipped == 0:
        print("test_summary: no tests ran", file=sys.stderr)
        failed = 1
    line = f"{passed} passed, {failed} failed"
    if skipped:
        line += f", {skipped} skipped"
    print(line, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
