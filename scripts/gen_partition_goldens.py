#!/usr/bin/env python3
"""Generates tests/partition/golden/ from real PyTorch 2.15's partitioners.

For each case (research/aot-inductor.md's TB1-TB11 and a few more) it traces
the joint forward+backward graph as torch.compile's inductor backend does
(AOTAutograd with Inductor's decompositions, then Inductor's joint-graph
passes), rewrites the few ATen ops graph-ir has no twin for into ones it has
(prims.fma -> mul + add, var_mean -> var and mean, sub(scalar, t) -> sub of
a 0-dim full), runs functorch's default_partition and
min_cut_rematerialization_partition on that rewritten graph, and writes

  <graph>.tcir   the joint graph in graph-ir's text format, each value named
                 as the FX node (the test maps names to values by order);
  expected.txt   per case: the joint's forward-output count, which primals
                 have gradients, the saved values of both partitioners, and
                 for budget-1 min-cut runs the cut value, every node edge's
                 capacity and every ban with PyTorch's reason.

Run: scripts/gen_partition_goldens.py [--check] (re-executes itself under the
reference Python that scripts/reference-env makes: torch 2.15.0)
"""
import argparse
import copy
import math
import operator
import os
import sys
import warnings

from reference_python import run_under_reference_python

run_under_reference_python()

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch._dynamo.backends.common import aot_autograd  # noqa: E402
from torch._functorch import partitioners  # noqa: E402
from torch._inductor.compile_fx import _recursive_joint_graph_passes  # noqa: E402
from torch._inductor.decomposition import select_decomp_table  # noqa: E402

warnings.filterwarnings("ignore")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "partition", "golden")
aten, prims = torch.ops.aten, torch.ops.prims

DTYPE = {torch.float32: "float32", torch.bool: "bool", torch.int64: "int64"}


# ---- rewriting ops graph-ir lacks ------------------------------------------

def fake(node_or_value):
    return node_or_value.meta["val"] if isinstance(node_or_value, torch.fx.Node) else node_or_value


def add_node(graph, before, target, args, kwargs=None):
    with graph.inserting_before(before):
        n = graph.call_function(target, args, kwargs or {})
    mode = torch._guards.detect_fake_mode([fake(a) for a in args if isinstance(a, torch.fx.Node)])
    with mode:
        n.meta["val"] = target(*[fake(a) for a in args], **(kwargs or {}))
    return n


def rewrite(gm):
    g = gm.graph
    for node in list(g.nodes):
        if node.op != "call_function":
            continue
        if node.target == prims.fma.default:  # a * b + c
            a, b, c = node.args
            mul = add_node(g, node, aten.mul.Tensor, (a, b))
            add = add_node(g, node, aten.add.Tensor, (mul, c))
            node.replace_all_uses_with(add)
            g.erase_node(node)
        elif node.target == aten.sub.Tensor and not isinstance(node.args[0], torch.fx.Node):
            scalar, t = node.args
            full = add_node(g, node, aten.full.default, ([], float(scalar)),
                            {"dtype": fake(t).dtype, "device": fake(t).device})
            sub = add_node(g, node, aten.sub.Tensor, (full, t))
            node.replace_all_uses_with(sub)
            g.erase_node(node)
        elif node.target == aten.var_mean.correction:
            x, dims = node.args
            kw = node.kwargs
            var = add_node(g, node, aten.var.correction, (x, dims),
                           {"correction": kw["correction"], "keepdim": kw["keepdim"]})
            mean = add_node(g, node, aten.mean.dim, (x, dims, kw["keepdim"]))
            for user in list(node.users):
                user.replace_all_uses_with(var if user.args[1] == 0 else mean)
                g.erase_node(user)
            g.erase_node(node)
    g.lint()
    gm.recompile()
    return gm


# ---- graph-ir text ----------------------------------------------------------

def ttype(val):
    text = f"{DTYPE[val.dtype]}[{', '.join(str(s) for s in val.shape)}]"
    contiguous = []
    acc = 1
    for s in reversed(val.shape):
        contiguous.insert(0, acc)
        acc *= max(s, 1)
    if val.dim() > 0 and list(val.stride()) != contiguous:
        text += "{" + ", ".join(str(s) for s in val.stride()) + "}"
    return text


def const(v):
    if isinstance(v, torch.fx.Node):
        return "%" + v.name
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(const(x) for x in v) + "]"
    if isinstance(v, torch.dtype):
        return DTYPE[v]
    return repr(v)


def call_text(node):
    t, a, kw = node.target, node.args, node.kwargs
    unary = {aten.relu.default, aten.sin.default, aten.cos.default, aten.exp.default,
             aten.tanh.default, aten.neg.default, aten.erf.default, aten.rsqrt.default}
    binary = {aten.mm.default: "mm", aten.mul.Tensor: "mul", aten.add.Tensor: "add",
              aten.sub.Tensor: "sub", aten.div.Tensor: "div", aten.le.Scalar: "le",
              aten.pow.Tensor_Scalar: "pow"}
    if t in unary:
        return f"{t._opname}({const(a[0])})"
    if t in binary:
        return f"{binary[t]}({const(a[0])}, {const(a[1])})"
    if t in (aten.sum.default, aten.mean.default):
        return f"{t._opname}({const(a[0])})"
    if t in (aten.sum.dim_IntList, aten.mean.dim):
        keepdim = a[2] if len(a) > 2 else kw.get("keepdim", False)
        return f"{t._opname}({const(a[0])}, {const(a[1])}, keepdim={keepdim})"
    if t == aten.var.correction:
        return (f"var({const(a[0])}, {const(a[1])}, correction={kw['correction']}, "
                f"keepdim={kw['keepdim']})")
    if t == aten.amax.default:
        return f"amax({const(a[0])}, {const(a[1])}, keepdim={a[2]})"
    if t in (aten.expand.default, aten.permute.default, aten.unsqueeze.default):
        return f"{t._opname}({const(a[0])}, {const(a[1])})"
    if t == aten.where.self:
        return f"where({const(a[0])}, {const(a[1])}, {const(a[2])})"
    if t == aten.full.default:
        return f"full({const(a[0])}, {const(a[1])}, dtype={const(kw['dtype'])})"
    raise NotImplementedError(f"no graph-ir spelling for {t}")


def to_tcir(gm, title):
    lines = [f"# {title}: the joint graph PyTorch 2.15 traces (scripts/gen_partition_goldens.py)"]
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    params = ",\n      ".join(f"%{p.name}: {ttype(p.meta['val'])}" for p in placeholders)
    lines.append(f"graph({params}) {{")
    for n in gm.graph.nodes:
        if n.op == "call_function":
            lines.append(f"  %{n.name}: {ttype(n.meta['val'])} = {call_text(n)}")
    outs = [o for o in list(gm.graph.nodes)[-1].args[0] if o is not None]
    lines.append("  return (" + ", ".join("%" + o.name for o in outs) + ")")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---- running the partitioners ----------------------------------------------

def saved_names(fw, num_fwd_outputs):
    outs = list(fw.graph.nodes)[-1].args[0]
    return [n.name for n in outs[num_fwd_outputs:]]


def network_facts(nx_graph):
    capacity, banned = {}, {}
    for u, v, d in nx_graph.edges(data=True):
        if u.endswith("_in") and v == u[:-3] + "_out":
            c = d["capacity"]
            capacity[u[:-3]] = "inf" if (math.isinf(c) or c == partitioners.INT_INF) else str(int(c))
        if u == "source":
            reason = d.get("reason", "")
            reason = reason[len("cannot recompute: "):] if reason.startswith("cannot recompute: ") else "-"
            banned[v[:-3]] = reason
    return capacity, banned


def run_partitioners(gm, joint_inputs, kw, budget, static):
    facts = {}
    real_cut = partitioners.minimum_cut

    def spy(nx_graph, s, t):
        value, parts = real_cut(nx_graph, s, t)
        facts["cut_value"] = int(value)
        facts["capacity"], facts["banned"] = network_facts(nx_graph)
        return value, parts

    kw = dict(kw, static_lifetime_input_indices=static)
    n = kw["num_fwd_outputs"]
    fw, _ = partitioners.default_partition(copy.deepcopy(gm), joint_inputs, **kw)
    default = saved_names(fw, n)
    partitioners.minimum_cut = spy
    old_budget = torch._functorch.config.activation_memory_budget
    torch._functorch.config.activation_memory_budget = budget
    try:
        fw, _ = partitioners.min_cut_rematerialization_partition(
            copy.deepcopy(gm), joint_inputs, **kw)
    finally:
        partitioners.minimum_cut = real_cut
        torch._functorch.config.activation_memory_budget = old_budget
    return default, saved_names(fw, n), facts


def trace(fn, args):
    """The rewritten joint graph, its partitioner kwargs and its joint inputs."""
    captured = {}

    def partition(gm, joint_inputs, **kw):
        gm = _recursive_joint_graph_passes(gm, skip_invoke_subgraph=True,
                                           input_device=torch.device("cpu"))
        captured.update(gm=rewrite(gm), inputs=joint_inputs, kw=kw)
        return partitioners.min_cut_rematerialization_partition(gm, joint_inputs, **kw)

    torch._dynamo.reset()
    backend = aot_autograd(fw_compiler=lambda g, _: g, bw_compiler=lambda g, _: g,
                           partition_fn=partition, decompositions=select_decomp_table())
    torch.compile(fn, backend=backend)(*args)
    return captured["gm"], captured["kw"], captured["inputs"]


def leaf(*shape, grad=True):
    return torch.randn(*shape, requires_grad=grad)


def mlp3(x, w1, w2, w3):
    return (F.gelu(torch.relu(x @ w1) @ w2).sin() @ w3).sum()


def mlp6(x, *weights):
    h = x
    for i, w in enumerate(weights):
        h = h @ w
        h = F.gelu(h) if i % 2 else torch.relu(h)
    return h.sum()


MLP6_WIDTHS = [32, 48, 40, 56, 24, 32, 8]

# (case, graph, function, args builder, budget, static primals)
CASES = [
    ("TB1", "TB1", lambda x: x.sin().cos().sum(), lambda: [leaf(64, 32)], 1.0, []),
    ("TB2", "TB2", lambda x: x.exp().sum(), lambda: [leaf(64, 32)], 1.0, []),
    ("TB3", "TB3", lambda x: x.tanh().sum(), lambda: [leaf(64, 32)], 1.0, []),
    ("TB4", "TB4", lambda x: (2 * x).relu().sum(), lambda: [leaf(64, 32)], 1.0, []),
    ("TB5", "TB5", lambda x, w: torch.relu(x @ w).sin().sum(),
     lambda: [leaf(64, 32), leaf(32, 16)], 1.0, []),
    ("TB6", "TB6", lambda x, w1, w2: (torch.relu(x @ w1) @ w2).sum(),
     lambda: [leaf(64, 32), leaf(32, 16), leaf(16, 8)], 1.0, []),
    ("TB6_static_weights", "TB6", lambda x, w1, w2: (torch.relu(x @ w1) @ w2).sum(),
     lambda: [leaf(64, 32), leaf(32, 16), leaf(16, 8)], 1.0, [1, 2]),
    ("TB7", "TB7", lambda x, w: F.gelu(x @ w).sum(), lambda: [leaf(64, 32), leaf(32, 16)],
     1.0, []),
    ("TB8", "TB8", lambda x, y: (torch.softmax(x, -1) * y).sum(),
     lambda: [leaf(64, 32), leaf(64, 32, grad=False)], 1.0, []),
    ("TB9", "TB9", lambda x, g, b: F.layer_norm(x, (32,), g, b).sum(),
     lambda: [leaf(64, 32), leaf(32), leaf(32)], 1.0, []),
    ("TB9b", "TB9b", lambda x, w, y: F.mse_loss(x @ w, y),
     lambda: [leaf(64, 32), leaf(32, 16), leaf(64, 16, grad=False)], 1.0, []),
    ("TB10", "TB10", lambda x, y: (x * y).sum(), lambda: [leaf(64, 32), leaf(64, 32)], 1.0, []),
    ("TB11", "TB11", lambda x: x.sum(1).sin().sum(), lambda: [leaf(64, 32)], 1.0, []),
] + [
    (f"MLP3_budget_{b}", "MLP3", mlp3,
     lambda: [leaf(64, 32), leaf(32, 48), leaf(48, 40), leaf(40, 8)], b, [])
    for b in (1.0, 0.8, 0.5, 0.2, 0.05, 0.0)
] + [
    (f"MLP6_budget_{b}", "MLP6", mlp6,
     lambda: [leaf(64, 32)] + [leaf(a, b) for a, b in zip(MLP6_WIDTHS, MLP6_WIDTHS[1:])], b, [])
    for b in (1.0, 0.6, 0.3)
]


def render():
    files = {}
    expected = ["# Generated by scripts/gen_partition_goldens.py from torch 2.15; do not edit."]
    for case, graph, fn, make_args, budget, static in CASES:
        torch.manual_seed(0)
        args = make_args()
        gm, kw, joint_inputs = trace(fn, args)
        files[graph + ".tcir"] = to_tcir(gm, graph)
        n = kw["num_fwd_outputs"]
        outs = list(gm.graph.nodes)[-1].args[0]
        grads = [i for i, o in enumerate(outs[n:]) if o is not None]
        default, min_cut, facts = run_partitioners(gm, joint_inputs, kw, budget, static)
        expected += [f"case {case}", f"graph {graph}.tcir", f"num_fwd_outputs {n}",
                     "grad_primals " + " ".join(map(str, grads)), f"budget {budget!r}",
                     "static " + " ".join(map(str, static)),
                     "default " + " ".join(default), "min_cut " + " ".join(min_cut)]
        if budget == 1.0:
            expected.append(f"cut_value {facts['cut_value']}")
            expected += [f"capacity {k} {v}" for k, v in facts["capacity"].items()]
            expected += [f"banned {k} {v}" for k, v in facts["banned"].items()]
        expected.append("end")
    files["expected.txt"] = "\n".join(expected) + "\n"
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare; write nothing")
    check = ap.parse_args().check
    stale = 0
    for name, text in render().items():
        path = os.path.join(OUT, name)
        if check:
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if old != text:
                print(f"{os.path.relpath(path, ROOT)} is out of date", file=sys.stderr)
                stale += 1
            continue
        os.makedirs(OUT, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    print("gen_partition_goldens: " + ("up to date" if check and not stale else
                                      f"{stale} stale" if check else f"wrote {OUT}"))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
