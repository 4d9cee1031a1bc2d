#!/usr/bin/env python3
"""Writes the libs/tensor goldens under tests/tensor/golden/ from real PyTorch.

Run: scripts/gen_tensor_goldens.py (re-executes itself under the reference
Python that scripts/reference-env makes: torch 2.15.0)

repr.txt: one block per case, each line "key value":
  case <name>
  dtype <tc dtype name>
  storage <the whole storage as little-endian hex bytes>
  view <sizes,comma,separated> <strides,...> <storage offset>   ('-' for none)
  options <precision> <linewidth> <threshold> <edgeitems> <sci_mode none|true|false>
  suffix <text>                      (zero or more: suffixes after dtype=)
  repr <number of lines>
  <that many lines of repr(t)>
conversions.txt (tensor.to(dtype) on contiguous 1-d tensors):
  convert <src dtype> <dst dtype> <src bytes hex> <dst bytes hex>
half.txt (float32 -> float16 / bfloat16 as tensor.to() rounds):
  <float32 bits hex> <float16 bits hex> <bfloat16 bits hex>
scalar_repr.txt (Python's repr of a float):
  <float64 bits hex> <repr>
promotion.txt:
  promote <a> <b> <torch.promote_types(a, b)>
  result <kind:dtype> ... = <dtype>  kinds: tensor, zerodim, scalar
    (scalar dtypes: bool, int64, float64 stand for Python bool/int/float)
"""
import math
import os
import struct
import sys

from reference_python import run_under_reference_python

run_under_reference_python()

import torch

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "tensor", "golden")

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]
NAME = {d: str(d).replace("torch.", "") for d in DTYPES}
FLOATS = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
INTS = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]


def storage_hex(t):
    s = t.untyped_storage()
    raw = torch.empty(0, dtype=torch.uint8).set_(s)
    return raw.numpy().tobytes().hex()


class ReprWriter:
    def __init__(self):
        self.lines = []
        self.names = set()

    def add(self, name, t, precision=4, linewidth=80, threshold=1000, edgeitems=3,
            sci_mode=None):
        assert name not in self.names, name
        self.names.add(name)
        torch.set_printoptions(precision=precision, linewidth=linewidth, threshold=threshold,
                               edgeitems=edgeitems, sci_mode=sci_mode)
        try:
            text = repr(t)
        finally:
            torch.set_printoptions(profile="default", sci_mode=None)
        suffixes = []
        if t.grad_fn is not None:
            suffixes.append(f"grad_fn=<{type(t.grad_fn).__name__}>")
        elif t.requires_grad:
            suffixes.append("requires_grad=True")
        d = t.detach()
        sm = "none" if sci_mode is None else ("true" if sci_mode else "false")
        self.lines.append(f"case {name}")
        self.lines.append(f"dtype {NAME[d.dtype]}")
        self.lines.append(f"storage {storage_hex(d)}")
        sizes = ",".join(str(s) for s in d.shape) or "-"
        strides = ",".join(str(s) for s in d.stride()) or "-"
        self.lines.append(f"view {sizes} {strides} {d.storage_offset()}")
        self.lines.append(f"options {precision} {linewidth} {threshold} {edgeitems} {sm}")
        for s in suffixes:
            self.lines.append(f"suffix {s}")
        rl = text.split("\n")
        self.lines.append(f"repr {len(rl)}")
        self.lines.extend(rl)


def int_values(dtype, n, gen):
    info = torch.iinfo(dtype)
    lo, hi = max(info.min, -10**6), min(info.max, 10**6)
    return torch.randint(lo, hi + 1, (n,), generator=gen, dtype=torch.int64).to(dtype)


def repr_cases(w):
    gen = torch.Generator().manual_seed(0)

    def randn(*shape, dtype=torch.float32, scale=1.0):
        return (torch.randn(*shape, generator=gen, dtype=torch.float64) * scale).to(dtype)

    # Every dtype in every rank, small and regular.
    for dt in DTYPES:
        n = NAME[dt]
        if dt == torch.bool:
            mk = lambda *s: torch.rand(*s, generator=gen) > 0.5  # noqa: E731
        elif dt in INTS:
            mk = lambda *s, dt=dt: int_values(dt, math.prod(s), gen).reshape(s)  # noqa: E731
        else:
            mk = lambda *s, dt=dt: randn(*s, dtype=dt)  # noqa: E731
        w.add(f"{n}_0d", mk(1).reshape(()))
        w.add(f"{n}_1d", mk(5))
        w.add(f"{n}_1d_one", mk(1))
        w.add(f"{n}_2d", mk(3, 4))
        w.add(f"{n}_3d", mk(2, 3, 4))
        w.add(f"{n}_4d", mk(2, 2, 2, 3))
        w.add(f"{n}_2d_transposed", mk(3, 5).t())
        w.add(f"{n}_3d_permuted", mk(2, 3, 4).permute(2, 0, 1))
        w.add(f"{n}_sliced", mk(6, 7)[1::2, ::3])
        w.add(f"{n}_expanded", mk(3).expand(2, 3))
        w.add(f"{n}_empty_1d", torch.empty(0, dtype=dt))
        w.add(f"{n}_empty_2d", torch.empty(0, 3, dtype=dt))
        w.add(f"{n}_empty_3d", torch.empty(2, 0, 4, dtype=dt))
        w.add(f"{n}_summarized_1d", mk(1500))
        w.add(f"{n}_summarized_2d", mk(40, 30))
        w.add(f"{n}_summarized_3d", mk(12, 10, 11))
        w.add(f"{n}_wide_row", mk(40))
        w.add(f"{n}_wide_2d", mk(3, 25))

    # Integers of various widths and signs.
    for dt in INTS:
        info = torch.iinfo(dt)
        n = NAME[dt]
        w.add(f"{n}_extremes", torch.tensor([info.min, info.max, 0, 1], dtype=dt))
        w.add(f"{n}_small", torch.tensor([0, 1, 2, 3, 9], dtype=dt))
        w.add(f"{n}_mixed_width", torch.tensor([[1, -20], [300 % (info.max + 1), 4]], dtype=dt))
    w.add("int64_huge", torch.tensor([2**62 + 12345, -(2**63), 7]))
    w.add("int64_wrap_negative", torch.arange(-30, 30).reshape(2, 30))

    # Floats: notation choices, special values, rounding.
    for dt in FLOATS:
        n = NAME[dt]
        inf, nan = float("inf"), float("nan")
        w.add(f"{n}_integers", torch.tensor([1.0, 2.0, -3.0], dtype=dt))
        w.add(f"{n}_integers_big", torch.tensor([1.0, 20000.0, -300.0], dtype=dt))
        w.add(f"{n}_mixed", torch.tensor([1.0, 2.5, -0.125], dtype=dt))
        w.add(f"{n}_specials", torch.tensor([nan, inf, -inf, -0.0, 0.0, 1.5], dtype=dt))
        w.add(f"{n}_specials_int", torch.tensor([nan, inf, -inf, -0.0, 2.0], dtype=dt))
        w.add(f"{n}_only_specials", torch.tensor([nan, inf, -inf, -0.0], dtype=dt))
        w.add(f"{n}_zeros", torch.zeros(2, 3, dtype=dt))
        w.add(f"{n}_neg_zero_0d", torch.tensor(-0.0, dtype=dt))
        w.add(f"{n}_nan_0d", torch.tensor(nan, dtype=dt))
        w.add(f"{n}_sci_ratio", torch.tensor([1.0, 1500.0, 3.25], dtype=dt))
        w.add(f"{n}_sci_tiny", torch.tensor([5e-5, 0.5], dtype=dt))
        w.add(f"{n}_rounding", torch.tensor([0.1, 1 / 3, 2 / 3, 0.2, 100.7, 3.14159265], dtype=dt))
        w.add(f"{n}_sci_forced", torch.tensor([1.5, 2.25], dtype=dt), sci_mode=True)
        w.add(f"{n}_sci_off", torch.tensor([1e-6, 123.0], dtype=dt), sci_mode=False)
        w.add(f"{n}_precision2", randn(4, dtype=dt), precision=2)
        w.add(f"{n}_summarized_sci", torch.cat([randn(1200, dtype=dt), torch.tensor([1e5], dtype=dt)]))
    f16, bf16 = torch.float16, torch.bfloat16
    w.add("float16_max_subnormal", torch.tensor([65504.0, 6e-8, 1e-5, -2.0], dtype=f16))
    w.add("float16_overflow", torch.tensor([70000.0, 1.0], dtype=f16))
    w.add("bfloat16_big", torch.tensor([3e38, 1e-30, 1.0], dtype=bf16))
    w.add("bfloat16_ints", torch.tensor([257.0, 1000.0, -3.0], dtype=bf16))
    w.add("float32_huge", torch.tensor([1e8, 2e8, 3.0]))
    w.add("float32_exactly_1e8", torch.tensor([1e8, 1.0]))
    w.add("float32_ratio_1000", torch.tensor([1.0, 1000.0]))
    w.add("float32_ratio_1001", torch.tensor([1.0, 1001.0]))
    w.add("float32_min_1e-4", torch.tensor([1e-4, 1.0]))
    w.add("float64_1e-4", torch.tensor([1e-4, 1.0], dtype=torch.float64))
    w.add("float64_huge_int", torch.tensor([1e20, -1.0], dtype=torch.float64), sci_mode=False)
    w.add("float64_big_values", torch.tensor([1e300, -1e-300, 5.0], dtype=torch.float64))
    w.add("float64_ties", torch.tensor([0.125, 0.375, 2.5e-5, 0.00015], dtype=torch.float64))
    w.add("float32_randn_scaled", randn(5, 6, scale=1000.0))
    w.add("float32_randn_tiny", randn(3, 4, scale=1e-3))
    w.add("float32_wide_sci", randn(30, scale=1e6))
    w.add("float32_negative_ints", torch.tensor([[-1.0, -20.0], [300.0, 4.0]]))

    # Print options.
    base = randn(4, 9)
    w.add("opt_linewidth_40", base, linewidth=40)
    w.add("opt_linewidth_120", randn(50), linewidth=120)
    w.add("opt_linewidth_tiny", randn(2, 3, 3), linewidth=5)
    w.add("opt_threshold_5", torch.arange(10), threshold=5)
    w.add("opt_threshold_5_2d", torch.arange(24).reshape(4, 6), threshold=5)
    w.add("opt_edgeitems_1", randn(5, 5, 5), threshold=10, edgeitems=1)
    w.add("opt_edgeitems_0_1d", torch.arange(10), threshold=5, edgeitems=0)
    w.add("opt_edgeitems_0_2d", torch.arange(24.0).reshape(4, 6), threshold=5, edgeitems=0)
    w.add("opt_edgeitems_0_small", torch.arange(4), edgeitems=0)
    w.add("opt_precision_0", torch.tensor([1.25, 2.5, -3.75]), precision=0)
    w.add("opt_precision_8", torch.tensor([1 / 3, 2 / 7], dtype=torch.float64), precision=8)
    w.add("opt_precision_8_sci", torch.tensor([1 / 3, 2e-7], dtype=torch.float64), precision=8)
    w.add("opt_threshold_5_3d", torch.arange(60).reshape(3, 4, 5), threshold=5, edgeitems=1)

    # Suffixes PyTorch adds for autograd, wrapped near the line width.
    w.add("suffix_requires_grad", torch.tensor([1.0, 2.0], requires_grad=True))
    w.add("suffix_requires_grad_f64", torch.tensor([1.0, 2.5], dtype=torch.float64,
                                                   requires_grad=True))
    x = torch.tensor([1.5, 2.0], requires_grad=True)
    w.add("suffix_grad_fn", x * 2)
    w.add("suffix_grad_fn_wraps", randn(8, dtype=torch.float64).requires_grad_() + 1)
    w.add("suffix_wide_requires_grad", randn(3, 8).requires_grad_())
    w.add("suffix_0d_requires_grad", torch.tensor(3.5, requires_grad=True))
    w.add("suffix_edge_wrap", randn(7, dtype=torch.float16).requires_grad_(), linewidth=60)

    # Sizes 1 and shapes that mix summarized and regular dimensions.
    w.add("size1_dims", randn(1, 1, 3))
    w.add("long_first_dim", randn(1100, 1))
    w.add("long_inner_dim", randn(2, 700))
    w.add("ones_5d", torch.ones(2, 1, 2, 1, 2))
    w.add("bool_summarized_expanded", torch.tensor([True, False]).repeat(600))

    # Random mixes of dtype, rank, magnitude and options.
    import random
    rng = random.Random(3)
    for i in range(80):
        dt = rng.choice(DTYPES)
        shape = [rng.choice([1, 2, 3, 5, 8, 13]) for _ in range(rng.randint(0, 4))]
        n = math.prod(shape)
        if dt == torch.bool:
            t = torch.rand(n, generator=gen) > 0.3
        elif dt in INTS:
            t = int_values(dt, n, gen)
        else:
            scale = 10.0 ** rng.randint(-9, 9)
            t = randn(n, dtype=torch.float64, scale=scale)
            if rng.random() < 0.3:
                t = t.round()
            if rng.random() < 0.2 and n > 1:
                t[rng.randrange(n)] = rng.choice([float("nan"), float("inf"), -float("inf"), 0.0])
            t = t.to(dt)
        t = t.reshape(shape)
        if t.dim() >= 2 and rng.random() < 0.4:
            t = t.transpose(0, t.dim() - 1)
        opts = {}
        if rng.random() < 0.4:
            opts = dict(precision=rng.randint(0, 8), linewidth=rng.randint(20, 140),
                        threshold=rng.choice([10, 50, 1000]), edgeitems=rng.randint(1, 4),
                        sci_mode=rng.choice([None, None, True, False]))
        w.add(f"fuzz_{i:02d}_{NAME[dt]}", t, **opts)


def promotion_lines():
    lines = []
    for a in DTYPES:
        for b in DTYPES:
            lines.append(f"promote {NAME[a]} {NAME[b]} {NAME[torch.promote_types(a, b)]}")

    def make(kind, dt):
        if kind == "tensor":
            return torch.ones(2, dtype=dt)
        if kind == "zerodim":
            return torch.ones((), dtype=dt)
        return {torch.bool: True, torch.int64: 2, torch.float64: 2.5}[dt]

    scalar_types = [torch.bool, torch.int64, torch.float64]
    operands = ([("tensor", d) for d in DTYPES] + [("zerodim", d) for d in DTYPES] +
                [("scalar", d) for d in scalar_types])
    for ka, da in operands:
        for kb, db in operands:
            if ka == "scalar" and kb == "scalar":
                continue
            r = torch.result_type(make(ka, da), make(kb, db))
            lines.append(f"result {ka}:{NAME[da]} {kb}:{NAME[db]} = {NAME[r]}")
    # Three operands: addcmul's output dtype is the result type over all three.
    picks = [torch.bool, torch.uint8, torch.int8, torch.int32, torch.int64, torch.float16,
             torch.bfloat16, torch.float32, torch.float64]
    for ka in ["tensor", "zerodim"]:
        for kb in ["tensor", "zerodim"]:
            for kc in ["tensor", "zerodim"]:
                for da in picks:
                    for db in picks:
                        for dc in picks:
                            if (da, db, dc) != tuple(sorted((da, db, dc), key=DTYPES.index)) and \
                                    (ka, kb, kc) == ("tensor", "tensor", "tensor"):
                                continue
                            try:
                                r = torch.addcmul(make(ka, da), make(kb, db), make(kc, dc)).dtype
                            except RuntimeError:
                                continue
                            lines.append(f"result {ka}:{NAME[da]} {kb}:{NAME[db]} "
                                         f"{kc}:{NAME[dc]} = {NAME[r]}")
    # A tensor, a 0-dim tensor and a Python scalar: torch.where(cond, a, b)
    # promotes a and b only, so use a.add(b).add(scalar)'s pairwise rules via
    # torch.add(a, b * ...) is not one op; addcmul with value= ignores it.
    # lerp/clamp do not promote uniformly either, so three-way cases with a
    # scalar come from torch._prims_common.elementwise_dtypes, PyTorch's own
    # Python statement of the same rule.
    from torch._prims_common import ELEMENTWISE_TYPE_PROMOTION_KIND, elementwise_dtypes
    for da in DTYPES:
        for db in DTYPES:
            for ds in scalar_types:
                args = [make("tensor", da), make("zerodim", db), make("scalar", ds)]
                _, r = elementwise_dtypes(
                    *args, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT)
                lines.append(f"result tensor:{NAME[da]} zerodim:{NAME[db]} scalar:{NAME[ds]} "
                             f"= {NAME[r]}")
    return lines


CONVERT_VALUES = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, -2.7, 2.7, 0.1, 0.5, 1.5, 100.5, 127.0,
                  128.0, 200.9, 255.0, 256.0, 300.0, -129.0, -128.0, 1000.7, 32767.0, 32768.0,
                  -40000.0, 65504.0, 65519.0, 65520.0, 70000.0, 1e-8, 1e-3, 3.0e38, 16777217.0,
                  2.0**31, -(2.0**31), 2.0**40 + 3, 1.0 / 3, float("nan"), float("inf"),
                  float("-inf")]


def in_range(v, dt):
    if dt == torch.bool or dt in FLOATS:
        return True
    if not math.isfinite(v):
        return False
    info = torch.iinfo(dt)
    return info.min <= math.trunc(v) <= info.max


def conversion_lines():
    lines = []
    for src in DTYPES:
        vals = CONVERT_VALUES
        if src == torch.bool:
            t = torch.tensor([True, False, True])
        elif src in INTS:
            info = torch.iinfo(src)
            ints = [0, 1, -1, 2, 127, -128, 255, 300, -300, 65535, 70000, 2**31 - 1, -(2**31),
                    2**40 + 3, 2**53 + 1, 2**62, -(2**63), 2**63 - 1, 16777217, 2049]
            t = torch.tensor([v for v in ints if info.min <= v <= info.max], dtype=src)
        else:
            t = torch.tensor(vals, dtype=torch.float64).to(src)
        for dst in DTYPES:
            if src in FLOATS and dst in INTS:
                # Float to int is only defined in range (C's rule, and PyTorch's).
                keep = [i for i, v in enumerate(t.tolist()) if in_range(v, dst)]
                tt = t[keep].clone()
            else:
                tt = t
            out = tt.to(dst)
            lines.append(f"convert {NAME[src]} {NAME[dst]} {storage_hex(tt) or '-'} "
                         f"{storage_hex(out) or '-'}")
    return lines


def half_lines():
    gen = torch.Generator().manual_seed(1)
    bits = set()
    # Random patterns over every exponent, both signs.
    for b in torch.randint(0, 2**32, (1500,), generator=gen, dtype=torch.int64).tolist():
        bits.add(b)
    # Exact halfway points between neighbouring float16 and bfloat16 values,
    # and their neighbours, so round-to-nearest-even is exercised.
    h = torch.randint(0, 0x7c00, (300,), generator=gen, dtype=torch.int64)
    for hv in h.tolist():
        lo = torch.tensor([hv], dtype=torch.int16).view(torch.float16).float().item()
        hi = torch.tensor([hv + 1], dtype=torch.int16).view(torch.float16).float().item()
        mid = struct.unpack("<I", struct.pack("<f", (lo + hi) / 2))[0]
        for d in (-1, 0, 1):
            bits.add((mid + d) & 0xffffffff)
            bits.add((mid + d) | 0x80000000)
    for b16 in torch.randint(0, 0x7f80, (300,), generator=gen, dtype=torch.int64).tolist():
        mid = (b16 << 16) | 0x8000
        for d in (-1, 0, 1):
            bits.add(mid + d)
            bits.add((mid + d) | 0x80000000)
    special = [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001,
               0x7fa00000, 0xff812345, 0x477fe000, 0x477fefff, 0x477ff000, 0x47800000,
               0x33800000, 0x33000000, 0x33000001, 0x387fc000, 0x38800000, 0x7f7fffff,
               0x00000001, 0x807fffff, 0x3f800000, 0x3dcccccd]
    bits.update(special)
    bits = sorted(bits)
    f = torch.tensor(bits, dtype=torch.int64).to(torch.int32).view(torch.float32)
    h16 = f.to(torch.float16).view(torch.int16).to(torch.int64).tolist()
    b16 = f.to(torch.bfloat16).view(torch.int16).to(torch.int64).tolist()
    return [f"{b:08x} {x & 0xffff:04x} {y & 0xffff:04x}" for b, x, y in zip(bits, h16, b16)]


def scalar_lines():
    vals = [0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.30000000000000004, 1 / 3, 2 / 3, 1e-4, 1e-5,
            0.00012345, 1e15, 1e16, 1.5e16, 123456789012345678.0, 9007199254740993.0,
            1e22, 1e23, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
            float("inf"), float("-inf"), float("nan"), 100.0, 1234.5, -0.5, 3.14159,
            2.5e-7, 65504.0, 1e100, 123e-20, 9999999999999998.0, 0.001, 0.0001]
    gen = torch.Generator().manual_seed(2)
    mant = torch.rand(200, generator=gen, dtype=torch.float64).tolist()
    exps = torch.randint(-30, 30, (200,), generator=gen).tolist()
    vals += [m * 10.0**e for m, e in zip(mant, exps)]
    vals += [float(torch.tensor(m, dtype=torch.float32)) for m in mant[:50]]
    lines = []
    for v in vals:
        bits = struct.unpack("<Q", struct.pack("<d", v))[0]
        lines.append(f"{bits:016x} {v!r}")
    return lines


def main():
    os.makedirs(OUT, exist_ok=True)
    w = ReprWriter()
    repr_cases(w)
    with open(os.path.join(OUT, "repr.txt"), "w") as f:
        f.write("\n".join(w.lines) + "\n")
    print(f"repr.txt: {len(w.names)} cases", file=sys.stderr)
    lines = promotion_lines()
    with open(os.path.join(OUT, "promotion.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"promotion.txt: {len(lines)} lines", file=sys.stderr)
    for name, fn in [("conversions.txt", conversion_lines), ("half.txt", half_lines),
                     ("scalar_repr.txt", scalar_lines)]:
        lines = fn()
        with open(os.path.join(OUT, name), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"{name}: {len(lines)} lines", file=sys.stderr)


if __name__ == "__main__":
    main()
