#!/usr/bin/env python3
# Over 600 lines because it is one table: a PyTorch call and its cases for
# every core op, read top to bottom beside OPS.md.
"""Generates tests/graph-ir/golden/meta_golden.txt from real PyTorch.

Each line is one call of one registered op: its arguments (tensor metadata
and constants) and what torch returned (output dtype/sizes/strides) or the
first line of the error it raised. graph_ir_test checks InferMeta against it.

Line format (tab-separated): op, args..., '=>', then 'OK' and one field per
output tensor, or 'ERR' and the message. Argument encodings:
  T dtype/sizes/strides     a tensor ('float32/2,3/3,1'; 0-dim: 'float32//')
  L t1 t2 ...               a tensor list (each like T's payload)
  N                         None
  B True|False / I 3 / F 1.5   bool / int / float scalar (Python repr)
  IL 0,1                    an int list (empty: 'IL ')
  D float32                 a dtype
  S floor                   a string
Run: scripts/gen_graph_ir_goldens.py (re-executes itself under the reference
Python that scripts/reference-env makes: torch 2.15.0)
"""
import math
import os
import re
import warnings

from reference_python import run_under_reference_python

run_under_reference_python()

import torch

warnings.filterwarnings("ignore")

DT = {
    "bool": torch.bool, "uint8": torch.uint8, "int8": torch.int8, "int16": torch.int16,
    "int32": torch.int32, "int64": torch.int64, "float16": torch.float16,
    "bfloat16": torch.bfloat16, "float32": torch.float32, "float64": torch.float64,
}
NAME = {v: k for k, v in DT.items()}
MEMORY_FORMATS = {
    "preserve": torch.preserve_format, "contiguous": torch.contiguous_format,
    "channels_last": torch.channels_last, "channels_last_3d": torch.channels_last_3d,
    "sideways": "sideways",
}
ALL = list(DT)


class T:
    def __init__(self, dtype, sizes, strides=None):
        self.dtype, self.sizes = dtype, list(sizes)
        if strides is None:
            strides, s = [], 1
            for n in reversed(self.sizes):
                strides.insert(0, s)
                s *= max(n, 1)
        self.strides = list(strides)

    def make(self, fill=1):
        # Ones keep integer division and indexing (zeros) free of data errors.
        x = torch.empty_strided(self.sizes, self.strides, dtype=DT[self.dtype])
        return x.fill_(fill)

    def enc(self):
        return f"{self.dtype}/{','.join(map(str, self.sizes))}/{','.join(map(str, self.strides))}"


class L:
    def __init__(self, ts):
        self.ts = ts


class IL:
    def __init__(self, v):
        self.v = list(v)


class D:
    def __init__(self, name):
        self.name = name


def enc(a):
    if isinstance(a, T):
        return "T " + a.enc()
    if isinstance(a, L):
        return "L" + "".join(" " + t.enc() for t in a.ts)
    if a is None:
        return "N"
    if isinstance(a, bool):
        return f"B {a}"
    if isinstance(a, int):
        return f"I {a}"
    if isinstance(a, float):
        return f"F {a!r}"
    if isinstance(a, IL):
        return "IL " + ",".join(map(str, a.v))
    if isinstance(a, D):
        return "D " + a.name
    if isinstance(a, str):
        return "S " + a
    raise TypeError(a)


def py(a):
    if isinstance(a, T):
        return a.make()
    if isinstance(a, L):
        return [t.make() for t in a.ts]
    if isinstance(a, IL):
        return a.v
    if isinstance(a, D):
        return DT[a.name]
    return a


def out_enc(r):
    rs = r if isinstance(r, (tuple, list)) else [r]
    return "\t".join(
        f"{NAME[x.dtype]}/{','.join(map(str, x.shape))}/{','.join(map(str, x.stride()))}" for x in rs)


def slice_fn(x, dim, start, end, step):
    return torch.ops.aten.slice.Tensor(x, dim, start, end, step)


def view_fn(x, size):
    return x.view(size)


FNS = {
    "add": lambda s, o, alpha: torch.add(s, o, alpha=alpha),
    "sub": lambda s, o, alpha: torch.sub(s, o, alpha=alpha),
    "div": lambda s, o, rm: torch.div(s, o, rounding_mode=rm),
    "gelu": lambda s, approx: torch.nn.functional.gelu(s, approximate=approx),
    "silu": torch.nn.functional.silu,
    "round": lambda s, d: torch.round(s, decimals=d),
    "clamp": lambda s, lo, hi: torch.clamp(s, lo, hi),
    "addcmul": lambda s, a, b, v: torch.addcmul(s, a, b, value=v),
    "addcdiv": lambda s, a, b, v: torch.addcdiv(s, a, b, value=v),
    "to_dtype": lambda s, d: s.to(d),
    "clone": lambda s, f: s.clone(memory_format=MEMORY_FORMATS[f]),
    "index_put": lambda s, ind, v, acc: torch.index_put(s, tuple(ind), v, acc),
    "index_add": lambda s, d, i, src, alpha: torch.index_add(s, d, i, src, alpha=alpha),
    "scatter_reduce": lambda s, d, i, src, r, inc: torch.scatter_reduce(s, d, i, src, r,
                                                                       include_self=inc),
    "sum": lambda s, dim, k, dt: torch.sum(s, dim, keepdim=k, dtype=dt),
    "mean": lambda s, dim, k, dt: torch.mean(s, dim, keepdim=k, dtype=dt),
    "prod": lambda s, dim, k, dt: torch.prod(s, dtype=dt) if dim is None else torch.prod(s, dim, keepdim=k, dtype=dt),
    "amax": lambda s, dim, k: torch.amax(s, dim, keepdim=k),
    "amin": lambda s, dim, k: torch.amin(s, dim, keepdim=k),
    "argmax": lambda s, dim, k: torch.argmax(s, dim, keepdim=k),
    "argmin": lambda s, dim, k: torch.argmin(s, dim, keepdim=k),
    "var": lambda s, dim, c, k: torch.var(s, dim, correction=c, keepdim=k),
    "linalg_vector_norm": lambda s, o, dim, k, dt: torch.linalg.vector_norm(s, o, dim, k,
                                                                            dtype=dt),
    "cumsum": lambda s, dim, dt: torch.cumsum(s, dim, dtype=dt),
    "cumprod": lambda s, dim, dt: torch.cumprod(s, dim, dtype=dt),
    "view": view_fn,
    "reshape": lambda s, sh: s.reshape(sh),
    "permute": lambda s, d: s.permute(d),
    "expand": lambda s, sz: s.expand(sz),
    "squeeze": lambda s, d: torch.squeeze(s) if d is None else torch.squeeze(s, d),
    "unsqueeze": torch.unsqueeze,
    "slice": slice_fn,
    "cat": lambda ts, dim: torch.cat(ts, dim),
    "full": lambda size, v, dt: torch.full(size, v, dtype=dt),
    "arange": lambda a, b, c, dt: torch.arange(a, b, c, dtype=dt),
    "rand": lambda size, dt: torch.rand(size, dtype=dt),
    "randn": lambda size, dt: torch.randn(size, dtype=dt),
    # The random ops fill a fresh tensor in place, as the torch calls do.
    "uniform": lambda size, a, b, dt: torch.empty(size, dtype=dt or torch.float32).uniform_(a, b),
    "normal": lambda size, m, s, dt, dense: torch.empty(size, dtype=dt or torch.float32).normal_(m, s),
    "random": lambda size, a, b, dt: (
        torch.empty(size, dtype=dt or torch.int64).random_() if a is None else
        torch.empty(size, dtype=dt or torch.int64).random_(a, b)),
    "randperm": lambda n, dt: torch.randperm(n, dtype=dt or torch.int64),
    "bernoulli": lambda size, p, dt: torch.empty(size, dtype=dt or torch.float32).bernoulli_(p),
    "bernoulli_tensor": lambda p, dt: torch.bernoulli(p),
    "exponential": lambda size, l, dt: torch.empty(size, dtype=dt or torch.float32).exponential_(l),
    "geometric": lambda size, p, dt: torch.empty(size, dtype=dt or torch.float32).geometric_(p),
    "log_normal": lambda size, m, s, dt: torch.empty(size, dtype=dt or torch.float32).log_normal_(m, s),
    "cauchy": lambda size, m, s, dt: torch.empty(size, dtype=dt or torch.float32).cauchy_(m, s),
    "multinomial": lambda p, k, r: torch.multinomial(p, k, r),
    "max_pool2d_with_indices": torch.ops.aten.max_pool2d_with_indices,
    "avg_pool2d": torch._C._nn.avg_pool2d,
    "_adaptive_avg_pool2d": torch.ops.aten._adaptive_avg_pool2d,
    "adaptive_max_pool2d": torch._C._nn.adaptive_max_pool2d,
    "sort": lambda s, d, desc, st: torch.sort(s, dim=d, descending=desc, stable=st),
    "median_dim": lambda s, d, k: torch.median(s, d, k),
    "nanmedian_dim": lambda s, d, k: torch.nanmedian(s, d, k),
    "bucketize": lambda s, b, i32, r: torch.bucketize(s, b, out_int32=i32, right=r),
    "searchsorted": lambda q, s, i32, r, so: torch.searchsorted(q, s, out_int32=i32, right=r,
                                                                sorter=so),
    # tc's resampling ops are one op per family; the rank picks ATen's op.
    "upsample_nearest": lambda x, size, exact, sd, sh, sw: (
        (torch._C._nn._upsample_nearest_exact1d if exact else torch._C._nn.upsample_nearest1d)(
            x, size, sw) if x.dim() <= 3 else
        (torch._C._nn._upsample_nearest_exact2d if exact else torch._C._nn.upsample_nearest2d)(
            x, size, sh, sw) if x.dim() == 4 else
        (torch._C._nn._upsample_nearest_exact3d if exact else torch._C._nn.upsample_nearest3d)(
            x, size, sd, sh, sw)),
    "upsample_linear": lambda x, size, ac, sd, sh, sw: (
        torch._C._nn.upsample_linear1d(x, size, ac, sw) if x.dim() <= 3 else
        torch._C._nn.upsample_bilinear2d(x, size, ac, sh, sw) if x.dim() == 4 else
        torch._C._nn.upsample_trilinear3d(x, size, ac, sd, sh, sw)),
    "upsample_bicubic2d": lambda x, size, ac, sh, sw: torch._C._nn.upsample_bicubic2d(
        x, size, ac, sh, sw),
    "im2col": torch._C._nn.im2col,
    # The backward ops: tc's output_mask is an int list, its resampling
    # backward ops one per family as the forward ones.
    "convolution_backward": lambda *a: torch.ops.aten.convolution_backward(
        *a[:-1], [bool(v) for v in a[-1]]),
    "native_batch_norm_backward": lambda *a: torch.ops.aten.native_batch_norm_backward(
        *a[:-1], [bool(v) for v in a[-1]]),
    "max_pool2d_with_indices_backward": torch.ops.aten.max_pool2d_with_indices_backward,
    "avg_pool2d_backward": torch.ops.aten.avg_pool2d_backward,
    "_adaptive_avg_pool2d_backward": torch.ops.aten._adaptive_avg_pool2d_backward,
    "adaptive_max_pool2d_backward": torch.ops.aten.adaptive_max_pool2d_backward,
    "upsample_nearest_backward": lambda g, size, in_size, exact, sd, sh, sw: (
        (torch.ops.aten._upsample_nearest_exact1d_backward if exact else
         torch.ops.aten.upsample_nearest1d_backward)(g, size, in_size, sw) if g.dim() == 3 else
        (torch.ops.aten._upsample_nearest_exact2d_backward if exact else
         torch.ops.aten.upsample_nearest2d_backward)(g, size, in_size, sh, sw) if g.dim() == 4 else
        (torch.ops.aten._upsample_nearest_exact3d_backward if exact else
         torch.ops.aten.upsample_nearest3d_backward)(g, size, in_size, sd, sh, sw)),
    "upsample_linear_backward": lambda g, size, in_size, ac, sd, sh, sw: (
        torch.ops.aten.upsample_linear1d_backward(g, size, in_size, ac, sw) if g.dim() == 3 else
        torch.ops.aten.upsample_bilinear2d_backward(g, size, in_size, ac, sh, sw)
        if g.dim() == 4 else
        torch.ops.aten.upsample_trilinear3d_backward(g, size, in_size, ac, sd, sh, sw)),
    "upsample_bicubic2d_backward": torch.ops.aten.upsample_bicubic2d_backward,
    "col2im": torch._C._nn.col2im,
    "unfold": lambda x, d, size, step: x.unfold(d, size, step),
    "scaled_dot_product_attention": lambda q, k, v, m, c, s, g: (
        torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=m, is_causal=c,
                                                         scale=s, enable_gqa=g)),
}


def fn(op):
    return FNS.get(op) or getattr(torch, op)


CASES = []


def case(op, *args):
    CASES.append((op, args))


def t(dtype="float32", sizes=(2, 3), strides=None):
    return T(dtype, sizes, strides)


UNARY = ["abs", "neg", "exp", "log", "log1p", "expm1", "sqrt", "rsqrt", "sin", "cos", "tan",
         "tanh", "sigmoid", "erf", "relu", "silu", "floor", "ceil", "sign", "logical_not",
         "bitwise_not"]
for op in UNARY:
    for d in ALL:
        case(op, t(d))
    case(op, t("float32", (3, 2), (1, 3)))
    case(op, t("float32", ()))
    case(op, t("int64", (0, 4)))
for d in ALL:
    case("gelu", t(d), "none")
    case("round", t(d), 0)
case("gelu", t(), "tanh")
case("gelu", t(), "bad")
case("gelu", t("int64"), "bad")
case("round", t(), 2)
case("round", t("int64"), 2)
case("round", t("float64", (3, 2), (1, 3)), -1)

BINARY = ["add", "sub", "mul", "div", "floor_divide", "remainder", "pow", "maximum", "minimum",
          "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor",
          "bitwise_and", "bitwise_or", "bitwise_xor"]
PAIRS = [("float32", "float32"), ("int64", "int64"), ("bool", "bool"), ("int32", "float16"),
         ("uint8", "int8"), ("float16", "bfloat16"), ("int16", "float64"), ("bool", "int32"),
         ("uint8", "bool"), ("bfloat16", "int64")]
SCALARS = [1, 2.5, True, -3]


def extra(op):
    if op in ("add", "sub"):
        return (1,)
    if op == "div":
        return (None,)
    return ()


for op in BINARY:
    for a, b in PAIRS:
        case(op, t(a), t(b), *extra(op))
    for d in ("float32", "int64", "bool", "uint8", "float16"):
        for s in SCALARS:
            case(op, t(d), s, *extra(op))
    # 0-dim tensors take part like weak operands of their category
    case(op, t("int32"), t("int64", ()), *extra(op))
    case(op, t("int32"), t("float64", ()), *extra(op))
    case(op, t("float16", ()), t("int64", ()), *extra(op))
    case(op, t("float32", (2, 1, 3)), t("float32", (4, 1)), *extra(op))
    case(op, t("float32", (2, 3)), t("float32", (4,)), *extra(op))
    case(op, t("float32", (3, 2), (1, 3)), t("float32", (2,)), *extra(op))
for d in ("float32", "int64", "bool"):
    for alpha in (2, 1.5, True):
        case("add", t(d), t(d), alpha)
        case("sub", t(d), t(d), alpha)
for rm in ("trunc", "floor", "bad"):
    for a, b in PAIRS[:5]:
        case("div", t(a), t(b), rm)
    case("div", t("int64"), 2, rm)
case("pow", t("int64"), -1)
case("pow", t("int32"), -2)
case("pow", t("int64"), 2)
case("pow", t("int64"), -1.5)
case("pow", t("float32"), -1)
case("pow", t("int64"), t("int64", ()))
case("pow", 2, t("int64"))  # Scalar self is not in the schema; skipped below

for c in ("bool", "float32", "uint8"):
    case("where", t(c), t("float32"), t("float64"))
for a, b in [("int64", "float32"), ("int32", "int64"), ("bool", "bool"), ("float16", "int64")]:
    case("where", t("bool"), t(a), t(b))
case("where", t("bool"), t("int32"), 1.5)
case("where", t("bool"), 1, 2)
case("where", t("bool"), 1.0, 2)
case("where", t("bool"), True, False)
case("where", t("bool", (2, 1)), t("float32", (3,)), t("float32", (1, 1, 1)))
case("where", t("bool", (2,)), t("float32", (3,)), 0.0)

for d in ("float32", "int64", "bool", "uint8", "float16"):
    case("clamp", t(d), 0, None)

    case("clamp", t(d), None, 1.5)
    case("clamp", t(d), -1, 2)
    case("clamp", t(d), True, None)
case("clamp", t(), None, None)
case("clamp", t("int32", ()), 0.5, 1)

# ops_pointwise_extra.cc
for d in ("float32", "float64", "float16", "int64"):
    case("lerp", t(d), t(d), 0.5)
    case("addcmul", t(d), t(d), t(d), 2)
    case("hypot", t(d), t(d))
    case("atan2", t(d), t("int64"))
    case("logit", t(d), None)
    case("nan_to_num", t(d), None, None, None)
    for op in ("isnan", "isinf", "isfinite"):
        case(op, t(d))
case("lerp", t(), t("float64"), 0.5)
case("lerp", t(), t(), t("float64"))
case("lerp", t(), t(), t("float64", ()))
case("lerp", t("float32", (2, 1)), t("float32", (3,)), t("float32", (1, 1, 1)))
case("addcmul", t("int64"), t("float32"), t("int32"), 1)
case("addcmul", t("bool"), t("bool"), t("bool"), 1)
case("addcdiv", t(), t("int64"), t(), 0.5)
case("addcdiv", t("int64"), t("int64"), t("int64"), 1)
case("addcdiv", t("float64"), t(), t("float16"), -1)
case("hypot", t("bool"), t("bool"))
case("atan2", t("bool"), t("int32"))
case("logit", t("int32"), 0.25)
case("nan_to_num", t("bool"), 1.0, 2.0, None)

for a in ALL:
    for b in ("bool", "int64", "float16", "float32"):
        case("to_dtype", t(a), D(b))
case("to_dtype", t("float32", (3, 2), (1, 3)), D("float64"))
case("to_dtype", t("float32", (2, 3, 4, 5), (60, 1, 15, 3)), D("float16"))
case("to_dtype", t("float32", (3, 2), (1, 6)), D("float64"))
for f in ("preserve", "contiguous", "channels_last", "channels_last_3d"):
    case("clone", t("float32", (2, 3, 4, 5), (60, 1, 15, 3)), f)
    case("clone", t("int64", (2, 3, 4, 5, 6)), f)
    case("clone", t("float32", (3, 2), (1, 3)), f)
case("clone", t("float32", (3, 4), (1, 6)), "preserve")
case("clone", t("float32", (3, 4)), "sideways")
# Pointwise outputs follow the inputs' layout (TensorIterator).
CL = t("float32", (2, 3, 4, 5), (60, 1, 15, 3))
case("add", CL, t("float32", (2, 3, 4, 5)), 1)
case("add", t("float32", (2, 3, 4, 5)), CL, 1)
case("add", CL, t("float32", (5,)), 1)
case("add", t("float32", (1, 3, 1, 1)), CL, 1)
case("mul", t("float32", (4, 3), (1, 4)), t("float32", (3, 1)))
case("mul", t("float32", (3, 1)), t("float32", (4, 3), (1, 4)))
case("mul", t("float32", (1, 4, 3), (4, 1, 4)), 2)
case("exp", t("float32", (3, 5, 4), (1, 12, 3)))
case("exp", t("float32", (4, 3), (1, 8)))
case("where", t("bool", (4, 3), (1, 4)), t("float32", (4, 3)), 0.5)
case("clamp", CL, 0, None)
case("lerp", CL, t("float32", (2, 3, 4, 5)), 0.5)
case("isnan", t("float32", (4, 3), (1, 4)))

R = (2, 3, 4)
for op in ("sum", "mean", "prod"):
    for d in ALL:
        case(op, t(d, R), None, False, None)
    for d in ("float16", "float64", "int32", "bool"):
        case(op, t("int32", R), None, False, D(d))
        case(op, t("float32", R), None, True, D(d))
for op in ("sum", "mean"):
    for dim in ([], [0], [-1], [0, 2], [2, 0], [1, 1], [3], [-4], 1):
        for k in (False, True):
            case(op, t("float32", R), IL(dim) if isinstance(dim, list) else dim, k, None)
    case(op, t("float32", ()), 0, False, None)
    case(op, t("float32", ()), IL([0]), True, None)
    case(op, t("float32", ()), IL([1]), True, None)
    case(op, t("float32", (0, 3)), IL([0]), False, None)
for dim in (0, 2, -1, 3, None):
    for k in (False, True):
        case("prod", t("float32", R), dim, k, None)
        case("prod", t("int16", R), dim, k, None)
for op in ("amax", "amin"):
    for d in ALL:
        case(op, t(d, R), IL([]), False)
    for dim in ([0], [1, 2], [-1, 0], [2, 2], [3]):
        for k in (False, True):
            case(op, t("float32", R), IL(dim), k)
    case(op, t("float32", (0, 3)), IL([0]), False)
    case(op, t("float32", (0, 3)), IL([1]), False)
    case(op, t("float32", (0, 3)), IL([]), False)
    case(op, t("float32", ()), IL([]), False)
    case(op, t("float32", ()), IL([0]), True)
for op in ("argmax", "argmin"):
    for d in ALL:
        case(op, t(d, R), None, False)
    for dim in (0, 1, -1, 3, None):
        for k in (False, True):
            case(op, t("float32", R), dim, k)
    case(op, t("float32", (0, 3)), None, False)
    case(op, t("float32", (0, 3)), 0, False)
    case(op, t("float32", (0, 3)), 1, True)
    case(op, t("float32", ()), None, False)
    case(op, t("float32", ()), 0, True)
for op in ("cumsum", "cumprod"):
    for d in ALL:
        case(op, t(d, R), 1, None)
    case(op, t("int32", R), -1, D("float64"))
    case(op, t("float32", R, (1, 2, 6)), 0, D("int16"))
    case(op, t("float32", ()), 0, None)
    case(op, t("float32", (0, 3)), 1, None)
    case(op, t("float32", R), 3, None)
for op in ("logcumsumexp", "cummax", "cummin"):
    for d in ALL:
        case(op, t(d, R), 1)
    case(op, t("float32", R, (1, 2, 6)), -1)
    case(op, t("float32", ()), 0)
    case(op, t("float32", ()), 1)
    case(op, t("float32", (0, 3)), 0)
    case(op, t("float32", R), -4)
for d in ALL:
    case("sort", t(d, R), -1, False, False)
for dim in (0, 1, -3, 3):
    case("sort", t("float32", R), dim, True, True)
case("sort", t("float32", ()), 0, False, True)
case("sort", t("float32", ()), 1, False, False)
case("sort", t("float32", (0, 3)), 1, False, False)
for d in ALL:
    case("topk", t(d, R), 2, -1, True, True)
    case("kthvalue", t(d, R), 2, 1, False)
    case("median", t(d, R))
    case("median_dim", t(d, R), 1, False)
    case("mode", t(d, R), -1, False)
for k, dim in ((0, 0), (4, 2), (5, 2), (-1, 1), (1, 3), (1, -4)):
    case("topk", t("float32", R), k, dim, False, False)
    case("kthvalue", t("float32", R), k, dim, True)
for dim in (0, 1, -1, 3):
    for kd in (False, True):
        case("median_dim", t("float32", R), dim, kd)
        case("nanmedian_dim", t("float64", R), dim, kd)
        case("mode", t("int32", R), dim, kd)
case("nanmedian", t("float32", R))
case("nanmedian", t("bool", R))
for op in ("median_dim", "nanmedian_dim", "mode"):
    case(op, t("float32", ()), 0, True)
    case(op, t("float32", (0, 3)), 0, False)
    case(op, t("float32", (0, 3)), 1, False)
    case(op, t("float32", (2, 0)), 0, False)
case("topk", t("float32", ()), 1, 0, True, True)
case("topk", t("float32", (2, 0)), 0, -1, True, True)
case("topk", t("float32", (2, 0)), 1, -1, True, True)
case("kthvalue", t("float32", ()), 1, -1, False)
case("kthvalue", t("float32", (2, 0)), 1, -1, False)
case("kthvalue", t("float32", (0, 3)), 1, -1, False)
case("median", t("float32", (0,)))
for d in ALL:
    case("bucketize", t(d, R), t("float32", (5,)), False, False)
    case("searchsorted", t(d, (5,)), t("int64", R), True, True, None)
    case("histc", t(d, R), 7, 0.0, 1.0)
case("bucketize", t("float32", R), t("float32", (2, 5)), False, False)
case("bucketize", t("float32", ()), t("float32", (5,)), True, False)
case("bucketize", t("float32", R), t("float32", ()), False, False)
case("searchsorted", t("float32", (2, 5)), t("float32", (2, 7)), False, False, None)
case("searchsorted", t("float32", (2, 5)), t("float32", (3, 7)), False, False, None)
case("searchsorted", t("float32", (2, 5)), t("float32", ()), False, False, None)
case("searchsorted", t("float32", (5,)), t("float32", ()), True, False, None)
case("searchsorted", t("float32", ()), t("float32", (3,)), False, False, None)
case("searchsorted", t("float32", (5,)), t("float32", (3,)), False, False, t("int64", (4,)))
case("searchsorted", t("float32", (5,)), t("float32", (3,)), False, False, t("int32", (5,)))
case("searchsorted", t("float32", (5,)), t("float32", (3,)), False, False, t("int64", (5,)))
for bins, lo, hi in ((1, 0.0, 1.0), (0, 0.0, 1.0), (-3, 0.0, 1.0), (4, 2.0, 1.0),
                     (4, 0.0, float("inf")), (4, 3.0, 3.0)):
    case("histc", t("float64", (6,)), bins, lo, hi)
case("histc", t("float32", ()), 3, 0.0, 2.0)
case("histc", t("float32", (0, 3)), 3, 0.0, 2.0)
for d in ALL:
    case("var", t(d, R), None, None, False)
for dim in ([0], [1, 2], [], [3], 1):
    for k in (False, True):
        case("var", t("float32", R), IL(dim) if isinstance(dim, list) else dim, 0, k)
case("var", t("float64", R), None, 2.5, True)
for d in ALL:
    case("linalg_vector_norm", t(d, R), 2, None, False, None)
for dim in ([0], [1, 2], [], [3], [0, 0], 1):
    for k in (False, True):
        case("linalg_vector_norm", t("float32", R), 2.5, IL(dim) if isinstance(dim, list) else dim,
             k, None)
for dt in ("float64", "float16", "int64", "bfloat16"):
    case("linalg_vector_norm", t("float32", R), 1, None, False, D(dt))
    case("linalg_vector_norm", t("float16", R), 1, None, False, D(dt))
for o in (float("inf"), float("-inf"), -1, 0, 2):
    case("linalg_vector_norm", t("float32", (0, 3)), o, None, False, None)
    case("linalg_vector_norm", t("float32", (0, 3)), o, IL([1]), False, None)
    case("linalg_vector_norm", t("float32", (0, 3)), o, IL([0]), True, None)
case("linalg_vector_norm", t("float64", ()), 3, IL([0]), False, None)

V = t("float32", (2, 3, 4))
NC = t("float32", (4, 3, 2), (1, 4, 12))  # a permuted tensor
for op in ("view", "reshape"):
    for size in ([24], [-1], [2, 12], [6, -1], [4, 3, 2], [2, 3, 4, 1], [1, 24], [5, -1], [-1, -1],
                 [25], [-2, 12], [0, -1]):
        case(op, V, IL(size))
        case(op, NC, IL(size))
    case(op, t("float32", (2, 3), (1, 2)), IL([6]))
    case(op, t("float32", (4, 6), (12, 1)), IL([2, 2, 6]))
    case(op, t("float32", (4, 6), (12, 1)), IL([24]))
    case(op, t("float32", (2, 3, 4), (24, 4, 1)), IL([6, 4]))
    case(op, t("float32", (2, 1, 4), (8, 100, 2)), IL([8]))
    case(op, t("float32", (2, 1, 4), (8, 100, 2)), IL([2, 4, 1]))
    case(op, t("float32", ()), IL([1]))
    case(op, t("float32", ()), IL([]))
    case(op, t("float32", (0, 3)), IL([-1]))
    case(op, t("float32", (0, 3)), IL([3, -1]))
    case(op, t("float32", (0, 3)), IL([-1, 0]))
    case(op, V, 24)
for dims in ([0, 1, 2], [2, 0, 1], [-1, 0, 1], [0, 1], [0, 0, 1], [0, 1, 3]):
    case("permute", V, IL(dims))
    case("permute", NC, IL(dims))
case("permute", t("float32", ()), IL([]))
for size in ([2, 3, 4], [5, 2, 3, 4], [-1, 3, 4], [2, -1, -1], [3, 3, 4], [4], [-1, 2, 3, 4]):
    case("expand", V, IL(size))
for size in ([3, 4], [2, 3, 4], [3, -1]):
    case("expand", t("float32", (3, 1)), IL(size))
    case("expand", t("float32", (1, 4), (1, 7)), IL(size))
case("expand", t("float32", ()), IL([2, 2]))
for src in (t("float32", (2, 1, 3, 1)), t("float32", (1, 1), (5, 7)), t("float32", ()), t("float32", (0, 1))):
    for dim in (None, IL([]), IL([0]), IL([1]), IL([-1]), IL([0, 1]), IL([0, 0]), IL([5])):
        case("squeeze", src, dim)
case("squeeze", t("float32", (2, 1, 3, 1)), 1)
for dim in (0, 1, 2, 3, -1, -4, 4, -5):
    case("unsqueeze", V, dim)
    case("unsqueeze", NC, dim)
case("unsqueeze", t("float32", ()), 0)
case("unsqueeze", t("float32", ()), -1)
case("unsqueeze", t("float32", ()), 1)
for args in ((0, None, None, 1), (1, 1, None, 1), (2, 0, 4, 2), (2, -3, -1, 1), (0, 5, 10, 1),
             (1, 2, 1, 1), (1, -10, 10, 2), (2, 1, 3, 3), (3, 0, 1, 1), (-1, None, 2, 1),
             (0, 0, 1, 0), (0, 0, 1, -1)):
    case("slice", V, *args)
    case("slice", NC, *args)
case("slice", t("float32", ()), 0, None, None, 1)

for ts, dim in (([t("float32"), t("float32")], 0), ([t("float32"), t("float32", (2, 4))], 1),
                ([t("float32"), t("float32", (2, 4))], 0), ([t("float32"), t("float32")], -1),
                ([t("float32"), t("float32")], 2), ([t("int64"), t("float16")], 0),
                ([t("bool"), t("uint8"), t("int8")], 1), ([t("float32", (0,)), t("float64")], 1),
                ([t("float32"), t("float32", (3,))], 0), ([t("float32", ())], 0), ([], 0),
                ([t("float32", (3, 2), (1, 3)), t("float32", (3, 2))], 1),
                ([t("float32", (0,)), t("float32", (0,))], 0), ([t("float32", (0,))], 0),
                ([t("int32", (0,)), t("float32")], 0)):
    case("cat", L(ts), dim)

IDX = t("int64", (2,))
for idx in (IDX, t("int32", (3,)), t("int64", ()), t("int64", (2, 2)), t("float32", (2,)),
            t("int16", (2,))):
    for dim in (0, 1, -1, 3):
        case("index_select", t("float32", (4, 5)), dim, idx)
case("index_select", t("float32", ()), 0, t("int64", (1,)))
for idx in (t("int64", (2, 3)), t("int32", (1, 2)), t("int64", (3, 3)), t("int64", (2,)),
            t("float32", (2, 3)), t("int64", (5, 2)), t("int64", (2, 4))):
    for dim in (0, 1, 2):
        case("gather", t("float32", (4, 3)), dim, idx)
for idx, src in ((t("int64", (2, 3)), t("float32", (2, 3))), (t("int64", (2, 3)), 1.5),
                 (t("int64", (2, 3)), t("float64", (2, 3))), (t("float32", (2, 3)), 2),
                 (t("int32", (2, 3)), t("float32", (4, 3))), (t("int64", (2,)), t("float32", (2,))),
                 (t("int64", (5, 3)), t("float32", (5, 3))), (t("int64", (2, 3)), 3)):
    for dim in (0, 1, 2):
        case("scatter", t("float32", (4, 3)), dim, idx, src)
case("scatter", t("int64", (4, 3)), 0, t("int64", (2, 3)), 1.5)

# ops_shape_extra.cc, ops_index_write.cc (index tensors are made of zeros).
for dims in (IL([0]), IL([0, 2]), IL([-1]), IL([0, 0]), IL([3])):
    case("flip", t("float32", (2, 3, 4)), dims)
for off, d1, d2 in ((0, 0, 1), (1, 0, 2), (-1, 2, 1), (5, 0, 1), (0, 1, 1), (0, 0, 3)):
    case("diagonal", t("float32", (2, 3, 4)), off, d1, d2)
for op in ("tril", "triu"):
    for sizes in ((3, 4), (2, 3, 4), (3,)):
        case(op, t("int64", sizes), 1)
for sizes, k in (((3,), 0), ((3,), -2), ((2, 4), 1), ((2, 4), -5), ((2, 2, 2), 0)):
    case("diag", t("float32", sizes), k)
for idx, src in ((t("int64", (2,)), t("float32", (2, 3))), (t("int32", (2,)), t("float32", (2, 3))),
                 (t("int64", (3,)), t("float32", (2, 3))), (t("float32", (2,)), t("float32", (2, 3))),
                 (t("int64", (2,)), t("float64", (2, 3))), (t("int64", (2, 2)), t("float32", (2, 3)))):
    case("index_add", t("float32", (4, 3)), 0, idx, src, 1)
    case("index_copy", t("float32", (4, 3)), 0, idx, src)
for idx, val in ((t("int64", (2,)), 1.5), (t("int32", (2,)), 1), (t("int64", (2, 2)), 1),
                 (t("int64", (2,)), t("float32", ())), (t("int64", (2,)), t("float32", (2,)))):
    case("index_fill", t("float32", (4, 3)), 1, idx, val)
for idx, src in ((t("int64", (2, 3)), t("float32", (2, 3))), (t("int64", (2, 3)), t("float64", (2, 3))),
                 (t("float32", (2, 3)), t("float32", (2, 3))), (t("int64", (5, 3)), t("float32", (5, 3)))):
    case("scatter_add", t("float32", (4, 3)), 0, idx, src)
    for reduce in ("sum", "amax", "foo"):
        case("scatter_reduce", t("float32", (4, 3)), 0, idx, src, reduce, True)
for ind, vals in (([t("int64", (2,))], t("float32", (3,))), ([t("int64", (2,)), t("int64", (2,))], t("float32", ())),
                  ([t("int64", (2,)), t("int64", (3,))], t("float32", ())), ([t("float32", (2,))], t("float32", ())),
                  ([t("int64", (2,))], t("float64", (3,))), ([t("int64", (2,))], t("float32", (2, 2))),
                  ([t("int64", (1,))] * 3, t("float32", ()))):
    case("index_put", t("float32", (4, 3)), L(ind), vals, False)
for mask, src in ((t("bool", (4, 3)), t("float32", (12,))), (t("bool", (3,)), t("float32", (20,))),
                  (t("float32", (4, 3)), t("float32", (12,))), (t("bool", (4, 3)), t("float64", (12,))),
                  (t("bool", (5,)), t("float32", (20,)))):
    case("masked_scatter", t("float32", (4, 3)), mask, src)

MM = [((2, 3), (3, 4)), ((2, 3), (2, 3)), ((3,), (3, 4)), ((2, 3), (3,)), ((0, 3), (3, 5)),
      ((2, 3, 4), (4, 5))]
for a, b in MM:
    case("mm", t("float32", a), t("float32", b))
for a, b in (("float32", "float64"), ("int64", "int64"), ("bool", "bool"), ("float16", "float16"),
             ("int32", "float32")):
    case("mm", t(a, (2, 3)), t(b, (3, 4)))
case("mm", t("float32", (2, 3)), t("float64", (2, 4)))
for a, b in (((2, 3, 4), (2, 4, 5)), ((2, 3, 4), (3, 4, 5)), ((2, 3, 4), (2, 5, 5)),
             ((3, 4), (2, 4, 5)), ((2, 3, 4), (4, 5)), ((0, 3, 4), (0, 4, 2))):
    case("bmm", t("float32", a), t("float32", b))
case("bmm", t("float32", (2, 3, 4)), t("float64", (2, 4, 5)))
case("bmm", t("int64", (2, 3, 4)), t("int64", (2, 4, 5)))
for a, b in (((3,), (3,)), ((3,), (4,)), ((2, 3), (3,)), ((2, 3), (4,)), ((3,), (3, 4)),
             ((3,), (4, 5)), ((2, 3), (3, 4)), ((2, 3), (4, 5)), ((5, 2, 3), (3, 4)),
             ((2, 3), (5, 3, 4)), ((5, 2, 3), (5, 3, 4)), ((5, 1, 2, 3), (6, 3, 4)),
             ((5, 2, 3), (6, 3, 4)), ((3,), (5, 3, 4)), ((5, 2, 3), (3,)), ((), (3,)),
             ((3,), ()), ((2, 2, 3), (4, 5))):
    case("matmul", t("float32", a), t("float32", b))
case("matmul", t("float32", (3,)), t("float64", (3,)))
case("matmul", t("float32", (2, 3)), t("float64", (3, 4)))
case("matmul", t("int64", (2, 3)), t("int64", (3,)))

for size in ([2, 3], [], [0], [-1], [4]):
    for v in (1, 1.5, True):
        case("full", IL(size), v, None)
for d in ("float64", "int32", "bool", "float16"):
    case("full", IL([2]), 2.5, D(d))
case("full", 3, 1, None)
for args in ((0, 10, 1), (0, 10, 3), (0.5, 3, 1), (0, 1, 0.25), (10, 0, -2), (0, 10, 0),
             (0, 10, -1), (10, 0, 1), (0, 0, 1), (0, float("inf"), 1), (0, float("nan"), 1),
             (True, 3, 1), (-3, 3, 2), (0, 1, 0.3)):
    case("arange", *args, None)
for d in ("float64", "int32", "float16", "int64"):
    case("arange", 0, 5, 1, D(d))
    case("arange", 0, 2.5, 0.5, D(d))
for op in ("rand", "randn"):
    for size in ([2, 3], [], [0], [-1], 5):
        case(op, IL(size) if isinstance(size, list) else size, None)
    for d in ALL:
        case(op, IL([2]), D(d))
for d in ALL:
    case("uniform", IL([2, 3]), -1.0, 2.0, D(d))
    case("normal", IL([4]), 0.5, 2.0, D(d), True)
    case("random", IL([3]), None, None, D(d))
    case("randperm", 5, D(d))
    case("bernoulli", IL([2]), 0.25, D(d))
    case("bernoulli_tensor", t(d), None)
    case("exponential", IL([2]), 1.5, D(d))
    case("geometric", IL([2]), 0.5, D(d))
    case("log_normal", IL([2]), 1.0, 2.0, D(d))
    case("cauchy", IL([2]), 0.0, 1.0, D(d))
    case("multinomial", t(d, (6,)), 2, False)
case("uniform", IL([2]), 1.0, 0.0, None)
case("uniform", IL([2]), 0.0, 1e6, D("float16"))
case("normal", IL([2]), 0.0, -1.0, None, True)
case("random", IL([2]), 5, 3, None)
case("random", IL([2]), -1, 3, D("uint8"))
case("random", IL([2]), 0, 300, D("int8"))
case("randperm", -1, None)
case("bernoulli", IL([2]), 1.5, None)
case("exponential", IL([2]), 0.0, None)
case("geometric", IL([2]), 1.0, None)
case("log_normal", IL([2]), 0.0, 0.0, None)
case("multinomial", t("float32", (2, 3)), 4, False)
case("multinomial", t("float32", (2, 3)), 4, True)
case("multinomial", t("float32", (2, 3)), 0, True)
case("multinomial", t("float32", (2, 2, 2)), 1, False)

# Convolutions (input, weight, bias, stride, padding, dilation, transposed,
# output_padding, groups) and the 2-d pools.
CONV = [((2, 4, 6, 5), (6, 4, 3, 3), (6,), [1], [0], [1], False, [0], 1),
        ((2, 4, 6, 5), (6, 2, 3, 3), None, [2, 1], [1], [1, 2], False, [0], 2),
        ((2, 4, 9), (6, 4, 3), (6,), [2], [1], [2], False, [0], 1),
        ((1, 2, 4, 5, 3), (4, 2, 2, 3, 2), None, [1], [1], [1], False, [0], 1),
        ((2, 4, 5, 5), (4, 3, 3, 3), (3,), [2], [1], [1], True, [1], 1),
        ((2, 4, 5, 5), (4, 3, 3, 3), None, [2], [0], [1], True, [0], 2),
        ((2, 4, 9), (4, 2, 3), None, [3], [1], [1], True, [2], 1),
        ((2, 4, 5, 5), (6, 3, 3, 3), None, [1], [0], [1], False, [0], 1),
        ((2, 4, 5, 5), (5, 2, 3, 3), None, [1], [0], [1], False, [0], 2),
        ((2, 4, 5, 5), (6, 4, 3, 3), (5,), [1], [0], [1], False, [0], 1),
        ((2, 4, 5, 5), (6, 4, 7, 7), None, [1], [0], [1], False, [0], 1),
        ((2, 4, 5, 5), (6, 4, 3, 3), None, [0], [0], [1], False, [0], 1),
        ((2, 4, 5, 5), (6, 4, 3, 3), None, [1], [-1], [1], False, [0], 1),
        ((2, 4, 5, 5), (6, 4, 3, 3), None, [1], [0], [0], False, [0], 1),
        ((2, 4, 5, 5), (6, 4, 3, 3), None, [1, 1, 1], [0], [1], False, [0], 1),
        ((2, 4, 5, 5), (6, 4, 3, 3), None, [1], [0], [1], False, [0], 0),
        ((2, 4, 5), (6, 4, 3, 3), None, [1], [0], [1], False, [0], 1),
        ((2, 4, 5, 5), (4, 3, 3, 3), None, [2], [0], [1], True, [2], 1),
        ((2, 4, 5, 5), (4, 3, 3, 3), (4,), [1], [0], [1], True, [0], 1),
        ((0, 4, 5, 5), (6, 4, 3, 3), None, [1], [0], [1], False, [0], 1)]
for xs, ws, bs, st, pa, di, tr, op, gr in CONV:
    case("convolution", t("float32", xs), t("float32", ws), None if bs is None else t("float32", bs),
         IL(st), IL(pa), IL(di), tr, IL(op), gr)
for a, b in (("float32", "float64"), ("float64", "float32"), ("int32", "float32"),
             ("int64", "int64"), ("bool", "bool"), ("float16", "float16"), ("int32", "int32")):
    case("convolution", t(a, (1, 2, 4, 4)), t(b, (3, 2, 2, 2)), None, IL([1]), IL([0]), IL([1]),
         False, IL([0]), 1)
case("convolution", t("int32", (1, 2, 4, 4)), t("int32", (2, 3, 2, 2)), None, IL([1]), IL([0]),
     IL([1]), True, IL([0]), 1)
case("convolution", t("float32", (1, 2, 4, 4)), t("float32", (3, 2, 2, 2)), t("float64", (3,)),
     IL([1]), IL([0]), IL([1]), False, IL([0]), 1)
POOL_IN = [("float32", (2, 3, 7, 6)), ("float32", (3, 7, 6)), ("int64", (1, 2, 5, 5)),
           ("bool", (1, 2, 4, 4)), ("float32", (5,)), ("float32", (2, 0, 4, 4)),
           ("float64", (0, 2, 4, 4))]
for d, sz in POOL_IN:
    case("max_pool2d_with_indices", t(d, sz), IL([2]), IL([]), IL([0]), IL([1]), False)
    case("avg_pool2d", t(d, sz), IL([2]), IL([]), IL([0]), False, True, None)
    case("_adaptive_avg_pool2d", t(d, sz), IL([2, 3]))
    case("adaptive_max_pool2d", t(d, sz), IL([3, 2]))
for k, s, p, dl, c in (([3], [2], [1], [1], True), ([3, 2], [2, 1], [1, 0], [2, 1], False),
                       ([7], [1], [0], [1], False), ([3], [0], [0], [1], False),
                       ([3], [1], [2], [1], False), ([0], [1], [0], [1], False),
                       ([2, 2, 2], [], [0], [1], False), ([2], [1, 1, 1], [0], [1], False),
                       ([2], [], [0, 0, 0], [1], False), ([3], [2], [1], [0], True),
                       ([2], [-1], [0], [1], False), ([4], [3], [2], [1], True)):
    case("max_pool2d_with_indices", t("float32", (2, 3, 7, 6)), IL(k), IL(s), IL(p), IL(dl), c)
    case("avg_pool2d", t("float32", (2, 3, 7, 6)), IL(k), IL(s), IL(p), c, False, None)
case("avg_pool2d", t("float32", (2, 3, 7, 6)), IL([2]), IL([]), IL([0]), False, True, 0)
case("avg_pool2d", t("int32", (2, 3, 7, 6)), IL([2]), IL([]), IL([0]), False, True, 3)
case("_adaptive_avg_pool2d", t("float32", (2, 3, 7, 6)), IL([2]))
case("adaptive_max_pool2d", t("float32", (2, 3, 7, 6)), IL([2, 2, 2]))
case("adaptive_max_pool2d", t("float32", (2, 3, 7, 6)), IL([9, 1]))
# Resampling: ranks 3-5, sizes, dtypes, and the shape errors.
UPSAMPLE_IN = [("float32", (2, 3, 7), [5]), ("float64", (2, 3, 4, 6), [8, 3]),
               ("float32", (1, 2, 3, 4, 5), [2, 6, 7]), ("float16", (2, 3, 4, 6), [5, 5]),
               ("bfloat16", (2, 3, 7), [9]), ("uint8", (2, 3, 4, 6), [8, 3]),
               ("int64", (2, 3, 4, 6), [8, 3]), ("int64", (2, 3, 4, 6), [100, 100]),
               ("int32", (2, 3, 7), [5]), ("bool", (2, 3, 4, 6), [8, 3]),
               ("float32", (0, 3, 4, 6), [8, 3]), ("float32", (2, 0, 4, 6), [8, 3]),
               ("float32", (2, 3, 0, 6), [8, 3]), ("float32", (2, 3, 4, 6), [0, 3]),
               ("float32", (2, 3, 7), [0]), ("float32", (1, 2, 0, 4, 5), [2, 6, 7]),
               ("float32", (2, 3, 4, 6), [8]), ("float32", (2, 3, 4, 6), [8, 3, 2])]
for d, sz, out in UPSAMPLE_IN:
    case("upsample_nearest", t(d, sz), IL(out), False, None, None, None)
    case("upsample_nearest", t(d, sz), IL(out), True, None, 2.0, 1.5)
    case("upsample_linear", t(d, sz), IL(out), False, None, None, None)
    case("upsample_linear", t(d, sz), IL(out), True, 2.0, 2.0, 2.0)
    if len(sz) == 4:
        case("upsample_bicubic2d", t(d, sz), IL(out), False, None, None)
        case("upsample_bicubic2d", t(d, sz), IL(out), True, 0.5, 3.0)
# im2col / col2im: parameters, ranks, dtypes and ATen's shape-check words.
for d, sz in (("float32", (2, 3, 5, 6)), ("float64", (3, 5, 6)), ("float16", (1, 2, 4, 4)),
              ("int64", (1, 2, 4, 4)), ("float32", (0, 3, 5, 6)), ("float32", (2, 0, 5, 6)),
              ("float32", (5, 6)), ("float32", (6,)), ("float32", (1, 2, 3, 4, 5))):
    case("im2col", t(d, sz), IL([2, 2]), IL([1, 1]), IL([0, 0]), IL([1, 1]))
for k, dl, pd, st in (([3, 2], [2, 1], [1, 0], [1, 2]), ([0, 2], [1, 1], [0, 0], [1, 1]),
                    ([2, 2], [0, 1], [0, 0], [1, 1]), ([2, 2], [1, 1], [-1, 0], [1, 1]),
                    ([2, 2], [1, 1], [0, 0], [0, 1]), ([7, 7], [1, 1], [0, 0], [1, 1]),
                    ([2], [1, 1], [0, 0], [1, 1]), ([2, 2], [1, 1, 1], [0, 0], [1, 1])):
    case("im2col", t("float32", (2, 3, 5, 6)), IL(k), IL(dl), IL(pd), IL(st))
for d, sz, osz in (("float32", (2, 12, 20), [5, 6]), ("float64", (12, 20), [5, 6]),
                  ("int32", (2, 12, 20), [5, 6]), ("float32", (2, 13, 20), [5, 6]),
                  ("float32", (2, 12, 21), [5, 6]), ("float32", (0, 12, 20), [5, 6]),
                  ("float32", (2, 0, 20), [5, 6]), ("float32", (2, 3, 4, 5), [5, 6]),
                  ("float32", (2, 12, 1), [1, 1]), ("float32", (2, 12, 20), [5, 6, 1])):
    case("col2im", t(d, sz), IL(osz), IL([2, 2]), IL([1, 1]), IL([0, 0]), IL([1, 1]))
case("col2im", t("float32", (2, 12, 20)), IL([5, 6]), IL([2, 2]), IL([1, 1]), IL([0, 0]),
     IL([0, 1]))
for sz, strides, d, size, step in (((2, 3, 4), None, 1, 2, 1), ((2, 3, 4), None, -1, 3, 2),
                                   ((2, 3, 4), (1, 2, 6), 0, 2, 1), ((2, 3, 4), None, 2, 5, 1),
                                   ((2, 3, 4), None, 2, 2, 0), ((2, 3, 4), None, 3, 1, 1),
                                   ((2, 3, 4), None, 2, -1, 1), ((), None, 0, 1, 1),
                                   ((5,), None, 0, 0, 2)):
    case("unfold", T("float32", sz, strides), d, size, step)

# scaled_dot_product_attention: (q, k, v, mask) shapes and dtypes, is_causal, scale, enable_gqa.
SDPA = [((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 8), None, False, None, False),
        ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 4), None, True, 0.5, False),
        ((5, 8), (7, 8), (7, 8), None, False, None, False),
        ((3, 5, 8), (1, 7, 8), (3, 7, 8), None, False, None, False),
        ((2, 2, 3, 5, 8), (2, 2, 3, 7, 8), (2, 2, 3, 7, 8), None, True, None, False),
        ((2, 6, 5, 8), (2, 2, 7, 8), (2, 3, 7, 8), None, False, None, True),
        ((2, 6, 5, 8), (2, 4, 7, 8), (2, 4, 7, 8), None, False, None, True),
        ((2, 6, 5, 8), (2, 2, 7, 8), (2, 2, 7, 8), None, False, None, False),
        ((2, 3, 5, 8), (2, 3, 7, 4), (2, 3, 7, 8), None, False, None, False),
        ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 8), ("bool", (5, 7)), False, None, False),
        ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 8), ("float32", (2, 1, 1, 7)), False, None, False),
        ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 8), ("bool", (5, 7)), True, None, False),
        ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 8), ("int64", (5, 7)), False, None, False),
        ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 8), ("float32", (5, 6)), False, None, False),
        ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 8), ("bool", (4, 5, 7)), False, None, False),
        ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 8), ("bool", (1, 2, 3, 5, 7)), False, None, False),
        ((2, 3, 0, 8), (2, 3, 7, 8), (2, 3, 7, 8), None, False, None, False),
        ((8,), (7, 8), (7, 8), None, False, None, False)]
for qs, ks, vs, ms, causal, scale, gqa in SDPA:
    case("scaled_dot_product_attention", t("float32", qs), t("float32", ks), t("float32", vs),
         None if ms is None else t(*ms), causal, scale, gqa)
for d in ("float64", "float16", "bfloat16", "int64"):
    case("scaled_dot_product_attention", t(d, (2, 5, 4)), t(d, (2, 6, 4)), t(d, (2, 6, 4)), None,
         False, None, False)
case("scaled_dot_product_attention", t("float32", (2, 5, 4)), t("float32", (2, 6, 4)),
     t("float64", (2, 6, 4)), None, False, None, False)
case("scaled_dot_product_attention", t("float64", (2, 5, 4)), t("float64", (2, 6, 4)),
     t("float64", (2, 6, 4)), t("float32", (5, 6)), False, None, False)

# The backward ops, valid calls only: PyTorch's backward kernels check less
# than its forward ones (some bad calls crash it), so tc's checks of them
# are unit-tested instead (tests/autodiff).
def out_sizes(op, *args):
    return list(fn(op)(*[py(a) for a in args])[0].shape) if op.endswith("indices") or \
        op == "adaptive_max_pool2d" else list(fn(op)(*[py(a) for a in args]).shape)


for xs, ws, bs, st, pa, di, tr, op, gr in CONV[:7]:
    ys = out_sizes("convolution", t("float32", xs), t("float32", ws),
                   None if bs is None else t("float32", bs), IL(st), IL(pa), IL(di), tr, IL(op),
                   gr)
    for d in ("float32", "float64"):
        case("convolution_backward", t(d, ys), t(d, xs), t(d, ws),
             None if bs is None else IL(list(bs)), IL(st), IL(pa), IL(di), tr, IL(op), gr,
             IL([1, 1, 1]))
for sz in ((2, 3, 7, 6), (3, 7, 6)):
    x = t("float32", sz)
    ys = out_sizes("max_pool2d_with_indices", x, IL([3]), IL([2]), IL([1]), IL([1]), True)
    case("max_pool2d_with_indices_backward", t("float32", ys), x, IL([3]), IL([2]), IL([1]),
         IL([1]), True, t("int64", ys))
    ys = out_sizes("avg_pool2d", x, IL([2, 3]), IL([]), IL([1]), False, False, None)
    case("avg_pool2d_backward", t("float32", ys), x, IL([2, 3]), IL([]), IL([1]), False, False,
         None)
    ys = sz[:-2] + (2, 3)
    case("_adaptive_avg_pool2d_backward", t("float32", ys), x)
    case("adaptive_max_pool2d_backward", t("float32", ys), x, t("int64", ys))
for in_size, size in (((2, 3, 7), [5]), ((2, 3, 4, 6), [8, 3]), ((1, 2, 3, 4, 5), [2, 6, 7])):
    g = t("float64", in_size[:2] + tuple(size))
    case("upsample_nearest_backward", g, IL(size), IL(list(in_size)), False, None, None, None)
    case("upsample_nearest_backward", g, IL(size), IL(list(in_size)), True, None, None, None)
    case("upsample_linear_backward", g, IL(size), IL(list(in_size)), True, None, None, None)
case("upsample_bicubic2d_backward", t("float32", (2, 3, 8, 3)), IL([8, 3]), IL([2, 3, 4, 6]),
     False, None, None)
for sz in ((4, 3, 5), (2, 3, 4, 4)):
    x, c = t("float32", sz), t("float32", (3,))
    case("native_batch_norm_backward", t("float32", sz), x, c, c, c, None, None, False, 1e-5,
         IL([1, 1, 1]))
    case("native_batch_norm_backward", t("float32", sz), x, None, None, None, c, c, True, 1e-5,
         IL([1, 1, 1]))


def main():
    lines = []
    for op, args in CASES:
        if not isinstance(args[0], (T, L, IL)) and op not in ("arange", "full", "rand", "randn",
                                                              "randperm"):
            continue  # our schemas take a tensor first
        if op in ("full", "rand", "randn") and isinstance(args[0], int):
            pyargs = [args[0]] + [py(a) for a in args[1:]]
            pyargs[0] = [pyargs[0]]
        else:
            pyargs = [py(a) for a in args]
            if op in ("index_select", "gather", "scatter", "index_add", "index_copy", "index_fill",
                      "scatter_add", "scatter_reduce") and isinstance(args[2], T):
                pyargs[2] = args[2].make(0)
            if op == "masked_scatter" and args[1].dtype == "bool":
                pyargs[1] = args[1].make(0)
        try:
            r = fn(op)(*pyargs)
            res = "OK\t" + out_enc(r)
        except Exception as e:  # noqa: BLE001 - every torch error is a golden
            msg = str(e).split("\n")[0].strip()
            # Our schema errors carry no position.
            msg = re.sub(r" \(position \d+\)", "", msg)
            res = "ERR\t" + msg
        lines.append("\t".join([op] + [enc(a) for a in args] + ["=>", res]))
    path = os.path.join(os.path.dirname(__file__), "..", "tests", "graph-ir", "golden",
                        "meta_golden.txt")
    with open(path, "w") as f:
        f.write("# Generated by scripts/gen_graph_ir_goldens.py from torch "
                f"{torch.__version__}; do not edit.\n")
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} cases -> {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
