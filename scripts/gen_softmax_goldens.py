#!/usr/bin/env python3
"""Generates tests/kernels/golden/softmax.txt from real PyTorch: softmax and
log_softmax over the last dim in float32 and float64, as torch 2.15's CPU
kernels compute them (on an AVX-512 machine: torch.backends.cpu's
capability is written in the file's first line).

Cases: two-element rows [0, x] over x in the whole range where exp(x) is
neither 1 nor 0 (so softmax's second element is exp(x) / (1 + exp(x)):
the vector exp in isolation), with -0, -inf, +inf, NaN and the subnormal
range, then rows of random values whose lengths cover a partial vector, one
vector, whole vectors plus a tail, and long rows (the sum order).

Format (floats as float.hex less trailing zeros, so values round-trip exactly):
  capability CAP
  input DTYPE ROWS N x_1 .. x_ROWS*N    the input of the lines that follow
  OP DTYPE y_1 .. y_ROWS*N              OP(x, dim=-1) as PyTorch computes it

kernels_test (SoftmaxGoldenTest) checks tc's eager kernels against it.

Run: scripts/gen_softmax_goldens.py (re-executes itself under the reference
Python that scripts/reference-env makes: torch 2.15.0).
"""
import math
import os
import random
import re

from reference_python import run_under_reference_python

run_under_reference_python()

import torch  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "kernels",
                   "golden", "softmax.txt")
DTYPES = {"float32": torch.float32, "float64": torch.float64}


def pair_values(dtype, rng, count):
    """x for the rows [0, x]: exp(x) from 1 down through the subnormals to 0."""
    lo = -104.0 if dtype == torch.float32 else -746.0
    sub = -87.4 if dtype == torch.float32 else -708.4
    xs = [0.0, -0.0, -math.inf, math.inf, math.nan, lo, lo - 0.5, -1e-30, -1e-45, sub, 2 * lo]
    xs += [rng.uniform(lo, 0.0) for _ in range(count // 2)]
    xs += [rng.uniform(-20.0, 0.0) for _ in range(count // 4)]
    xs += [rng.uniform(-1.0, 0.0) for _ in range(count // 8)]
    xs += [rng.uniform(lo, sub) for _ in range(count // 8)]
    return xs


def short_hex(v):
    # float.hex without the fraction's trailing zeros: 0x1.8p+1, not
    # 0x1.8000000000000p+1 (float32 values would carry 7 zero digits each).
    return re.sub(r"\.?0+p", "p", float(v).hex())


def hexes(t):
    return " ".join(short_hex(v) for v in t.flatten().tolist())


def main():
    rng = random.Random(20261127)
    lines = [f"capability {torch.backends.cpu.get_cpu_capability()}"]
    for name, dtype in DTYPES.items():
        xs = pair_values(dtype, rng, 2400 if dtype == torch.float32 else 300)
        cases = [torch.tensor([[0.0, x] for x in xs], dtype=dtype)]
        for n in (1, 3, 7, 15, 16, 17, 31, 33, 100, 1037):
            rows = 3 if n < 100 else 2
            cases.append(torch.tensor([[rng.gauss(0.0, 4.0) for _ in range(n)]
                                       for _ in range(rows)], dtype=dtype))
        for x in cases:
            lines.append(f"input {name} {x.shape[0]} {x.shape[1]} {hexes(x)}")
            for op, fn in (("softmax", torch.softmax), ("log_softmax", torch.log_softmax)):
                y = fn(x, -1)
                assert y.dtype == dtype
                lines.append(f"{op} {name} {hexes(y)}")
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    text = "".join(line + "\n" for line in lines)
    with open(OUT, "w") as out:
        out.write(text)
    print(f"gen_softmax_goldens: {len(text)} bytes in {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
