#!/usr/bin/env python3
"""Generates tests/kernels/golden/*.txt from real PyTorch.

Each line of pointwise.txt is one vectorized case:
  op mode dtype_a dtype_b n a_1..a_n b_1..b_n dtype_out out_1..out_n
(mode is '-' or the rounding mode / decimals; dtype_b is '-' for unary ops).
errors.txt lines: op mode dtype_a dtype_b a b message.
Floats are written with float.hex so values round-trip exactly.

Run: scripts/gen_kernels_goldens.py (re-executes itself under the reference
Python that scripts/reference-env makes: torch 2.15.0)
"""
import math
import os
import random

from reference_python import run_under_reference_python

run_under_reference_python()

import torch

OUT = os.path.join(os.path.dirname(__file__), "..", "tests", "kernels", "golden")
DT = {
    "bool": torch.bool, "uint8": torch.uint8, "int8": torch.int8, "int16": torch.int16,
    "int32": torch.int32, "int64": torch.int64, "float16": torch.float16,
    "bfloat16": torch.bfloat16, "float32": torch.float32, "float64": torch.float64,
}
NAME = {v: k for k, v in DT.items()}


def fmt(v, dtype):
    if dtype.is_floating_point:
        return float(v).hex()
    if dtype == torch.bool:
        return "1" if v else "0"
    return str(int(v))


def ints(dtype, n, rng):
    info = torch.iinfo(dtype)
    special = [info.min, info.max, 0, 1, -1, 2, -2, 3, -3, 7, -7, info.min + 1, info.max - 1]
    special = [s for s in special if info.min <= s <= info.max]
    vals = special + [rng.randint(info.min, info.max) for _ in range(8)]
    vals += [rng.randint(-20, 20) if info.min < 0 else rng.randint(0, 40) for _ in range(n)]
    return vals[:n]


def floats(n, rng):
    special = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.5, -2.5, 7.0, -7.0, 3.0, -3.0,
               float("inf"), float("-inf"), float("nan"), 1e-3, 123.456, -98.7654]
    vals = special + [rng.uniform(-50, 50) for _ in range(n)]
    return vals[:n]


def case_values(dtype, n, rng):
    return floats(n, rng) if dtype.is_floating_point else ints(dtype, n, rng)


def write_line(f, op, mode, a, b, out):
    n = a.numel()
    parts = [op, mode, NAME[a.dtype], NAME[b.dtype] if b is not None else "-", str(n)]
    parts += [fmt(v, a.dtype) for v in a.tolist()]
    if b is not None:
        parts += [fmt(v, b.dtype) for v in b.tolist()]
    parts.append(NAME[out.dtype])
    parts += [fmt(v, out.dtype) for v in out.tolist()]
    f.write(" ".join(parts) + "\n")


def main():
    rng = random.Random(1234)
    os.makedirs(OUT, exist_ok=True)
    n = 32  # long enough for the vectorized paths
    binary = {
        "add": lambda a, b, m: torch.add(a, b),
        "sub": lambda a, b, m: torch.sub(a, b),
        "mul": lambda a, b, m: torch.mul(a, b),
        "div": lambda a, b, m: torch.div(a, b, rounding_mode=None if m == "-" else m),
        "floor_divide": lambda a, b, m: torch.floor_divide(a, b),
        "remainder": lambda a, b, m: torch.remainder(a, b),
        "pow": lambda a, b, m: torch.pow(a, b),
        "maximum": lambda a, b, m: torch.maximum(a, b),
        "minimum": lambda a, b, m: torch.minimum(a, b),
        "eq": lambda a, b, m: torch.eq(a, b),
        "lt": lambda a, b, m: torch.lt(a, b),
        "bitwise_xor": lambda a, b, m: torch.bitwise_xor(a, b),
    }
    pairs = [("int8", "int8"), ("uint8", "uint8"), ("int16", "int16"), ("int32", "int32"),
             ("int64", "int64"), ("float32", "float32"), ("float64", "float64"),
             ("float16", "float16"), ("bfloat16", "bfloat16"), ("int32", "float32"),
             ("int64", "float64"), ("uint8", "int8")]
    with open(os.path.join(OUT, "pointwise.txt"), "w") as f, \
            open(os.path.join(OUT, "errors.txt"), "w") as ferr:
        for op, fn in binary.items():
            modes = ["-", "trunc", "floor"] if op == "div" else ["-"]
            for mode in modes:
                for da, db in pairs:
                    ta, tb = DT[da], DT[db]
                    if op == "bitwise_xor" and (ta.is_floating_point or tb.is_floating_point):
                        continue
                    a = torch.tensor(case_values(ta, n, rng), dtype=ta)
                    b = torch.tensor(case_values(tb, n, rng)[::-1], dtype=tb)
                    integral = not (ta.is_floating_point or tb.is_floating_point)
                    if integral and (op in ("floor_divide", "remainder") or
                                     (op == "div" and mode != "-")):
                        # Division by zero is an error; MIN / -1 traps in PyTorch.
                        info = torch.iinfo(torch.promote_types(ta, tb))
                        b = torch.where(b == 0, torch.ones_like(b), b)
                        if info.min < 0:
                            bad = (a == info.min) & (b == -1)
                            b = torch.where(bad, torch.full_like(b, 2), b)
                        ferr.write(f"{op} {mode} {da} {db} 5 0 ZeroDivisionError\n")
                    if op == "pow" and integral:
                        b = torch.remainder(b, 9)  # small non-negative exponents
                        b[:3] = torch.tensor([-1, -2, -3], dtype=tb) if tb != torch.uint8 else 0
                    if op in ("maximum", "minimum"):
                        # Equal zeros of different signs: PyTorch's SIMD and
                        # scalar paths disagree, so keep them out.
                        same_zero = (a == 0) & (b == 0)
                        b = torch.where(same_zero, torch.ones_like(b), b)
                    out = fn(a, b, mode)
                    write_line(f, op, mode, a, b, out)
        unary = {
            "neg": torch.neg, "abs": torch.abs, "sign": torch.sign, "floor": torch.floor,
            "ceil": torch.ceil, "relu": torch.relu, "bitwise_not": torch.bitwise_not,
        }
        for op, fn in unary.items():
            for da in ["int8", "uint8", "int32", "int64", "float32", "float64", "float16"]:
                ta = DT[da]
                if op == "bitwise_not" and ta.is_floating_point:
                    continue
                if op == "neg" and ta == torch.uint8:
                    pass
                a = torch.tensor(case_values(ta, n, rng), dtype=ta)
                write_line(f, op, "-", a, None, fn(a))
        for decimals in [0, 1, 2, -1]:
            for da in ["float32", "float64"]:
                vals = [0.5, 1.5, 2.5, -0.5, -1.5, 0.25, 0.35, 1.005, 12345.678, -0.0, 0.0,
                        float("nan"), float("inf"), 15.0, 25.0, -25.0]
                vals += [rng.uniform(-100, 100) for _ in range(n - len(vals))]
                a = torch.tensor(vals, dtype=DT[da])
                write_line(f, "round", str(decimals), a, None, torch.round(a, decimals=decimals))
        # Casts: float -> int (in range: truncation), int wrap-around, -> bool.
        casts = [("float32", "int32"), ("float64", "int64"), ("float32", "bool"),
                 ("int64", "int8"), ("int32", "uint8"), ("int64", "float16"),
                 ("float64", "float32"), ("float32", "bfloat16"), ("float32", "float16")]
        for da, dout in casts:
            ta = DT[da]
            if ta.is_floating_point and not DT[dout].is_floating_point and dout != "bool":
                vals = [rng.uniform(-100, 100) for _ in range(n - 4)] + [0.0, -0.0, 0.9, -0.9]
            else:
                vals = case_values(ta, n, rng)
            a = torch.tensor(vals, dtype=ta)
            write_line(f, "to_dtype", dout, a, None, a.to(DT[dout]))
        ferr.write("pow - int64 - 2 -1 Integers to negative integer powers are not allowed.\n")


if __name__ == "__main__":
    main()
