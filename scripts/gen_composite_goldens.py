#!/usr/bin/env python3
"""Writes tests/kernels/golden/composite.txt: composite (torch-level) ops run
by real PyTorch on deterministic inputs, for tests/kernels/composite_kernels_test.cc.
Over 600 lines because it is one table of cases, one per composite op and
option, which reads best as a single list.

Run: scripts/gen_composite_goldens.py (re-executes itself under the reference
Python that scripts/reference-env makes: torch 2.15.0)

Format, one token-separated item per line:
  C <op> <label>            a case: the tc op name and a label
  T <dtype> <ndim> <sizes...> <values...>   a tensor argument (row-major)
  L <n>                     a Tensor[] argument: the next n T lines
  I <int> | F <float> | B <0|1> | N | D <dtype> | S <str> | IL <n> <ints...>
  O <dtype> <ndim> <sizes...> <values...>   an expected output
  E <message>               the expected error (PyTorch's first line)
  =                         end of the case
"""
import math
import os

from reference_python import run_under_reference_python

run_under_reference_python()

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "tests", "kernels", "golden", "composite.txt")

NAMES = {
    torch.bool: "bool", torch.uint8: "uint8", torch.int8: "int8", torch.int16: "int16",
    torch.int32: "int32", torch.int64: "int64", torch.float16: "float16",
    torch.bfloat16: "bfloat16", torch.float32: "float32", torch.float64: "float64",
}
f32, f64, i64, i32, b8, u8 = torch.float32, torch.float64, torch.int64, torch.int32, torch.bool, torch.uint8


def data(shape, dtype=f32, lo=-3.0, hi=3.0, phase=0.0):
    """sin-of-arange values in [lo, hi], rounded for integers."""
    n = math.prod(shape)
    v = torch.sin(torch.arange(n, dtype=f64) * 0.7 + phase) * (hi - lo) / 2 + (hi + lo) / 2
    if dtype == b8:
        v = v > (hi + lo) / 2
    elif not dtype.is_floating_point:
        v = v.round()
    return v.reshape(shape).to(dtype)


def num(v):
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, int):
        return str(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(float(v))


def tensor_line(tag, t):
    vals = t.detach().flatten().to(f64 if t.dtype.is_floating_point else i64).tolist()
    if t.dtype == b8:
        vals = [int(x) for x in t.flatten().tolist()]
    return " ".join([tag, NAMES[t.dtype], str(t.dim())] + [str(s) for s in t.shape] +
                    [num(x) for x in vals])


class Arg:
    def __init__(self, kind, value):
        self.kind, self.value = kind, value


def Ints(*v):
    return Arg("IL", list(v))


def Str(s):
    return Arg("S", s)


def DT(d):
    return Arg("D", d)


NONE = Arg("N", None)


def arg_lines(a):
    if isinstance(a, torch.Tensor):
        return [tensor_line("T", a)]
    if isinstance(a, list):
        return ["L %d" % len(a)] + [tensor_line("T", t) for t in a]
    if isinstance(a, bool):
        return ["B %d" % int(a)]
    if isinstance(a, int):
        return ["I %d" % a]
    if isinstance(a, float):
        return ["F " + num(a)]
    if a.kind == "IL":
        return ["IL %d %s" % (len(a.value), " ".join(str(x) for x in a.value))]
    if a.kind == "S":
        return ["S " + a.value]
    if a.kind == "D":
        return ["D " + NAMES[a.value]]
    return ["N"]


def torch_value(a):
    if isinstance(a, Arg):
        if a.kind == "IL":
            return a.value
        return a.value
    return a


cases = []


def case(op, label, args, fn):
    """fn receives the arguments as PyTorch values."""
    lines = ["C %s %s" % (op, label)]
    for a in args:
        lines += arg_lines(a)
    try:
        out = fn(*[torch_value(a) for a in args])
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        lines += [tensor_line("O", o) for o in outs]
    except Exception as e:  # noqa: BLE001 - the message is the golden
        lines.append("E " + str(e).split("\n")[0])
    lines.append("=")
    cases.append("\n".join(lines))


x23 = data((2, 3))
x234 = data((2, 3, 4), phase=0.3)
x45 = data((4, 5), lo=-5, hi=5, phase=1.0)

# softmax / log_softmax
for name, fn in [("softmax", torch.softmax), ("log_softmax", torch.log_softmax)]:
    for d in [0, 1, -1]:
        case(name, "dim%d" % d, [x23, d, NONE], lambda x, d, _, fn=fn: fn(x, d))
    case(name, "3d_mid", [x234, 1, NONE], lambda x, d, _, fn=fn: fn(x, d))
    case(name, "f64", [x234.double(), 2, NONE], lambda x, d, _, fn=fn: fn(x, d))
    case(name, "int_dtype", [data((2, 3), i64), 1, DT(f64)],
         lambda x, d, dt, fn=fn: fn(x, d, dtype=dt))
    case(name, "scalar", [torch.tensor(1.5), 0, NONE], lambda x, d, _, fn=fn: fn(x, d))
    case(name, "big", [data((3, 4), lo=-100, hi=900), 1, NONE], lambda x, d, _, fn=fn: fn(x, d))
    case(name, "neg_inf", [torch.tensor([[0.0, -math.inf, 1.0]]), 1, NONE],
         lambda x, d, _, fn=fn: fn(x, d))
    case(name, "empty", [torch.empty(0, 3), 0, NONE], lambda x, d, _, fn=fn: fn(x, d))
    case(name, "err_long_last", [data((2, 3), i64), 1, NONE], lambda x, d, _, fn=fn: fn(x, d))
    case(name, "err_long", [data((2, 3), i64), 0, NONE], lambda x, d, _, fn=fn: fn(x, d))
    case(name, "err_dim", [x23, 2, NONE], lambda x, d, _, fn=fn: fn(x, d))

# logsumexp
case("logsumexp", "dim1", [x23, Ints(1), False], lambda x, d, k: torch.logsumexp(x, d, k))
case("logsumexp", "keepdim", [x234, Ints(0, 2), True], lambda x, d, k: torch.logsumexp(x, d, k))
case("logsumexp", "int", [data((2, 3), i64), Ints(1), False], lambda x, d, k: torch.logsumexp(x, d, k))
case("logsumexp", "inf", [torch.tensor([[math.inf, 1.0], [-math.inf, -math.inf]]), Ints(1), False],
     lambda x, d, k: torch.logsumexp(x, d, k))
case("logsumexp", "empty", [torch.empty(2, 0), Ints(1), False], lambda x, d, k: torch.logsumexp(x, d, k))
case("logsumexp", "err_dim", [x23, Ints(2), False], lambda x, d, k: torch.logsumexp(x, d, k))

# std
case("std", "all", [x23, NONE, NONE, False], lambda x, d, c, k: torch.std(x))
case("std", "dim", [x234, Ints(1), NONE, True], lambda x, d, c, k: torch.std(x, d, keepdim=k))
case("std", "correction0", [x234, Ints(0, 2), 0, False],
     lambda x, d, c, k: torch.std(x, d, correction=c, keepdim=k))
case("std", "correction2_f64", [x45.double(), NONE, 2, False],
     lambda x, d, c, k: torch.std(x, correction=c))
case("std", "err_long", [data((2, 3), i64), NONE, NONE, False], lambda x, d, c, k: torch.std(x))

# max_dim / min_dim
for name, fn in [("max_dim", torch.max), ("min_dim", torch.min)]:
    case(name, "dim1", [x45, 1, False], lambda x, d, k, fn=fn: fn(x, d, k))
    case(name, "keepdim", [x234, 0, True], lambda x, d, k, fn=fn: fn(x, d, k))
    case(name, "int", [data((4, 5), i64), 0, False], lambda x, d, k, fn=fn: fn(x, d, k))
    case(name, "bool", [data((2, 3), b8), 1, False], lambda x, d, k, fn=fn: fn(x, d, k))
    case(name, "ties", [torch.tensor([1.0, 3.0, 3.0, 1.0]), 0, False], lambda x, d, k, fn=fn: fn(x, d, k))
    case(name, "scalar", [torch.tensor(2.5), 0, False], lambda x, d, k, fn=fn: fn(x, d, k))
    case(name, "err_empty", [torch.empty(0, 3), 0, False], lambda x, d, k, fn=fn: fn(x, d, k))
    case(name, "err_dim", [x23, 5, False], lambda x, d, k, fn=fn: fn(x, d, k))

# count_nonzero
cz = torch.tensor([[1.0, 0.0, math.nan], [0.0, -0.0, 2.0]])
case("count_nonzero", "all_dims", [cz, NONE], lambda x, d: torch.count_nonzero(x))
case("count_nonzero", "dim1", [cz, Ints(1)], lambda x, d: torch.count_nonzero(x, d[0]))
case("count_nonzero", "dims", [data((2, 3, 4), i64, lo=-1, hi=1), Ints(0, 2)],
     lambda x, d: torch.count_nonzero(x, tuple(d)))
case("count_nonzero", "bool", [data((3, 4), b8), Ints(0)], lambda x, d: torch.count_nonzero(x, d[0]))
case("count_nonzero", "empty", [torch.empty(0, 3), Ints(0)], lambda x, d: torch.count_nonzero(x, d[0]))
case("count_nonzero", "err_dim", [cz, Ints(2)], lambda x, d: torch.count_nonzero(x, d[0]))
case("count_nonzero", "err_repeat", [cz, Ints(1, 1)], lambda x, d: torch.count_nonzero(x, tuple(d)))

# all / any
for name, fn in [("all", torch.all), ("any", torch.any)]:
    zeros_some = torch.tensor([[1.0, 0.0, 2.0], [3.0, 4.0, 5.0]])
    case(name, "all_dims", [zeros_some, NONE, False], lambda x, d, k, fn=fn: fn(x))
    case(name, "dim1", [zeros_some, Ints(1), False], lambda x, d, k, fn=fn: fn(x, d[0], k))
    case(name, "dims_keep", [zeros_some, Ints(0, 1), True], lambda x, d, k, fn=fn: fn(x, tuple(d), k))
    case(name, "int", [data((3, 4), i64, lo=-1, hi=1), Ints(0), False], lambda x, d, k, fn=fn: fn(x, d[0], k))
    case(name, "bool", [data((3, 4), b8), Ints(1), True], lambda x, d, k, fn=fn: fn(x, d[0], k))
    case(name, "empty", [torch.empty(0), NONE, False], lambda x, d, k, fn=fn: fn(x))
    case(name, "nan", [torch.tensor([math.nan, 0.0]), NONE, False], lambda x, d, k, fn=fn: fn(x))

# views
case("transpose", "01", [x234, 0, 1], lambda x, a, b: torch.transpose(x, a, b))
case("transpose", "neg", [x234, -1, 0], lambda x, a, b: torch.transpose(x, a, b))
case("transpose", "scalar", [torch.tensor(3.0), 0, -1], lambda x, a, b: torch.transpose(x, a, b))
case("transpose", "err_dim", [x23, 0, 2], lambda x, a, b: torch.transpose(x, a, b))
case("t", "2d", [x23], torch.t)
case("t", "1d", [torch.arange(3.0)], torch.t)
case("t", "err_3d", [x234], torch.t)
case("flatten", "all", [x234, 0, -1], lambda x, s, e: torch.flatten(x, s, e))
case("flatten", "tail", [x234, 1, 2], lambda x, s, e: torch.flatten(x, s, e))
case("flatten", "same", [x234, 1, 1], lambda x, s, e: torch.flatten(x, s, e))
case("flatten", "noncontig", [x234.transpose(0, 2), 0, 1], lambda x, s, e: torch.flatten(x, s, e))
case("flatten", "scalar", [torch.tensor(2.0), 0, -1], lambda x, s, e: torch.flatten(x, s, e))
case("flatten", "err_order", [x234, 2, 1], lambda x, s, e: torch.flatten(x, s, e))
case("stack", "dim0", [[x23, x23 * 2], 0], lambda ts, d: torch.stack(ts, d))
case("stack", "dim_last", [[x23, x23 + 1, x23 - 1], -1], lambda ts, d: torch.stack(ts, d))
case("stack", "promote", [[data((2, 3), i64), x23], 1], lambda ts, d: torch.stack(ts, d))
case("stack", "err_sizes", [[x23, x23[:, :2]], 0], lambda ts, d: torch.stack(ts, d))
case("stack", "err_empty", [[], 0], lambda ts, d: torch.stack(ts, d))
case("stack", "err_dim", [[x23, x23], 3], lambda ts, d: torch.stack(ts, d))
case("narrow", "mid", [x45, 1, 1, 3], lambda x, d, s, n: torch.narrow(x, d, s, n))
case("narrow", "neg_start", [x45, 0, -2, 2], lambda x, d, s, n: torch.narrow(x, d, s, n))
case("narrow", "empty", [x45, 1, 5, 0], lambda x, d, s, n: torch.narrow(x, d, s, n))
case("narrow", "err_exceeds", [x23, 1, 2, 2], lambda x, d, s, n: torch.narrow(x, d, s, n))
case("narrow", "err_start", [x23, 1, 4, 0], lambda x, d, s, n: torch.narrow(x, d, s, n))
case("narrow", "err_length", [x23, 1, 0, -1], lambda x, d, s, n: torch.narrow(x, d, s, n))
case("narrow", "err_scalar", [torch.tensor(1.0), 0, 0, 1], lambda x, d, s, n: torch.narrow(x, d, s, n))

# masked_fill
mask3 = torch.tensor([True, False, True])
case("masked_fill", "scalar", [x23, mask3, 1.5], torch.masked_fill)
case("masked_fill", "int_self", [data((2, 3), i64), mask3, 2.7], torch.masked_fill)
case("masked_fill", "tensor_value", [x23, mask3, torch.tensor(-4.0, dtype=f64)], torch.masked_fill)
case("masked_fill", "broadcast_self", [x23[0], mask3.reshape(3, 1), 0.0], torch.masked_fill)
case("masked_fill", "neg_inf", [x23, data((2, 3), b8), -math.inf], torch.masked_fill)
case("masked_fill", "err_mask_dtype", [x23, mask3.float(), 1.5], torch.masked_fill)
case("masked_fill", "err_value_dim", [x23, mask3, torch.tensor([1.0, 2.0, 3.0])], torch.masked_fill)

# linear / addmm
w43 = data((4, 3), phase=2.0)
b4 = data((4,), phase=0.5)
case("linear", "2d_bias", [x23, w43, b4], F.linear)
case("linear", "2d", [x23, w43, NONE], lambda x, w, b: F.linear(x, w))
case("linear", "3d_bias", [x234.transpose(1, 2).contiguous()[:, :, :3], w43, b4], F.linear)
case("linear", "1d_input", [x23[0], w43, b4], F.linear)
case("linear", "f64", [x23.double(), w43.double(), b4.double()], F.linear)
case("linear", "err_shapes_bias", [x23, data((4, 2)), b4], F.linear)
case("linear", "err_shapes", [data((2, 2, 3)), data((4, 2)), NONE], lambda x, w, b: F.linear(x, w))
case("linear", "err_bias_size", [x23, w43, data((5,))], F.linear)
case("linear", "err_dtype", [x23, w43.double(), NONE], lambda x, w, b: F.linear(x, w))
case("linear", "err_0d", [torch.tensor(1.0), w43, NONE], lambda x, w, b: F.linear(x, w))
case("addmm", "basic", [data((3,)), x23, data((3, 3), phase=1.0), 1, 1],
     lambda s, a, b, be, al: torch.addmm(s, a, b, beta=be, alpha=al))
case("addmm", "scaled", [data((2, 1)), x23, data((3, 3), phase=1.0), 0.5, 2.0],
     lambda s, a, b, be, al: torch.addmm(s, a, b, beta=be, alpha=al))
case("addmm", "beta0_nan", [torch.full((2, 3), math.nan), x23, data((3, 3)), 0, 1],
     lambda s, a, b, be, al: torch.addmm(s, a, b, beta=be, alpha=al))
case("addmm", "int", [data((2, 3), i64), data((2, 3), i64), data((3, 3), i64), 2, 3],
     lambda s, a, b, be, al: torch.addmm(s, a, b, beta=be, alpha=al))
case("addmm", "err_mat2", [data((3,)), x23, data((3,)), 1, 1],
     lambda s, a, b, be, al: torch.addmm(s, a, b, beta=be, alpha=al))
case("addmm", "err_shapes", [data((3,)), x23, data((2, 3)), 1, 1],
     lambda s, a, b, be, al: torch.addmm(s, a, b, beta=be, alpha=al))
case("addmm", "err_dtype", [data((3,), f64), x23, data((3, 3)), 1, 1],
     lambda s, a, b, be, al: torch.addmm(s, a, b, beta=be, alpha=al))
case("addmm", "err_self", [data((4,)), x23, data((3, 3)), 1, 1],
     lambda s, a, b, be, al: torch.addmm(s, a, b, beta=be, alpha=al))

# layer_norm
case("layer_norm", "last", [x234, Ints(4), NONE, NONE, 1e-5],
     lambda x, s, w, b, e: F.layer_norm(x, s, eps=e))
case("layer_norm", "affine", [x234, Ints(4), data((4,), phase=1.0), data((4,), phase=2.0), 1e-5],
     lambda x, s, w, b, e: F.layer_norm(x, s, w, b, e))
case("layer_norm", "two_dims", [x234, Ints(3, 4), data((3, 4), phase=1.0), NONE, 1e-3],
     lambda x, s, w, b, e: F.layer_norm(x, s, w, b, e))
case("layer_norm", "f64", [x234.double(), Ints(4), NONE, NONE, 1e-5],
     lambda x, s, w, b, e: F.layer_norm(x, s, eps=e))
case("layer_norm", "err_shape", [x23, Ints(2), NONE, NONE, 1e-5],
     lambda x, s, w, b, e: F.layer_norm(x, s, eps=e))
case("layer_norm", "err_weight", [x23, Ints(3), torch.ones(2), NONE, 1e-5],
     lambda x, s, w, b, e: F.layer_norm(x, s, w, b, e))
case("layer_norm", "err_empty", [x23, Ints(), NONE, NONE, 1e-5],
     lambda x, s, w, b, e: F.layer_norm(x, s, eps=e))
case("layer_norm", "err_long", [data((2, 3), i64), Ints(3), NONE, NONE, 1e-5],
     lambda x, s, w, b, e: F.layer_norm(x, s, eps=e))
case("layer_norm", "err_mixed", [x23, Ints(3), torch.ones(3, dtype=f64), NONE, 1e-5],
     lambda x, s, w, b, e: F.layer_norm(x, s, w, b, e))


# layer_norm_backward (tc's: statistics recomputed from the input): ATen's
# native_layer_norm_backward with the forward's saved mean and rstd; an
# output the mask leaves out (None in ATen) is an empty [0] tensor.
def ln_backward(g, x, s, w, b, e, mask):
    _, mean, rstd = torch.native_layer_norm(x, s, w, b, e)
    outs = torch.ops.aten.native_layer_norm_backward(g, x, s, mean, rstd, w, b, mask)
    return [o if o is not None else torch.empty(0, dtype=x.dtype) for o in outs]


g234 = data((2, 3, 4), phase=0.7)
case("layer_norm_backward", "affine", [g234, x234, Ints(4), data((4,), phase=1.0),
                                       data((4,), phase=2.0), 1e-5, Ints(1, 1, 1)],
     lambda g, x, s, w, b, e, m: ln_backward(g, x, s, w, b, e, [bool(v) for v in m]))
case("layer_norm_backward", "no_params", [g234, x234, Ints(4), NONE, NONE, 1e-5, Ints(1, 1, 1)],
     lambda g, x, s, w, b, e, m: ln_backward(g, x, s, w, b, e, [True, False, False]))
case("layer_norm_backward", "two_dims", [g234, x234, Ints(3, 4), data((3, 4), phase=1.0), NONE,
                                         1e-3, Ints(1, 1, 0)],
     lambda g, x, s, w, b, e, m: ln_backward(g, x, s, w, b, e, [True, True, False]))
case("layer_norm_backward", "dx_only", [g234, x234, Ints(4), data((4,), phase=1.0),
                                        data((4,), phase=2.0), 1e-5, Ints(1, 0, 0)],
     lambda g, x, s, w, b, e, m: ln_backward(g, x, s, w, b, e, [True, False, False]))
case("layer_norm_backward", "params_only", [g234, x234, Ints(4), data((4,), phase=1.0),
                                            data((4,), phase=2.0), 1e-5, Ints(0, 1, 1)],
     lambda g, x, s, w, b, e, m: ln_backward(g, x, s, w, b, e, [False, True, True]))
case("layer_norm_backward", "f64", [g234.double(), x234.double(), Ints(4), NONE, NONE, 1e-5,
                                    Ints(1, 0, 0)],
     lambda g, x, s, w, b, e, m: ln_backward(g, x, s, w, b, e, [True, False, False]))
case("layer_norm_backward", "err_shape", [g234, x23, Ints(2), NONE, NONE, 1e-5, Ints(1, 0, 0)],
     lambda g, x, s, w, b, e, m: F.layer_norm(x, s, eps=e))

# rms_norm
case("rms_norm", "last", [x234, Ints(4), NONE, NONE], lambda x, s, w, e: F.rms_norm(x, s))
case("rms_norm", "weight_eps", [x234, Ints(3, 4), data((3, 4), phase=1.0), 1e-3],
     lambda x, s, w, e: F.rms_norm(x, s, w, e))
case("rms_norm", "f64", [x234.double(), Ints(4), NONE, NONE], lambda x, s, w, e: F.rms_norm(x, s))
case("rms_norm", "half", [x234.half(), Ints(4), NONE, NONE], lambda x, s, w, e: F.rms_norm(x, s))
case("rms_norm", "err_shape", [x23, Ints(2), NONE, NONE], lambda x, s, w, e: F.rms_norm(x, s))
case("rms_norm", "err_weight", [x23, Ints(3), torch.ones(2), NONE],
     lambda x, s, w, e: F.rms_norm(x, s, w))
case("rms_norm", "err_long", [data((2, 3), i64), Ints(3), NONE, NONE],
     lambda x, s, w, e: F.rms_norm(x, s))


# batch_norm / instance_norm: (output, new running_mean, new running_var);
# without running stats the last two are the statistics used.
def bn_ref(x, w, b, rm, rv, training, momentum, eps, instance=False):
    rm2 = None if rm is None else rm.clone()
    rv2 = None if rv is None else rv.clone()
    if instance:
        out = F.instance_norm(x, rm2, rv2, w, b, training, momentum, eps)
    else:
        out = F.batch_norm(x, rm2, rv2, w, b, training, momentum, eps)
    if not training:
        return out, rm2, rv2
    dims = [0] + list(range(2, x.dim()))
    if instance:
        stats = x.mean(list(range(2, x.dim()))).mean(0), x.var(list(range(2, x.dim())), unbiased=False).mean(0)
    else:
        stats = x.mean(dims), x.var(dims, unbiased=False)
    return out, stats[0] if rm2 is None else rm2, stats[1] if rv2 is None else rv2


rm3, rv3 = data((3,), phase=0.5), data((3,), lo=0.5, hi=2.0, phase=0.7)
w3, b3 = data((3,), phase=1.5), data((3,), phase=2.5)
case("batch_norm", "eval", [x234, w3, b3, rm3, rv3, False, 0.1, 1e-5], bn_ref)
case("batch_norm", "eval_no_affine", [x234, NONE, NONE, rm3, rv3, False, 0.1, 1e-3], bn_ref)
case("batch_norm", "train", [x234, w3, b3, rm3, rv3, True, 0.3, 1e-5], bn_ref)
case("batch_norm", "train_no_stats", [x234, w3, NONE, NONE, NONE, True, 0.1, 1e-5], bn_ref)
case("batch_norm", "train_2d", [x45.t(), NONE, b3.repeat(2)[:4], data((4,)), data((4,), lo=1, hi=2), True, 0.1, 1e-5], bn_ref)
case("batch_norm", "f64", [x234.double(), NONE, NONE, rm3.double(), rv3.double(), True, 0.1, 1e-5], bn_ref)
case("batch_norm", "err_size", [x234, NONE, NONE, torch.zeros(4), rv3, False, 0.1, 1e-5], bn_ref)
case("batch_norm", "err_eval", [x234, NONE, NONE, NONE, NONE, False, 0.1, 1e-5], bn_ref)
case("batch_norm", "err_long", [data((2, 3), i64), NONE, NONE, rm3, rv3, False, 0.1, 1e-5], bn_ref)
case("batch_norm", "err_mixed", [x234.double(), NONE, NONE, rm3, rv3, False, 0.1, 1e-5], bn_ref)
case("instance_norm", "stats", [x234, w3, b3, rm3, rv3, True, 0.2, 1e-5],
     lambda *a: bn_ref(*a, instance=True))
case("instance_norm", "no_stats", [x234, NONE, NONE, NONE, NONE, True, 0.1, 1e-5],
     lambda *a: bn_ref(*a, instance=True))
case("instance_norm", "eval", [x234, NONE, NONE, rm3, rv3, False, 0.1, 1e-5],
     lambda *a: bn_ref(*a, instance=True))
case("instance_norm", "err_eval", [x234, NONE, NONE, NONE, NONE, False, 0.1, 1e-5],
     lambda *a: bn_ref(*a, instance=True))

# local_response_norm
case("local_response_norm", "4d", [data((2, 5, 3, 2)), 3, 1e-4, 0.75, 1.0],
     lambda x, n, a, b, k: F.local_response_norm(x, n, a, b, k))
case("local_response_norm", "3d_even", [x234, 2, 0.1, 0.5, 2.0],
     lambda x, n, a, b, k: F.local_response_norm(x, n, a, b, k))
case("local_response_norm", "err_2d", [x23, 2, 1e-4, 0.75, 1.0],
     lambda x, n, a, b, k: F.local_response_norm(x, n, a, b, k))

# group_norm
x264 = data((2, 6, 4), phase=0.9)
case("group_norm", "g2", [x264, 2, NONE, NONE, 1e-5], lambda x, g, w, b, e: F.group_norm(x, g, eps=e))
case("group_norm", "affine", [x264, 3, data((6,), phase=1.0), data((6,), phase=2.0), 1e-3],
     lambda x, g, w, b, e: F.group_norm(x, g, w, b, e))
case("group_norm", "4d", [data((2, 4, 3, 2)), 1, NONE, NONE, 1e-5], lambda x, g, w, b, e: F.group_norm(x, g, eps=e))
case("group_norm", "err_groups", [x234, 2, NONE, NONE, 1e-5], lambda x, g, w, b, e: F.group_norm(x, g, eps=e))
case("group_norm", "err_weight", [x234, 3, torch.ones(4), NONE, 1e-5], lambda x, g, w, b, e: F.group_norm(x, g, w, b, e))

# embedding
case("embedding", "2d_idx", [x45, torch.tensor([[1, 0], [3, 3]]), NONE],
     lambda w, i, p: torch.embedding(w, i))
case("embedding", "int32", [x45, torch.tensor([2, 1], dtype=i32), NONE],
     lambda w, i, p: torch.embedding(w, i))
case("embedding", "scalar_idx", [x45, torch.tensor(3), NONE], lambda w, i, p: torch.embedding(w, i))
case("embedding", "padding", [x45, torch.tensor([0, 1]), 0], lambda w, i, p: torch.embedding(w, i, p))
case("embedding", "err_float_idx", [x45, torch.tensor([1.0]), NONE], lambda w, i, p: torch.embedding(w, i))
case("embedding", "err_bool_idx", [x45, torch.tensor([True]), NONE], lambda w, i, p: torch.embedding(w, i))
case("embedding", "err_1d_weight", [x23[0], torch.tensor([1]), NONE], lambda w, i, p: torch.embedding(w, i))

# dropout (deterministic cases; random masks are checked by property)
case("dropout", "eval", [x23, 0.5, False], lambda x, p, t: F.dropout(x, p, t))
case("dropout", "p0", [x23, 0.0, True], lambda x, p, t: F.dropout(x, p, t))
case("dropout", "p1", [x23, 1.0, True], lambda x, p, t: F.dropout(x, p, t))
case("dropout", "p1_int", [data((2, 3), i64), 1.0, True], lambda x, p, t: torch.dropout(x, p, t))
case("dropout", "err_p", [x23, 1.5, True], lambda x, p, t: F.dropout(x, p, t))
case("dropout", "err_p_neg", [x23, -0.5, True], lambda x, p, t: F.dropout(x, p, t))
case("dropout", "err_int", [data((2, 3), i64), 0.5, True], lambda x, p, t: F.dropout(x, p, t))
x2345 = data((2, 3, 4, 5))
for name in ("alpha_dropout", "feature_dropout", "feature_alpha_dropout"):
    op = getattr(torch, name)
    case(name, "eval", [x2345, 0.5, False], lambda x, p, t, op=op: op(x, p, t))
    case(name, "p0", [x2345, 0.0, True], lambda x, p, t, op=op: op(x, p, t))
    case(name, "p1", [x2345, 1.0, True], lambda x, p, t, op=op: op(x, p, t))
    case(name, "err_p", [x2345, 1.5, True], lambda x, p, t, op=op: op(x, p, t))
    case(name, "err_int", [data((2, 3), i64), 0.5, True], lambda x, p, t, op=op: op(x, p, t))
case("feature_dropout", "err_1d", [data((3,)), 0.5, True], lambda x, p, t: torch.feature_dropout(x, p, t))

# losses
y23 = data((2, 3), phase=1.3)
for red in ["mean", "sum", "none"]:
    case("mse_loss", red, [x23, y23, Str(red)], lambda a, b, r: F.mse_loss(a, b, reduction=r))
case("mse_loss", "broadcast", [x23, y23[0], Str("mean")], lambda a, b, r: F.mse_loss(a, b, reduction=r))
case("mse_loss", "mixed", [x23, data((2, 3), i64), Str("sum")], lambda a, b, r: F.mse_loss(a, b, reduction=r))
case("mse_loss", "err_long", [data((2, 3), i64), data((2, 3), i64), Str("mean")],
     lambda a, b, r: F.mse_loss(a, b, reduction=r))
case("mse_loss", "err_reduction", [x23, y23, Str("foo")], lambda a, b, r: F.mse_loss(a, b, reduction=r))

logits = data((4, 5), lo=-2, hi=2, phase=0.4)
tgt = torch.tensor([4, 0, 2, 2])
tgt_ign = torch.tensor([4, -100, 2, 1])
w5 = data((5,), lo=0.5, hi=2.0, phase=0.9)
lp = torch.log_softmax(logits, 1)
nll = lambda x, t, w, r, ii: F.nll_loss(x, t, w, reduction=r, ignore_index=ii)
for red in ["mean", "sum", "none"]:
    case("nll_loss", red, [lp, tgt, NONE, Str(red), -100], nll)
    case("nll_loss", "weight_" + red, [lp, tgt_ign, w5, Str(red), -100], nll)
case("nll_loss", "ignore", [lp, tgt_ign, NONE, Str("mean"), -100], nll)
case("nll_loss", "ignore_class", [lp, tgt, NONE, Str("mean"), 2], nll)
case("nll_loss", "all_ignored", [lp, torch.full((4,), -100), NONE, Str("mean"), -100], nll)
case("nll_loss", "1d", [lp[0], torch.tensor(3), NONE, Str("mean"), -100], nll)
case("nll_loss", "1d_none", [lp[0], torch.tensor(3), w5, Str("none"), -100], nll)
case("nll_loss", "uint8_target", [lp, tgt.to(u8), NONE, Str("sum"), -100], nll)
lp3 = torch.log_softmax(data((2, 5, 3), phase=0.2), 1)
t3 = torch.tensor([[0, 4, 1], [2, 2, 3]])
case("nll_loss", "3d", [lp3, t3, NONE, Str("mean"), -100], nll)
case("nll_loss", "3d_none_w", [lp3, t3, w5, Str("none"), -100], nll)
case("nll_loss", "err_batch", [lp, torch.tensor([1, 2]), NONE, Str("mean"), -100], nll)
case("nll_loss", "err_target_dtype", [lp, tgt.float(), NONE, Str("mean"), -100], nll)
case("nll_loss", "err_weight", [lp, tgt, torch.ones(4), Str("mean"), -100], nll)
case("nll_loss", "err_0d", [torch.tensor(1.0), tgt, NONE, Str("mean"), -100], nll)
case("nll_loss", "err_multi", [lp, tgt.reshape(4, 1), NONE, Str("mean"), -100], nll)
case("nll_loss", "err_3d_target", [lp3, t3[:, :2], NONE, Str("mean"), -100], nll)
case("nll_loss", "err_reduction", [lp, tgt, NONE, Str("bad"), -100], nll)

ce = lambda x, t, w, r, ii, ls: F.cross_entropy(x, t, w, reduction=r, ignore_index=ii,
                                                 label_smoothing=ls)
for red in ["mean", "sum", "none"]:
    case("cross_entropy", red, [logits, tgt, NONE, Str(red), -100, 0.0], ce)
    case("cross_entropy", "smooth_" + red, [logits, tgt_ign, NONE, Str(red), -100, 0.2], ce)
    case("cross_entropy", "smooth_w_" + red, [logits, tgt_ign, w5, Str(red), -100, 0.1], ce)
    case("cross_entropy", "probs_" + red, [logits, torch.softmax(data((4, 5), phase=3.0), 1), NONE, Str(red), -100, 0.0], ce)
case("cross_entropy", "weight", [logits, tgt_ign, w5, Str("mean"), -100, 0.0], ce)
case("cross_entropy", "probs_w_smooth", [logits, torch.softmax(data((4, 5), phase=3.0), 1), w5, Str("mean"), -100, 0.3], ce)
case("cross_entropy", "1d", [logits[1], torch.tensor(2), NONE, Str("mean"), -100, 0.0], ce)
case("cross_entropy", "3d", [data((2, 5, 3), phase=0.2), t3, NONE, Str("mean"), -100, 0.1], ce)
case("cross_entropy", "f64", [logits.double(), tgt, NONE, Str("mean"), -100, 0.0], ce)
case("cross_entropy", "err_smoothing", [logits, tgt, NONE, Str("mean"), -100, 1.5], ce)
case("cross_entropy", "err_long", [data((4, 5), i64), tgt, NONE, Str("mean"), -100, 0.0], ce)
case("cross_entropy", "err_probs_dtype", [logits, torch.ones(4, 5, dtype=i64), NONE, Str("mean"), -100, 0.0], ce)
case("cross_entropy", "err_target_dtype", [logits, tgt.float(), NONE, Str("mean"), -100, 0.0], ce)
case("cross_entropy", "err_batch", [logits, torch.tensor([1, 2]), NONE, Str("mean"), -100, 0.0], ce)

# activations (ops_composite_activation.cc), positional as their schemas
xa = data((3, 4), lo=-4, hi=4, phase=0.7)
act = [
    ("elu", [xa, 0.5, 1.0, 1.0], lambda x, a, s, i: torch.ops.aten.elu(x, a, s, i)),
    ("selu", [xa], F.selu), ("celu", [xa, 2.0], F.celu),
    ("leaky_relu", [xa, 0.2], F.leaky_relu),
    ("rrelu", [xa, 0.1, 0.3, False], lambda x, lo, hi, t: F.rrelu(x, lo, hi, t)),
    ("prelu", [xa, torch.tensor([0.25, -1.0, 2.0, 0.5])], F.prelu),
    ("hardtanh", [xa, -2.0, 1.5], F.hardtanh), ("relu6", [xa], F.relu6),
    ("hardsigmoid", [xa], F.hardsigmoid), ("hardswish", [xa], F.hardswish),
    ("softplus", [xa, 2.0, 3.0], F.softplus), ("softsign", [xa], F.softsign),
    ("mish", [xa], F.mish), ("tanhshrink", [xa], F.tanhshrink), ("glu", [xa, 1], F.glu),
    ("logsigmoid", [xa], F.logsigmoid),
    ("softmin", [xa, 1, NONE], lambda x, d, t: F.softmin(x, d)),
]
for name, args, fn in act:
    case(name, "basic", args, fn)
case("elu", "err_long", [data((2, 3), i64), 1.0, 1.0, 1.0], lambda x, a, s, i: torch.ops.aten.elu(x, a, s, i))
case("celu", "err_zero", [xa, 0.0], F.celu)

# scaled_dot_product_attention_backward (tc's: the attention op's gradients
# as one node), from PyTorch's autograd through F.scaled_dot_product_attention;
# an output the mask leaves out is an empty [0] tensor; the fourth output is
# the mask's gradient (a mask of the scores' full shape, so unsummed).
def sdpa_bw(g, q, k, v, m, causal, scale, gqa, mask):
    q, k, v = [t.detach().clone().requires_grad_() for t in (q, k, v)]
    ins = [q, k, v]
    if m is not None and m.dtype != torch.bool:
        m = m.detach().clone().requires_grad_()
        ins.append(m)
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=m, is_causal=causal, scale=scale,
                                         enable_gqa=gqa)
    grads = list(torch.autograd.grad(out, ins, g))
    if len(grads) == 3:
        grads.append(None)
    return [gr if (want and gr is not None) else torch.empty(0, dtype=q.dtype)
            for gr, want in zip(grads, mask)]


sq, sk, sv = data((1, 2, 3, 5), phase=0.1), data((1, 2, 4, 5), phase=0.4), data((1, 2, 4, 6), phase=0.8)
sg = data((1, 2, 3, 6), phase=1.1)
sdpa_case = lambda g, q, k, v, m, c, sc, gq, mk: sdpa_bw(g, q, k, v, m, c, sc, gq, mk)  # noqa: E731
case("scaled_dot_product_attention_backward", "basic",
     [sg, sq, sk, sv, NONE, False, NONE, False, Ints(1, 1, 1, 0)], sdpa_case)
case("scaled_dot_product_attention_backward", "causal_scale",
     [data((2, 2, 4, 3), phase=1.1), data((2, 2, 4, 3), phase=0.2), data((2, 2, 4, 3), phase=0.5),
      data((2, 2, 4, 3), phase=0.9), NONE, True, 0.3, False, Ints(1, 1, 1, 0)], sdpa_case)
case("scaled_dot_product_attention_backward", "dq_only",
     [sg, sq, sk, sv, NONE, False, NONE, False, Ints(1, 0, 0, 0)], sdpa_case)
case("scaled_dot_product_attention_backward", "f64",
     [sg.double(), sq.double(), sk.double(), sv.double(), NONE, False, NONE, False,
      Ints(1, 1, 1, 0)], sdpa_case)
case("scaled_dot_product_attention_backward", "bool_mask",
     [sg, sq, sk, sv, torch.tensor([[True, False, True, True], [False, False, False, False],
                                    [True, True, True, False]]),
      False, NONE, False, Ints(1, 1, 1, 0)], sdpa_case)
case("scaled_dot_product_attention_backward", "float_mask",
     [sg, sq, sk, sv, data((1, 2, 3, 4), phase=0.6), False, NONE, False, Ints(1, 1, 1, 1)],
     sdpa_case)
case("scaled_dot_product_attention_backward", "gqa",
     [data((1, 4, 3, 6), phase=1.1), data((1, 4, 3, 5), phase=0.1), sk, sv, NONE, False, NONE,
      True, Ints(1, 1, 1, 0)], sdpa_case)
case("scaled_dot_product_attention_backward", "three_dim",
     [data((2, 3, 6), phase=1.1), data((2, 3, 5), phase=0.1), data((2, 4, 5), phase=0.4),
      data((2, 4, 6), phase=0.8), NONE, False, NONE, False, Ints(1, 1, 1, 0)], sdpa_case)

# gelu_backward (gelu's derivative node), ATen's own op.
ga = data((3, 4), phase=1.3)
gelu_bw = lambda g, x, m: torch.ops.aten.gelu_backward(g, x, approximate=m)  # noqa: E731
case("gelu_backward", "none", [ga, xa, Str("none")], gelu_bw)
case("gelu_backward", "tanh", [ga, xa, Str("tanh")], gelu_bw)
case("gelu_backward", "f64", [ga.double(), xa.double(), Str("none")], gelu_bw)
case("gelu_backward", "err_long", [data((2, 3), i64), data((2, 3), i64), Str("none")], gelu_bw)
case("gelu_backward", "err_mode", [ga, xa, Str("foo")], gelu_bw)
case("glu", "err_odd", [data((3, 3)), 1], F.glu)
case("prelu", "err_channels", [xa, torch.tensor([0.25, 1.0])], F.prelu)
case("hardtanh", "int", [data((2, 3), i64), -1, 1], F.hardtanh)

# losses (ops_composite_loss_extra.cc)
ya = data((3, 4), lo=-4, hi=4, phase=2.1)
pa = torch.sigmoid(xa)
qa = torch.sigmoid(ya)
wa = data((3, 4), lo=0, hi=1, phase=0.4)
for red in ["mean", "sum", "none"]:
    case("l1_loss", red, [xa, ya, Str(red), NONE], lambda a, b, r, w: F.l1_loss(a, b, reduction=r))
    case("smooth_l1_loss", red, [xa, ya, Str(red), 0.5], lambda a, b, r, be: F.smooth_l1_loss(a, b, reduction=r, beta=be))
    case("huber_loss", red, [xa, ya, Str(red), 1.5, NONE], lambda a, b, r, d, w: F.huber_loss(a, b, reduction=r, delta=d))
    case("binary_cross_entropy", red, [pa, qa, wa, Str(red)], lambda a, b, w, r: F.binary_cross_entropy(a, b, w, reduction=r))
    case("binary_cross_entropy_with_logits", red, [xa, qa, NONE, Str(red), torch.tensor([1.0, 2.0, 0.5, 3.0])],
         lambda a, b, w, r, pw: F.binary_cross_entropy_with_logits(a, b, w, reduction=r, pos_weight=pw))
    case("kl_div", red, [torch.log(pa), qa, Str(red), False], lambda a, b, r, lt: F.kl_div(a, b, reduction=r, log_target=lt))
    case("cosine_embedding_loss", red, [xa, ya, torch.tensor([1.0, -1.0, 1.0]), 0.1, Str(red)],
         lambda a, b, t, m, r: F.cosine_embedding_loss(a, b, t, m, reduction=r))
    case("margin_ranking_loss", red, [xa[0], ya[0], torch.tensor([1.0, -1.0, 1.0, -1.0]), 0.2, Str(red)],
         lambda a, b, t, m, r: F.margin_ranking_loss(a, b, t, m, reduction=r))
    case("triplet_margin_loss", red, [xa, ya, wa, 1.0, 2.0, 1e-6, True, Str(red)],
         lambda a, p, n, m, pp, e, sw, r: F.triplet_margin_loss(a, p, n, m, pp, e, sw, reduction=r))
case("l1_loss", "weight", [xa, ya, Str("mean"), wa], lambda a, b, r, w: F.l1_loss(a, b, reduction=r, weight=w))
case("kl_div", "batchmean_log_target", [torch.log(pa), torch.log(qa), Str("batchmean"), True],
     lambda a, b, r, lt: F.kl_div(a, b, reduction=r, log_target=lt))
case("cosine_similarity", "dim1", [xa, ya, 1, 1e-8], lambda a, b, d, e: F.cosine_similarity(a, b, d, e))
case("pairwise_distance", "p2", [xa, ya, 2.0, 1e-6, False], lambda a, b, p, e, k: F.pairwise_distance(a, b, p, e, k))
case("pairwise_distance", "p1_keepdim", [xa, ya, 1.0, 1e-6, True], lambda a, b, p, e, k: F.pairwise_distance(a, b, p, e, k))
case("smooth_l1_loss", "err_beta", [xa, ya, Str("mean"), -1.0], lambda a, b, r, be: F.smooth_l1_loss(a, b, reduction=r, beta=be))
case("triplet_margin_loss", "err_dims", [xa, ya, wa[0], 1.0, 2.0, 1e-6, False, Str("mean")],
     lambda a, p, n, m, pp, e, sw, r: F.triplet_margin_loss(a, p, n, m, pp, e, sw, reduction=r))

# creation
lin = lambda s, e, n, d: torch.linspace(s, e, n, dtype=d)
case("linspace", "basic", [0, 10, 4, NONE], lambda s, e, n, d: torch.linspace(s, e, n))
case("linspace", "float", [-1.5, 2.25, 7, NONE], lambda s, e, n, d: torch.linspace(s, e, n))
case("linspace", "f64", [0, 1, 7, DT(f64)], lin)
case("linspace", "int64", [0, 10, 4, DT(i64)], lin)
case("linspace", "int32_down", [10, -3, 5, DT(i32)], lin)
case("linspace", "one", [3.5, 10, 1, NONE], lambda s, e, n, d: torch.linspace(s, e, n))
case("linspace", "zero", [3.5, 10, 0, NONE], lambda s, e, n, d: torch.linspace(s, e, n))
case("linspace", "err_steps", [0, 10, -1, NONE], lambda s, e, n, d: torch.linspace(s, e, n))
case("linspace", "err_bool", [0, 10, 4, DT(b8)], lin)
case("eye", "square", [3, NONE, NONE], lambda n, m, d: torch.eye(n))
case("eye", "rect_int", [2, 3, DT(i64)], lambda n, m, d: torch.eye(n, m, dtype=d))
case("eye", "bool", [3, 2, DT(b8)], lambda n, m, d: torch.eye(n, m, dtype=d))
case("eye", "empty", [0, NONE, NONE], lambda n, m, d: torch.eye(n))
case("eye", "err_n", [-1, NONE, NONE], lambda n, m, d: torch.eye(n))
case("eye", "err_m", [2, -1, NONE], lambda n, m, d: torch.eye(n, m))
rint = lambda lo, hi, s, d: torch.randint(lo, hi, s, dtype=d)
case("randint", "err_range", [5, 5, Ints(3), NONE], lambda lo, hi, s, d: torch.randint(lo, hi, s))
case("randint", "err_uint8", [0, 300, Ints(3), DT(u8)], rint)
case("randint", "err_bool", [0, 5, Ints(3), DT(b8)], rint)
case("randint", "err_int8_from", [-200, 5, Ints(3), DT(torch.int8)], rint)

# convolutions and pools (args as the composite schemas order them)
import torch.nn.functional as F  # noqa: E402
cx = data((2, 4, 6, 5))
cw = data((6, 4, 3, 3), phase=1.0)
cb = data((6,), phase=2.0)
conv2 = lambda x, w, b, s, p, d, g: F.conv2d(x, w, b, s, p, d, g)
case("conv2d", "basic", [cx, cw, cb, Ints(1), Ints(0), Ints(1), 1], conv2)
case("conv2d", "strided", [cx, cw, NONE, Ints(2, 1), Ints(1, 2), Ints(1, 2), 1], conv2)
case("conv2d", "groups", [cx, data((6, 2, 2, 3)), cb, Ints(1), Ints(1), Ints(1), 2], conv2)
case("conv2d", "unbatched", [cx[0], cw, cb, Ints(1), Ints(1), Ints(1), 1], conv2)
case("conv2d", "f64", [cx.double(), cw.double(), NONE, Ints(2), Ints(1), Ints(1), 1], conv2)
case("conv2d", "int64", [data((1, 2, 4, 4), i64), data((3, 2, 2, 2), i64), NONE, Ints(1), Ints(0), Ints(1), 1], conv2)
case("conv2d", "err_rank", [data((5, 5)), cw, NONE, Ints(1), Ints(0), Ints(1), 1], conv2)
case("conv2d", "err_bias_dtype", [cx, cw, cb.double(), Ints(1), Ints(0), Ints(1), 1], conv2)
case("conv2d", "err_channels", [cx, data((6, 3, 3, 3)), NONE, Ints(1), Ints(0), Ints(1), 1], conv2)
conv1 = lambda x, w, b, s, p, d, g: F.conv1d(x, w, b, s, p, d, g)
case("conv1d", "basic", [data((2, 3, 9)), data((4, 3, 3)), NONE, Ints(2), Ints(1), Ints(2), 1], conv1)
case("conv1d", "unbatched", [data((3, 9)), data((6, 1, 3)), data((6,)), Ints(1), Ints(1), Ints(1), 3], conv1)
case("conv1d", "err_rank", [data((9,)), data((4, 3, 3)), NONE, Ints(1), Ints(0), Ints(1), 1], conv1)
conv3 = lambda x, w, b, s, p, d, g: F.conv3d(x, w, b, s, p, d, g)
case("conv3d", "basic", [data((1, 2, 4, 5, 3)), data((4, 2, 2, 3, 2)), data((4,)), Ints(1), Ints(1), Ints(1), 1], conv3)
case("conv3d", "unbatched", [data((2, 4, 5, 3)), data((2, 1, 1, 2, 2)), NONE, Ints(1, 2, 1), Ints(0), Ints(1), 2], conv3)
ct2 = lambda x, w, b, s, p, op, g, d: F.conv_transpose2d(x, w, b, s, p, op, g, d)
case("conv_transpose2d", "basic", [cx, data((4, 3, 3, 3)), data((3,)), Ints(2), Ints(1), Ints(1), 1, Ints(1)], ct2)
case("conv_transpose2d", "groups", [cx, data((4, 2, 2, 3)), NONE, Ints(2, 3), Ints(0), Ints(0), 2, Ints(2, 1)], ct2)
case("conv_transpose2d", "unbatched", [cx[1], data((4, 3, 3, 3)), NONE, Ints(1), Ints(1, 2), Ints(0), 1, Ints(1)], ct2)
case("conv_transpose2d", "err_out_pad", [cx, data((4, 3, 3, 3)), NONE, Ints(1), Ints(0), Ints(1), 1, Ints(1)], ct2)
ct1 = lambda x, w, b, s, p, op, g, d: F.conv_transpose1d(x, w, b, s, p, op, g, d)
case("conv_transpose1d", "basic", [data((2, 3, 9)), data((3, 2, 3)), NONE, Ints(3), Ints(0), Ints(2), 1, Ints(1)], ct1)
case("conv_transpose1d", "unbatched", [data((3, 9)), data((3, 4, 2)), data((4,)), Ints(2), Ints(1), Ints(0), 1, Ints(3)], ct1)
px = data((2, 3, 7, 6))
mp2 = lambda x, k, s, p, d, c: F.max_pool2d(x, k, s if s else None, p, d, c)
case("max_pool2d", "basic", [px, Ints(2), Ints(), Ints(0), Ints(1), False], mp2)
case("max_pool2d", "all", [px, Ints(3, 2), Ints(2, 1), Ints(1, 0), Ints(2, 1), True], mp2)
case("max_pool2d", "err_pad", [px, Ints(3), Ints(), Ints(2), Ints(1), False], mp2)
py1 = data((2, 3, 11))
mp1 = lambda x, k, s, p, d, c: F.max_pool1d(x, k, s if s else None, p, d, c)
case("max_pool1d", "basic", [py1, Ints(3), Ints(), Ints(0), Ints(1), False], mp1)
case("max_pool1d", "all", [py1, Ints(3), Ints(2), Ints(1), Ints(2), True], mp1)
case("max_pool1d", "err_pad", [py1, Ints(2), Ints(), Ints(2), Ints(1), False], mp1)
case("max_pool1d", "err_size", [data((2, 3, 4)), Ints(5), Ints(), Ints(0), Ints(1), False], mp1)
mp1i = lambda x, k, s, p, d, c: F.max_pool1d(x, k, s if s else None, p, d, c, return_indices=True)
case("max_pool1d_with_indices", "basic", [py1, Ints(4), Ints(3), Ints(2), Ints(1), False], mp1i)
case("max_pool1d_with_indices", "err_rank", [data((4,)), Ints(2), Ints(), Ints(0), Ints(1), False], mp1i)
ap1 = lambda x, k, s, p, c, cp: F.avg_pool1d(x, k, s if s else None, p, c, cp)
case("avg_pool1d", "basic", [py1, Ints(3), Ints(), Ints(0), False, True], ap1)
case("avg_pool1d", "all", [py1, Ints(4), Ints(2), Ints(2), True, False], ap1)
case("avg_pool1d", "err_kernel", [py1, Ints(2, 2), Ints(), Ints(0), False, True], ap1)
aa2 = lambda x, o: F.adaptive_avg_pool2d(x, o)
case("adaptive_avg_pool2d", "basic", [px, Ints(3, 4)], aa2)
case("adaptive_avg_pool2d", "one", [px, Ints(1, 1)], aa2)
case("adaptive_avg_pool2d", "err_size", [px, Ints(2, 2, 2)], aa2)
case("adaptive_avg_pool1d", "basic", [py1, Ints(4)], lambda x, o: F.adaptive_avg_pool1d(x, o))
case("adaptive_avg_pool1d", "one", [py1, Ints(1)], lambda x, o: F.adaptive_avg_pool1d(x, o))
case("adaptive_max_pool1d", "basic", [py1, Ints(5)],
     lambda x, o: F.adaptive_max_pool1d(x, o, return_indices=True))

# shape composites (ops_composite_shape_extra.cc, ops_composite_pad.cc)
case("movedim", "basic", [x234, Ints(0), Ints(2)], lambda x, s, d: torch.movedim(x, s, d))
case("movedim", "two", [x234, Ints(0, 1), Ints(2, 0)], lambda x, s, d: torch.movedim(x, s, d))
case("movedim", "err_repeat", [x234, Ints(0, 0), Ints(1, 2)], lambda x, s, d: torch.movedim(x, s, d))
case("repeat_interleave", "dim", [x23, 2, 1, NONE], lambda x, r, d, o: torch.repeat_interleave(x, r, d))
case("repeat_interleave", "flat", [x23, 3, NONE, NONE], lambda x, r, d, o: torch.repeat_interleave(x, r))
case("repeat_interleave", "err_neg", [x23, -1, 0, NONE], lambda x, r, d, o: torch.repeat_interleave(x, r, d))
case("roll", "dims", [x234, Ints(1, -2), Ints(0, 2)], lambda x, s, d: torch.roll(x, s, d))
case("roll", "flat", [x23, Ints(4), Ints()], lambda x, s, d: torch.roll(x, s))
case("roll", "err_align", [x23, Ints(1), Ints(0, 1)], lambda x, s, d: torch.roll(x, s, d))
case("rot90", "k1", [x234, 1, Ints(0, 1)], lambda x, k, d: torch.rot90(x, k, d))
case("rot90", "k3", [x234, -1, Ints(1, 2)], lambda x, k, d: torch.rot90(x, k, d))
case("rot90", "err_dims", [x234, 1, Ints(0, 0)], lambda x, k, d: torch.rot90(x, k, d))
ti = torch.tensor([[0, 2], [1, 0]])
case("take_along_dim", "dim", [x23, ti, 1], lambda x, i, d: torch.take_along_dim(x, i, d))
case("take_along_dim", "flat", [x23, torch.tensor([5, 0, 3]), NONE], lambda x, i, d: torch.take_along_dim(x, i))
case("take_along_dim", "err_dtype", [x23, ti.int(), 1], lambda x, i, d: torch.take_along_dim(x, i, d))
case("tile", "basic", [x23, Ints(2, 1)], lambda x, r: torch.tile(x, r))
case("tile", "pad", [x23, Ints(2)], lambda x, r: torch.tile(x, r))
case("tile", "more", [x23, Ints(2, 1, 3)], lambda x, r: torch.tile(x, r))
case("trace", "basic", [x45], lambda x: torch.trace(x))
case("trace", "int", [data((3, 3), i64)], lambda x: torch.trace(x))
case("trace", "err_rank", [x234], lambda x: torch.trace(x))
case("unflatten", "basic", [x234, 2, Ints(2, 2)], lambda x, d, s: torch.unflatten(x, d, s))
case("unflatten", "infer", [x234, -1, Ints(-1, 2)], lambda x, d, s: torch.unflatten(x, d, s))
case("unflatten", "err_sizes", [x234, 1, Ints(2, 2)], lambda x, d, s: torch.unflatten(x, d, s))
case("pad", "constant", [x234, Ints(1, 2), Str("constant"), 1.5], lambda x, p, m, v: F.pad(x, p, m, v))
case("pad", "reflect", [x234, Ints(1, 2), Str("reflect"), NONE], lambda x, p, m, v: F.pad(x, p, m))
case("pad", "replicate", [x234, Ints(1, 1, 2, 0), Str("replicate"), NONE], lambda x, p, m, v: F.pad(x, p, m))
case("pad", "circular", [x234, Ints(2, 1), Str("circular"), NONE], lambda x, p, m, v: F.pad(x, p, m))
case("pad", "err_odd", [x234, Ints(1), Str("constant"), NONE], lambda x, p, m, v: F.pad(x, p, m))
ps = data((1, 8, 2, 3))
case("pixel_shuffle", "basic", [ps, 2], lambda x, r: F.pixel_shuffle(x, r))
case("pixel_shuffle", "err_div", [data((1, 6, 2, 3)), 2], lambda x, r: F.pixel_shuffle(x, r))
case("pixel_unshuffle", "basic", [data((1, 2, 4, 6)), 2], lambda x, r: F.pixel_unshuffle(x, r))
case("pixel_unshuffle", "err_div", [data((1, 2, 3, 6)), 2], lambda x, r: F.pixel_unshuffle(x, r))

# Linear algebra (ops_composite_linalg.cc, ops_composite_einsum.cc).
b1, b2 = data((2, 3, 4), phase=0.2), data((2, 4, 5), phase=0.9)
m35, m34, v4, v3 = data((3, 5)), data((3, 4), phase=0.4), data((4,), phase=1.3), data((3,), phase=2.0)
case("baddbmm", "basic", [data((2, 3, 5)), b1, b2, 1, 1], lambda s, a, b, be, al: torch.baddbmm(s, a, b, beta=be, alpha=al))
case("baddbmm", "scaled_bcast", [data((5,)), b1, b2, 0.5, -2.0], lambda s, a, b, be, al: torch.baddbmm(s, a, b, beta=be, alpha=al))
case("baddbmm", "beta0_nan", [torch.full((2, 3, 5), math.nan), b1, b2, 0, 1], lambda s, a, b, be, al: torch.baddbmm(s, a, b, beta=be, alpha=al))
case("baddbmm", "err_sizes", [data((2, 3, 5)), b1, b1, 1, 1], lambda s, a, b, be, al: torch.baddbmm(s, a, b, beta=be, alpha=al))
case("baddbmm", "err_dtype", [data((2, 3, 5), torch.float64), b1, b2, 1, 1], lambda s, a, b, be, al: torch.baddbmm(s, a, b, beta=be, alpha=al))
case("addbmm", "basic", [m35, b1, b2, 1, 1], lambda s, a, b, be, al: torch.addbmm(s, a, b, beta=be, alpha=al))
case("addbmm", "scaled", [data((5,)), b1, b2, 2, 0.5], lambda s, a, b, be, al: torch.addbmm(s, a, b, beta=be, alpha=al))
case("addbmm", "int", [data((3, 5), i64), data((2, 3, 4), i64), data((2, 4, 5), i64), 2, 3], lambda s, a, b, be, al: torch.addbmm(s, a, b, beta=be, alpha=al))
case("addbmm", "err_batches", [m35, b1, b2[:1], 1, 1], lambda s, a, b, be, al: torch.addbmm(s, a, b, beta=be, alpha=al))
case("addmv", "basic", [v3, m34, v4, 1, 1], lambda s, m, v, be, al: torch.addmv(s, m, v, beta=be, alpha=al))
case("addmv", "scaled", [data((1,)), m34, v4, 0.25, 3], lambda s, m, v, be, al: torch.addmv(s, m, v, beta=be, alpha=al))
case("addmv", "err_size", [v3, m34, v3, 1, 1], lambda s, m, v, be, al: torch.addmv(s, m, v, beta=be, alpha=al))
case("addmv", "err_rank", [v3, v4, v4, 1, 1], lambda s, m, v, be, al: torch.addmv(s, m, v, beta=be, alpha=al))
case("addr", "basic", [m34, v3, v4, 1, 1], lambda s, a, b, be, al: torch.addr(s, a, b, beta=be, alpha=al))
case("addr", "scaled", [m34, v3, v4, 0.5, -1.5], lambda s, a, b, be, al: torch.addr(s, a, b, beta=be, alpha=al))
case("addr", "promote", [data((4,), i64), v3, v4, 1, 2], lambda s, a, b, be, al: torch.addr(s, a, b, beta=be, alpha=al))
case("addr", "bool", [data((3, 4), b8), data((3,), b8), data((4,), b8, phase=1.0), True, True], lambda s, a, b, be, al: torch.addr(s, a, b, beta=be, alpha=al))
case("addr", "err_float_int", [data((3, 4), i64), data((3,), i64), data((4,), i64), 1, 0.5], lambda s, a, b, be, al: torch.addr(s, a, b, beta=be, alpha=al))
case("addr", "err_rank", [m34, m34, v4, 1, 1], lambda s, a, b, be, al: torch.addr(s, a, b, beta=be, alpha=al))
case("outer", "basic", [v3, v4], lambda a, b: torch.outer(a, b))
case("outer", "promote", [data((3,), i64), v4], lambda a, b: torch.outer(a, b))
case("outer", "err_rank", [m34, v4], lambda a, b: torch.outer(a, b))
case("kron", "2d", [x23, data((2, 2), phase=0.5)], lambda a, b: torch.kron(a, b))
case("kron", "ranks", [v3, x234], lambda a, b: torch.kron(a, b))
case("kron", "int", [data((2, 2), i64), data((3,), i64)], lambda a, b: torch.kron(a, b))
case("tensordot", "two", [b1, data((3, 4, 2)), Ints(1, 2), Ints(0, 1)], lambda a, b, x, y: torch.tensordot(a, b, (x, y)))
case("tensordot", "neg_order", [b1, data((4, 3)), Ints(-1, 1), Ints(0, 1)], lambda a, b, x, y: torch.tensordot(a, b, (x, y)))
case("tensordot", "size1", [b1, data((1, 4)), Ints(0, 2), Ints(0, 1)], lambda a, b, x, y: torch.tensordot(a, b, (x, y)))
case("tensordot", "outer", [v3, v4, Ints(), Ints()], lambda a, b, x, y: torch.tensordot(a, b, (x, y)))
case("tensordot", "err_match", [b1, b2, Ints(1), Ints(1)], lambda a, b, x, y: torch.tensordot(a, b, (x, y)))
case("tensordot", "err_len", [b1, b2, Ints(1), Ints(1, 2)], lambda a, b, x, y: torch.tensordot(a, b, (x, y)))
for label, eq, ops in [("matmul", "ij,jk->ik", [m34, data((4, 2))]),
                       ("implicit", "ij,jk", [m34, data((4, 2))]),
                       ("bmm", "bij,bjk->bik", [b1, b2]),
                       ("trace", "ii", [data((3, 3))]),
                       ("diag_keep", "ii->i", [data((3, 3))]),
                       ("sum_all", "ijk->", [b1]),
                       ("transpose", "ijk->kji", [b1]),
                       ("outer", "i,j->ij", [v3, v4]),
                       ("dot", "i,i", [v4, v4]),
                       ("ellipsis", "...ij,...jk->...ik", [b1, b2]),
                       ("ellipsis_bcast", "...ij,jk", [b1, data((4, 2))]),
                       ("three", "ij,jk,kl->il", [m34, data((4, 2)), data((2, 5))]),
                       ("hadamard", "ij,ij->ij", [m34, m34]),
                       ("repeated", "iij->j", [data((3, 3, 2))]),
                       ("int", "ij,jk", [data((2, 3), i64), data((3, 2), i64)]),
                       ("err_count", "ij,jk", [m34]),
                       ("err_output", "ij->k", [m34]),
                       ("err_dims", "ijk", [m34]),
                       ("err_bcast", "ij,ij", [m34, m35])]:
    case("einsum", label, [Str(eq), ops], lambda e, ts: torch.einsum(e, ts))

with open(OUT, "w") as f:
    f.write("\n".join(cases) + "\n")
print("wrote %d cases to %s" % (len(cases), os.path.normpath(OUT)))
