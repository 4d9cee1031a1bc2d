#!/usr/bin/env python3
"""Writes tests/support/golden/ from the reference CPython 3.11.

Run: scripts/gen_support_goldens.py (re-executes itself under the reference
Python that scripts/reference-env makes).

mt19937.txt: CPython's random module seeds its Mersenne Twister with the
reference init_by_array over the 32-bit words of |n|, least significant
first, so random.getstate() right after random.seed(n) is init_by_array's
state, and getrandbits(32) returns raw tempered draws. One block per key:
  key <words as decimal, space separated>
  state <index> <the 624 state words>
  draws <the first 700 draws of getrandbits(32)> (two twists: at draws 1 and 625)
init_genrand (tc::support::MT19937::Seed) is checked against std::mt19937,
which is that seeding by definition.

sha512.txt: hashlib.sha512 of the bytes 0, 1, 2, ... (mod 251), at lengths
around the block and padding boundaries:
  sha512 <length> <hex digest>
"""
import hashlib
import os
import random
import sys

from reference_python import run_under_reference_python

run_under_reference_python()

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "support", "golden")


def key_int(words):
    return sum(w << (32 * i) for i, w in enumerate(words))


def main():
    assert sys.version_info[:2] == (3, 11), sys.version
    os.makedirs(OUT, exist_ok=True)
    keys = [
        [0],
        [1],
        [5489],
        [0xFFFFFFFF],
        [5, 1],  # 2**32 + 5
        [0x89ABCDEF, 0x01234567, 0xDEADBEEF],
        # Longer than the state: init_by_array's first loop runs len(key) times.
        [(i * 2654435761 + 17) & 0xFFFFFFFF for i in range(700)],
    ]
    lines = []
    for key in keys:
        if key[-1] == 0 and len(key) > 1:
            raise SystemExit("a key's most significant word must be non-zero")
        r = random.Random(key_int(key))
        version, internal, gauss_next = r.getstate()
        assert version == 3 and gauss_next is None and len(internal) == 625
        lines.append("key " + " ".join(map(str, key)))
        lines.append("state %d %s" % (internal[624], " ".join(map(str, internal[:624]))))
        lines.append("draws " + " ".join(str(r.getrandbits(32)) for _ in range(700)))
    with open(os.path.join(OUT, "mt19937.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")

    lines = []
    for n in [0, 1, 3, 55, 111, 112, 113, 127, 128, 129, 239, 240, 256, 1000]:
        data = bytes(i % 251 for i in range(n))
        lines.append("sha512 %d %s" % (n, hashlib.sha512(data).hexdigest()))
    with open(os.path.join(OUT, "sha512.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
