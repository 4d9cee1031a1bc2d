#!/usr/bin/env python3
"""Generates tests/kernels/golden/transcendental.txt from real PyTorch: the
results of tc's transcendental unary ops (exp, log, log1p, expm1, sqrt,
rsqrt, sin, cos, tan, tanh, sigmoid, erf, silu, gelu and gelu tanh) on
float32, float64, float16 and bfloat16 over wide input ranges: +-0,
subnormals, tiny and huge magnitudes, negatives, NaN and +-inf, and the
points where an op overflows, underflows or changes branch.

Format (floats as float.hex less trailing zeros, so values round-trip exactly):
  input DTYPE N x_1 .. x_N              the inputs of the lines that follow
  OP MODE DTYPE y_1 .. y_N              OP(x_i) as PyTorch computes it
MODE is '-' or gelu's approximate mode.

kernels_test (TranscendentalGoldenTest) checks tc's eager kernels against it
with an ulp bound per op and dtype.

Run: scripts/gen_transcendental_goldens.py (re-executes itself under the
reference Python that scripts/reference-env makes: torch 2.15.0).
"""
import math
import os
import random
import re

from reference_python import run_under_reference_python

run_under_reference_python()

import torch  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "kernels",
                   "golden", "transcendental.txt")
DTYPES = {"float32": torch.float32, "float64": torch.float64, "float16": torch.float16,
          "bfloat16": torch.bfloat16}
OPS = [
    ("exp", "-", torch.exp), ("log", "-", torch.log), ("log1p", "-", torch.log1p),
    ("expm1", "-", torch.expm1), ("sqrt", "-", torch.sqrt), ("rsqrt", "-", torch.rsqrt),
    ("sin", "-", torch.sin), ("cos", "-", torch.cos), ("tan", "-", torch.tan),
    ("tanh", "-", torch.tanh), ("sigmoid", "-", torch.sigmoid), ("erf", "-", torch.erf),
    ("silu", "-", torch.nn.functional.silu),
    ("gelu", "none", lambda x: torch.nn.functional.gelu(x, approximate="none")),
    ("gelu", "tanh", lambda x: torch.nn.functional.gelu(x, approximate="tanh")),
]


def special_points(dtype):
    """Magnitudes at the edges of the dtype and the ops' branch points."""
    fi = torch.finfo(dtype)
    pts = [0.0, fi.smallest_normal, fi.tiny, fi.max, fi.eps, 1.0, 0.5, 2.0, 3.0, 10.0, 100.0]
    sub = fi.smallest_normal * fi.eps  # the smallest subnormal
    pts += [sub, sub * 3, fi.smallest_normal / 2, fi.smallest_normal * (1 - fi.eps)]
    # exp/expm1/sigmoid/silu over- and underflow; log of values near 1;
    # log1p near -1; tanh/erf/sigmoid saturation; trig at multiples of pi/2.
    pts += [math.log(fi.max), math.log(fi.max) * 0.99, math.log(fi.max) * 1.01,
            -math.log(fi.smallest_normal), -math.log(sub), 87.0, 88.5, 103.0, 104.0,
            700.0, 709.7, 710.0, 745.0, 746.0, 11.0, 11.5, 17.0, 15.9]
    pts += [1 + fi.eps, 1 - fi.eps / 2, 1 + 4 * fi.eps, 1 - 4 * fi.eps, 1 - 1e-3, 1 + 1e-3,
            fi.eps / 2, 1e-3, 1e-5, 1e-8, 1e-20, 1e-30, 1e-40, 1e-300, 1e-310]
    pts += [0.88, 3.9, 4.0, 5.9, 6.0, 9.0, 9.1, 20.0, 27.0, 40.0, 50.0]
    for k in [1, 2, 3, 4, 7, 100, 1000, 100003]:
        pts.append(k * math.pi / 2)
    pts += [1e4, 1e5, 1e6, 1e10, 1e15, 1e22, 1e30, 1e38, 1e100, 1e300]
    return pts


def values(dtype, rng):
    pts = special_points(dtype)
    vals = [v for p in pts for v in (p, -p)]
    # log1p's branch point -1 and the values around it.
    fi = torch.finfo(dtype)
    vals += [-1 + fi.eps, -1 + fi.eps / 2 if dtype == torch.float64 else -1 + fi.eps * 2,
             -1 - fi.eps, -0.5, -0.25, -1 + 1e-3]
    # Random magnitudes spread over every binade from 1e-12 to 1e12, both
    # signs, and a dense sample of [-10, 10] where the functions bend.
    vals += [rng.choice([-1, 1]) * 10 ** rng.uniform(-12, 12) for _ in range(160)]
    vals += [rng.uniform(-10, 10) for _ in range(160)]
    vals += [float("inf"), float("-inf"), float("nan")]
    t = torch.tensor(vals, dtype=torch.float64).to(dtype)
    # Deduplicate after rounding to the dtype (values beyond its range become
    # inf; the order stays that of the first occurrence).
    seen, out = set(), []
    for v in t.tolist():
        key = "nan" if math.isnan(v) else (v, math.copysign(1, v))
        if key not in seen:
            seen.add(key)
            out.append(v)
    # An odd count, so that the contiguous run ends in a scalar tail for any
    # vector width.
    if len(out) % 2 == 0:
        out.append(0.75)
    return torch.tensor(out, dtype=dtype)


def short_hex(v):
    # float.hex without the fraction's trailing zeros: 0x1.8p+1, not
    # 0x1.8000000000000p+1 (float32 values would carry 7 zero digits each).
    return re.sub(r"\.?0+p", "p", float(v).hex())


def hexes(t):
    return " ".join(short_hex(v) for v in t.tolist())


def main():
    rng = random.Random(20251125)
    lines = []
    for name, dtype in DTYPES.items():
        x = values(dtype, rng)
        lines.append(f"input {name} {x.numel()} {hexes(x)}")
        for op, mode, fn in OPS:
            y = fn(x)
            assert y.dtype == dtype
            lines.append(f"{op} {mode} {name} {hexes(y)}")
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"gen_transcendental_goldens: wrote {len(lines)} lines to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
