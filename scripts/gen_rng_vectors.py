#!/usr/bin/env python3
"""Generates tests/kernels/data/rng_vectors.txt from real PyTorch's CPU generator.

Every line is one case that tests/kernels/rng_vectors_test.cc reproduces
through tc's random ops and compares bit for bit:

  name seed pre op dtype sizes layout nparams params... kind count values...

  seed     torch.manual_seed(seed) first
  pre      '-' or a draw made before the case ('randn3': torch.randn(3),
           which leaves a cached normal sample behind)
  op       uniform rand normal randn random random_to random_from random_full
           random_default randperm bernoulli bernoulli_tensor exponential
           geometric log_normal cauchy multinomial dropout state
  sizes    comma-separated logical sizes
  layout   c (contiguous), t (2-D, transposed: empty(b, a).t()) or
           s (1-D view x[::2] of a buffer twice as long)
  params   float.hex() for floating parameters, decimal for integers
  kind     what the values are: 'bits16'/'bits32'/'bits64' (raw float bits,
           hex), 'int' (decimal), 'bytes' (the 5056 state bytes as one hex
           string)

Inputs that a case needs (bernoulli_tensor's p, multinomial's probabilities,
dropout's x) are made by the formulas in input_values(), which the test
repeats, so only outputs are stored. The values are in logical (row-major)
order of the result.

Run: scripts/gen_rng_vectors.py (re-executes itself under the reference
Python that scripts/reference-env makes: torch 2.15.0) with
ATEN_CPU_CAPABILITY=avx2, the kernels every x86-64 machine with AVX2 runs.
"""
import os
import sys

from reference_python import run_under_reference_python

os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
run_under_reference_python()

import torch
import torch.nn.functional as F

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "kernels", "data",
                   "rng_vectors.txt")
FLOATS = {"float32": torch.float32, "float64": torch.float64, "float16": torch.float16,
          "bfloat16": torch.bfloat16}
INTS = {"int64": torch.int64, "int32": torch.int32, "int16": torch.int16, "int8": torch.int8,
        "uint8": torch.uint8, "bool": torch.bool}
DT = {**FLOATS, **INTS}
SIZES = (1, 7, 16, 17, 33, 1000)


def input_values(kind, n):
    """Inputs exact in every dtype (k/8), so tc builds the same tensors."""
    if kind == "p":  # bernoulli probabilities in [0, 1]
        return [(i % 9) / 8 for i in range(n)]
    if kind == "probs":  # multinomial weights, some zero
        return [((i * 5) % 7) / 8 for i in range(n)]
    return [((i % 11) - 5) / 4 for i in range(n)]  # dropout's x


def empty(sizes, dtype, layout):
    if layout == "c":
        return torch.empty(sizes, dtype=dtype)
    if layout == "t":
        return torch.empty(sizes[1], sizes[0], dtype=dtype).t()
    return torch.empty(sizes[0] * 2, dtype=dtype)[::2]


def values(t):
    t = t.contiguous().flatten()
    if t.dtype in (torch.float16, torch.bfloat16):
        return "bits16", ["%x" % (v & 0xFFFF) for v in t.view(torch.int16).tolist()]
    if t.dtype == torch.float32:
        return "bits32", ["%x" % (v & 0xFFFFFFFF) for v in t.view(torch.int32).tolist()]
    if t.dtype == torch.float64:
        return "bits64", ["%x" % (v & 0xFFFFFFFFFFFFFFFF) for v in t.view(torch.int64).tolist()]
    return "int", [str(int(v)) for v in t.tolist()]


def fmt_param(p):
    return p.hex() if isinstance(p, float) else str(p)


LINES = []


def case(name, seed, op, dtype, sizes, layout="c", params=(), pre="-"):
    torch.manual_seed(seed)
    if pre == "randn3":
        torch.randn(3)
    dt = DT[dtype]
    if op == "state":
        run(op, dt, sizes, layout, params)
        kind, vals = "bytes", [torch.get_rng_state().numpy().tobytes().hex()]
    else:
        kind, vals = values(run(op, dt, sizes, layout, params))
    LINES.append(" ".join([name, str(seed), pre, op, dtype, ",".join(map(str, sizes)) or "-", layout,
                           str(len(params))] + [fmt_param(p) for p in params] +
                          [kind, str(len(vals))] + vals))


def run(op, dt, sizes, layout, params):
    n = 1
    for s in sizes:
        n *= s
    if op == "uniform":
        return empty(sizes, dt, layout).uniform_(*params)
    if op == "rand":
        return torch.rand(sizes, dtype=dt)
    if op == "normal":
        return empty(sizes, dt, layout).normal_(*params)
    if op == "randn":
        return torch.randn(sizes, dtype=dt)
    if op == "random":
        return empty(sizes, dt, layout).random_(*params)
    if op == "random_from":  # [from, max]
        return empty(sizes, dt, layout).random_(params[0], None)
    if op == "random_default":
        return empty(sizes, dt, layout).random_()
    if op == "randperm":
        return torch.randperm(sizes[0], dtype=dt)
    if op == "bernoulli":
        return empty(sizes, dt, layout).bernoulli_(*params)
    if op == "bernoulli_tensor":
        return torch.bernoulli(torch.tensor(input_values("p", n), dtype=dt).reshape(sizes))
    if op == "exponential":
        return empty(sizes, dt, layout).exponential_(*params)
    if op == "geometric":
        return empty(sizes, dt, layout).geometric_(*params)
    if op == "log_normal":
        return empty(sizes, dt, layout).log_normal_(*params)
    if op == "cauchy":
        return empty(sizes, dt, layout).cauchy_(*params)
    if op == "multinomial":
        probs = torch.tensor(input_values("probs", n), dtype=dt).reshape(sizes)
        return torch.multinomial(probs, params[0], bool(params[1]))
    if op == "dropout":
        x = torch.tensor(input_values("x", n), dtype=dt).reshape(sizes)
        return F.dropout(x, params[0], training=True)
    if op == "state":
        torch.randn(3)
        torch.rand(700)
        return None
    raise ValueError(op)


def main():
    seed = 0
    for dtype in FLOATS:
        for n in SIZES:
            seed += 1
            case(f"rand_{dtype}_{n}", seed, "rand", dtype, [n])
            case(f"randn_{dtype}_{n}", seed, "randn", dtype, [n])
            case(f"uniform_{dtype}_{n}", seed, "uniform", dtype, [n], params=(-0.37, 0.81))
            case(f"normal_{dtype}_{n}", seed, "normal", dtype, [n], params=(0.3, 1.7))
            case(f"randn_cached_{dtype}_{n}", seed, "randn", dtype, [n], pre="randn3")
            case(f"exponential_{dtype}_{n}", seed, "exponential", dtype, [n], params=(1.5,))
            case(f"geometric_{dtype}_{n}", seed, "geometric", dtype, [n], params=(0.3,))
            case(f"log_normal_{dtype}_{n}", seed, "log_normal", dtype, [n], params=(0.25, 0.5))
            case(f"cauchy_{dtype}_{n}", seed, "cauchy", dtype, [n], params=(0.5, 2.0))
            case(f"bernoulli_{dtype}_{n}", seed, "bernoulli", dtype, [n], params=(0.3,))
            case(f"bernoulli_tensor_{dtype}_{n}", seed, "bernoulli_tensor", dtype, [n])
            case(f"random_{dtype}_{n}", seed, "random", dtype, [n], params=(-5, 100))
            case(f"random_default_{dtype}_{n}", seed, "random_default", dtype, [n])
            case(f"dropout_{dtype}_{n}", seed, "dropout", dtype, [n], params=(0.3,))
        case(f"uniform_wide_{dtype}", 77, "uniform", dtype, [1000], params=(-2.5, 7.25))
        case(f"random_from_{dtype}", 78, "random_from", dtype, [100], params=(3,))
        # Non-contiguous: memory order, and the scalar normal path.
        for sizes, layout in (([4, 5], "t"), ([3, 11], "t"), ([17], "s"), ([33], "s")):
            tag = f"{dtype}_{layout}{'x'.join(map(str, sizes))}"
            seed += 1
            case(f"uniform_{tag}", seed, "uniform", dtype, sizes, layout, params=(-1.0, 3.0))
            case(f"normal_{tag}", seed, "normal", dtype, sizes, layout, params=(0.0, 1.0))
            case(f"bernoulli_{tag}", seed, "bernoulli", dtype, sizes, layout, params=(0.5,))
            case(f"exponential_{tag}", seed, "exponential", dtype, sizes, layout, params=(1.0,))
    for dtype in INTS:
        for n in (1, 7, 33, 1000):
            seed += 1
            lo, hi = (0, 2) if dtype == "bool" else (-3, 9) if dtype != "uint8" else (3, 200)
            case(f"random_{dtype}_{n}", seed, "random", dtype, [n], params=(lo, hi))
            case(f"random_default_{dtype}_{n}", seed, "random_default", dtype, [n])
            case(f"bernoulli_{dtype}_{n}", seed, "bernoulli", dtype, [n], params=(0.6,))
        case(f"random_t_{dtype}", 90, "random", dtype, [3, 11], "t", params=(0, 2))
    # The 32/64-bit draw threshold of random_(from, to).
    for hi in (2**28 - 1, 2**28, 2**32 + 3, 2**40):
        case(f"random_range_{hi}", 5, "random", "int64", [50], params=(0, hi))
    case("random_range_int32_2p28", 5, "random", "int32", [50], params=(0, 2**28))
    case("random_full_int64", 6, "random_from", "int64", [50], params=(-2**63,))
    case("random_from_int8", 6, "random_from", "int8", [50], params=(-100,))
    for n in (0, 1, 2, 7, 16, 17, 100, 1000):
        case(f"randperm_{n}", n + 3, "randperm", "int64", [n])
    case("randperm_int32_100", 4, "randperm", "int32", [100])
    case("randperm_float32_100", 4, "randperm", "float32", [100])
    for dtype in FLOATS:
        for sizes, k, repl in (([8], 1, 0), ([8], 1, 1), ([8], 5, 0), ([8], 8, 0), ([8], 20, 1),
                               ([3, 10], 4, 0), ([3, 10], 6, 1), ([200], 3, 0), ([200], 150, 0)):
            tag = "x".join(map(str, sizes))
            case(f"multinomial_{dtype}_{tag}_{k}_{repl}", 31 + k, "multinomial", dtype, sizes,
                 params=(k, repl))
    for p in (0.0, 1.0, 0.5):
        case(f"dropout_p{p}", 12, "dropout", "float32", [40], params=(p,))
    for seed in (0, 1, 42, 2**32 + 5, 2**63 + 11):
        case(f"state_{seed}", seed, "state", "float32", [])
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("# Generated by scripts/gen_rng_vectors.py from torch %s (ATEN_CPU_CAPABILITY=%s); "
                "do not edit.\n" % (torch.__version__, os.environ["ATEN_CPU_CAPABILITY"]))
        for line in LINES:
            f.write(line + "\n")
    print(f"wrote {len(LINES)} cases to {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
