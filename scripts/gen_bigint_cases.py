#!/usr/bin/env python3
"""Writes tests/script/data/bigint_cases.txt: random int operations and what
CPython computes for them, for tests/script/vm_bigint_fuzz_test.cc, which
runs each through tc's VM and compares.

Usage: python3 scripts/gen_bigint_cases.py [--count N] [--seed S]

Run it with CPython 3.11 (any build: no torch needed). Operands are drawn
around the boundaries that matter to tc (int64, uint64, 2**k +- 1, small
values) and up to 400 bits, of both signs. One case per line, fields
separated by one space:

    OP A B C EXPECTED

A, B and C are decimal ints ('-' when unused); EXPECTED is repr() of the
result, or '!' followed by the exception's type name. OP is one of
add sub mul floordiv mod pow powmod truediv and or xor lshift rshift
lt eq neg invert abs hash float hex str divmod.
"""
import argparse
import os

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join(ROOT, "tests", "script", "data", "bigint_cases.txt")

BINARY = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "floordiv": lambda a, b: a // b,
    "mod": lambda a, b: a % b,
    "truediv": lambda a, b: a / b,
    "and": lambda a, b: a & b,
    "or": lambda a, b: a | b,
    "xor": lambda a, b: a ^ b,
    "lt": lambda a, b: a < b,
    "eq": lambda a, b: a == b,
    "divmod": lambda a, b: divmod(a, b),
}
UNARY = {
    "neg": lambda a: -a,
    "invert": lambda a: ~a,
    "abs": lambda a: abs(a),
    "hash": lambda a: hash(a),
    "float": lambda a: float(a),
    "hex": lambda a: format(a, "#x"),
    "str": lambda a: str(a),
}


def operand(rng):
    kind = rng.random()
    if kind < 0.25:  # near a boundary
        base = rng.choice([0, 1 << 31, 1 << 32, 1 << 53, 1 << 62, 1 << 63, 1 << 64, 1 << 65, 1 << 127,
                           1 << 128, 1 << 1023, 1 << 1024])
        v = base + rng.randint(-3, 3)
    elif kind < 0.4:
        v = rng.randint(-1000, 1000)
    else:
        v = rng.getrandbits(rng.choice([40, 63, 64, 65, 70, 100, 128, 200, 400]))
    return -v if rng.random() < 0.5 else v


def run(f, *args):
    try:
        return repr(f(*args))
    except Exception as e:  # the type is what tc must raise too
        return "!" + type(e).__name__


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=2500)
    p.add_argument("--seed", type=int, default=20261126)
    args = p.parse_args()
    import random
    rng = random.Random(args.seed)
    lines = []
    for _ in range(args.count):
        r = rng.random()
        a, b, c = operand(rng), operand(rng), "-"
        if r < 0.6:
            op = rng.choice(sorted(BINARY))
            if rng.random() < 0.05:
                b = 0
            res = run(BINARY[op], a, b)
        elif r < 0.7:
            op = rng.choice(["lshift", "rshift"])
            b = rng.randint(0, 300)
            res = run(lambda x, y: x << y if op == "lshift" else x >> y, a, b)
        elif r < 0.8:
            op = "pow"
            a = a % (1 << rng.choice([8, 40, 70, 130])) * (1 if rng.random() < 0.5 else -1)
            b = rng.randint(-3, 12)
            res = run(lambda x, y: x ** y, a, b)
        elif r < 0.85:
            op = "powmod"
            c = operand(rng)
            b = rng.choice([b, abs(b), -rng.randint(1, 5)])
            res = run(pow, a, b, c)
        else:
            op = rng.choice(sorted(UNARY))
            b = "-"
            res = run(UNARY[op], a)
        lines.append(" ".join(str(x) for x in (op, a, b, c, res)))
    with open(OUT, "w") as f:  # tests/script/data/ is part of the tree
        f.writelines(line + "\n" for line in lines)
    print(f"gen_bigint_cases: {len(lines)} cases in {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
