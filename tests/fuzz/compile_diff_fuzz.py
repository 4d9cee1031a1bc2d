#!/usr/bin/env python3
"""Differential fuzz test: compiling never changes what a script prints.

Over 600 lines because the script generator, the runner and the
checks must stay in one file so a failing seed can be replayed with nothing
but this file and tc-run.

Generates small random scripts in tc's script subset (seeded, so every run
makes the same scripts) and runs each twice: `tc-run script.py` (eager) and
`tc-run --compile-functions script.py` (every function and method the script
defines compiled through frame-capture with the eager backend), both with
--report-graphs. Their stdout, stderr (the graph report aside) and exit
status must be identical; an error outcome (non-zero exit) must end in the
same error type and message both ways. On a mismatch the script is kept in
--keep DIR, a unified diff is printed and the exit status is 1.

Equal output proves nothing when nothing was compiled or every script
failed, so the run also fails when
  * a run lacks tc-run's graph report (`tc: N graphs`, last stderr line),
  * fewer than --min-compiled (a share, default 0.90) of the scripts compile
    at least one graph under --compile-functions (today 295 of 300),
  * more than --max-errors (a share, default 0.20) of the scripts end in an
    error (today 29 of 300: the generator makes some on purpose; their types
    are counted in the summary line).

--templates backward makes scripts that train through compiled functions
(backward_gen.py) and --backends runs them under more backends than eager;
output_match.py states what must match under each (node names may differ,
inductor's numbers within a stated tolerance), --min-aot how many scripts
must show a CompiledFunctionBackward under aot_eager/inductor.

  compile_diff_fuzz.py --tc-run BUILD/bins/tc-run/tc-run [--count N]
      [--templates forward|backward] [--backends eager,aot_eager,inductor] [--min-aot F]
      [--seed S] [--keep DIR] [--jobs J] [--only I] [--print I]
      [--min-compiled F] [--max-errors F]
"""

import argparse
import collections
import difflib
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from backward_gen import BackwardGen
from output_match import first_difference

# ---------------------------------------------------------------------------
# Generator. Each script is a few functions built from templates with random
# insides, then module-level calls on fresh tensors (arange/ones/linspace/
# full: no torch RNG) that print what comes back.


class Gen:
    def __init__(self, rng, options):
        self.r = rng
        self.opts = options
        self.defs = []     # source blocks defined at module level
        self.calls = []    # module-level statements
        self.n = 0
        self.callables = []  # (name, kind) usable from later functions

    def name(self, base):
        self.n += 1
        return f"{base}{self.n}"

    # -- values ------------------------------------------------------------
    def shape(self):
        return (self.r.randint(1, 3), self.r.randint(2, 4))

    def tensor(self, shape=None, dtype=None):
        """A module-level expression making a fresh 2-D tensor."""
        r = self.r
        a, b = shape or self.shape()
        n = a * b
        if dtype is None:
            dtype = r.choice(["float32", "float32", "float32", "float64", "int64"])
        k = r.randint(0, 4)
        if dtype == "int64":
            if k < 3:
                return f"torch.arange({n}).reshape({a}, {b})"
            return f"torch.full(({a}, {b}), {r.randint(-3, 5)})"
        dt = "" if dtype == "float32" else f", dtype=torch.{dtype}"
        if k == 0:
            return f"torch.arange({n}{dt}).reshape({a}, {b})"
        if k == 1:
            return f"(torch.arange({n}{dt}).reshape({a}, {b}) - {r.randint(0, n)})"
        if k == 2:
            return f"torch.ones({a}, {b}{dt})"
        if k == 3:
            lo = r.choice(["-2.0", "-1.0", "0.0", "0.5"])
            return f"torch.linspace({lo}, 2.0, {n}{dt}).reshape({a}, {b})"
        return f"torch.full(({a}, {b}), {r.choice(['0.5', '-1.25', '3.0', '2.0'])}{dt})"

    def const(self):
        return self.r.choice(["1", "2", "3", "0.5", "-1.5", "2.0", "0.25", "-2"])

    def pyint(self):
        return str(self.r.randint(-2, 5))

    # -- tensor expressions over same-shaped tensor variables --------------
    def texpr(self, names, depth=2):
        r = self.r
        if depth <= 0 or r.random() < 0.3:
            v = r.choice(names)
            return v if r.random() < 0.7 else f"({v} {r.choice(['+', '*', '-'])} {self.const()})"
        k = r.randint(0, 11)
        a = self.texpr(names, depth - 1)
        if k <= 2:
            b = self.texpr(names, depth - 1)
            return f"({a} {r.choice(['+', '-', '*'])} {b})"
        if k == 3:
            return f"torch.{r.choice(['sin', 'cos', 'tanh', 'sigmoid', 'relu', 'abs', 'neg'])}({a})"
        if k == 4:
            return f"{a}.{r.choice(['abs', 'exp', 'neg', 'relu', 'sigmoid', 'floor'])}()"
        if k == 5:
            return f"({a} / {r.choice(['2', '4.0', '3'])})"
        if k == 6:
            red = r.choice(["sum", "mean", "amax", "amin"])
            if red == "mean":
                a = f"{a}.float()"
            return f"{a}.{red}(dim={r.choice(['0', '1', '-1'])}, keepdim=True)"
        if k == 7:
            return f"{a}.{r.choice(['sum', 'amax', 'amin'])}()"
        if k == 8:
            return f"torch.clamp({a}, min={r.choice(['-1', '0', '0.5'])})"
        if k == 9:
            b = self.texpr(names, depth - 1)
            return f"torch.where({a} > {self.const()}, {a}, {b})"
        if k == 10:
            return f"torch.maximum({a}, {self.texpr(names, depth - 1)})"
        return f"({a} * {r.choice(['2', '-1', '0.5'])} + {self.const()})"

    def tval(self, v):
        """A print-friendly expression of a tensor local (dtype shows too)."""
        return v

    # -- templates: each appends a def and some calls ---------------------
    def t_pointwise(self):
        f = self.name("pw")
        r = self.r
        body = [f"def {f}(x, y):",
                f"    z = {self.texpr(['x', 'y'])}",
                f"    w = {self.texpr(['x', 'y', 'z'])}"]
        if r.random() < 0.5:
            body.append(f"    return z, w")
        else:
            body.append(f"    return {{'z': z, 'w': w.sum()}}")
        self.defs.append("\n".join(body))
        for _ in range(r.randint(1, 3)):
            s = self.shape()
            dt = r.choice(["float32", "float64", "int64"])
            self.calls.append(f"print({f}({self.tensor(s, dt)}, {self.tensor(s, dt)}))")
        self.callables.append((f, "xy"))

    def t_branch(self):
        f = self.name("br")
        r = self.r
        cond = r.choice([
            f"x.sum() > {self.const()}",
            f"x.amax() < {self.const()}",
            f"bool((x > 0).all())",
            f"x.mean() > {self.const()}" if True else "",
            f"k > {r.randint(0, 3)}",
            f"flag",
        ])
        if "mean" in cond:
            cond = cond.replace("x.mean()", "x.float().mean()")
        body = [f"def {f}(x, k, flag):",
                f"    y = {self.texpr(['x'], 1)}",
                f"    if {cond}:",
                f"        y = {self.texpr(['x', 'y'], 1)}",
                f"        k = k + 1"]
        if r.random() < 0.5:
            body += [f"    elif k < 0:",
                     f"        return None"]
        body += [f"    else:",
                 f"        y = y * k"]
        body.append(f"    return y, k")
        self.defs.append("\n".join(body))
        for _ in range(r.randint(2, 4)):
            self.calls.append(
                f"print({f}({self.tensor()}, {r.randint(-1, 4)}, {r.choice(['True', 'False'])}))")
        self.callables.append((f, "xkf"))

    def t_inplace_input(self):
        f = self.name("ip")
        r = self.r
        ops = []
        for _ in range(r.randint(1, 3)):
            k = r.randint(0, 6)
            if k == 0:
                ops.append(f"x.add_({self.const()})")
            elif k == 1:
                ops.append(f"x.mul_({r.choice(['2', '-1', '3'])})")
            elif k == 2:
                ops.append(f"x[0] = {self.const()}")
            elif k == 3:
                ops.append(f"x[:, 1] = x[:, 0] * 2")
            elif k == 4:
                ops.append(f"x += {self.const()}")
            elif k == 5:
                ops.append(f"x.clamp_(min={r.choice(['0', '1', '-1'])})")
            else:
                ops.append(f"x.sub_(x.sum(dim=0, keepdim=True))")
        ret = r.choice(["x", "x.sum()", "None", "(x * 2, x)", "y"])
        body = [f"def {f}(x):", f"    y = x * 1"] + [f"    {o}" for o in ops] + [f"    return {ret}"]
        self.defs.append("\n".join(body))
        v = self.name("a")
        for _ in range(r.randint(1, 3)):
            dt = r.choice(["float32", "float64"])
            self.calls.append(f"{v} = {self.tensor(None, dt)}")
            self.calls.append(f"print({f}({v}), {v})")
        self.callables.append((f, "x"))

    def t_view_inplace(self):
        f = self.name("vw")
        r = self.r
        view = r.choice(["x[0]", "x[:, 1:]", "x.t()", "x.view(-1)", "x.reshape(-1)",
                         "x.transpose(0, 1)", "x[-1]", "x[:, 0]", "x[..., 1]",
                         "x.unsqueeze(0)", "x.narrow(1, 0, 2)", "x[:, ::2]"])
        ops = []
        for _ in range(r.randint(1, 3)):
            k = r.randint(0, 4)
            if k == 0:
                ops.append(f"v.mul_({r.choice(['2', '10', '-1'])})")
            elif k == 1:
                ops.append(f"v.add_({self.const()})")
            elif k == 2:
                ops.append(f"v[0] = {self.const()}")
            elif k == 3:
                ops.append(f"v.fill_({self.const()})")
            else:
                ops.append(f"v += 1")
        pre = r.choice(["", "    x = x * 1\n", "    x = x.clone()\n", ""])
        ret = r.choice(["x.sum()", "v", "(x, v)", "x", "v.sum() + x.sum()"])
        body = f"def {f}(x):\n{pre}    v = {view}\n" + "".join(f"    {o}\n" for o in ops)
        body += f"    return {ret}"
        self.defs.append(body)
        a = self.name("a")
        for _ in range(r.randint(1, 3)):
            self.calls.append(f"{a} = {self.tensor((r.randint(2, 3), r.randint(2, 4)), 'float32')}")
            self.calls.append(f"print({f}({a}))")
            self.calls.append(f"print({a})")

    def t_list_mut(self):
        f = self.name("lm")
        r = self.r
        body = [f"def {f}(xs, x, n):"]
        k = r.randint(0, 3)
        if k == 0:
            body += ["    for i in range(n):", "        xs.append(i * 2)", "    t = x * len(xs)"]
        elif k == 1:
            body += ["    xs.append(x.sum())", "    t = x", "    for v in xs:", "        t = t + v"]
        elif k == 2:
            body += ["    xs[0] = xs[0] + n", "    t = x * xs[0]", "    xs.pop()"]
        else:
            body += ["    total = 0", "    for v in xs:", "        total += v",
                     "    xs.insert(0, total)", "    t = x + total"]
        if r.random() < 0.3:
            body.append("    xs.append(t)")
        body.append(f"    return {r.choice(['t', 'xs', '(t, len(xs))', 'None'])}")
        self.defs.append("\n".join(body))
        L = self.name("lst")
        self.calls.append(f"{L} = [{', '.join(self.pyint() for _ in range(r.randint(1, 3)))}]")
        for _ in range(r.randint(1, 3)):
            self.calls.append(f"print({f}({L}, {self.tensor()}, {r.randint(0, 3)}))")
            self.calls.append(f"print(len({L}), {L}[0])")

    def t_dict_mut(self):
        f = self.name("dm")
        r = self.r
        body = [f"def {f}(d, x):",
                "    d['calls'] = d.get('calls', 0) + 1",
                f"    d['last'] = {self.texpr(['x'], 1)}"]
        if r.random() < 0.5:
            body += ["    if 'scale' in d:", "        x = x * d['scale']"]
        if r.random() < 0.4:
            body += ["    for k, v in d.items():", "        if k == 'calls':", "            x = x + v"]
        ret = r.choice(["x", "d", "x.sum()", "(x, d['calls'])"])
        body.append(f"    return {ret}")
        self.defs.append("\n".join(body))
        D = self.name("d")
        init = r.choice(["{}", "{'scale': 2}", "{'scale': 0.5, 'calls': 3}"])
        self.calls.append(f"{D} = {init}")
        for _ in range(r.randint(1, 3)):
            self.calls.append(f"print({f}({D}, {self.tensor()}))")
            self.calls.append(f"print({D}['calls'], {D}['last'])")

    def t_closure(self):
        mk = self.name("make")
        r = self.r
        state = r.choice(["0", "1.5", "torch.zeros(1)"])
        body = [f"def {mk}(scale):",
                f"    count = {state}",
                "    def step(x):",
                "        nonlocal count",
                f"        count = count + {r.choice(['1', 'x.sum()', '2'])}",
                f"        return {r.choice(['x * scale + count', 'x - count', '(x * count, count)'])}",
                "    def get():",
                "        return count",
                "    return step, get"]
        self.defs.append("\n".join(body))
        s, g = self.name("step"), self.name("get")
        self.calls.append(f"{s}, {g} = {mk}({self.const()})")
        for _ in range(r.randint(2, 4)):
            self.calls.append(f"print({s}({self.tensor()}), {g}())")
        # a closure reading (not writing) a captured tensor and a captured list
        if r.random() < 0.5:
            f = self.name("rd")
            self.defs.append("\n".join([
                f"def {f}(base):",
                "    seen = []",
                "    def inner(x):",
                "        seen.append(x.shape[0])",
                "        return x + base",
                "    return inner, seen"]))
            i, sn = self.name("inner"), self.name("seen")
            self.calls.append(f"{i}, {sn} = {f}({self.tensor((1, 3))})")
            for _ in range(2):
                self.calls.append(f"print({i}({self.tensor((r.randint(1, 3), 3))}), {sn})")

    def t_class(self):
        r = self.r
        cls = self.name("M")
        if r.random() < 0.5:
            header = [f"class {cls}(nn.Module):",
                      "    def __init__(self, k):",
                      "        super().__init__()",
                      "        self.register_buffer('b', torch.arange(3.0))"]
        else:
            header = [f"class {cls}:",
                      "    def __init__(self, k):",
                      "        self.b = torch.arange(3.0)"]
        header += ["        self.k = k", "        self.calls = 0", "        self.hist = []"]
        m1 = ["    def scale(self, x):",
              f"        return x * self.k + {self.const()}"]
        fwd_name = "forward" if "nn.Module" in header[0] else "run"
        fwd = [f"    def {fwd_name}(self, x):",
               "        self.calls += 1",
               "        y = self.scale(x) + self.b"]
        k = r.randint(0, 4)
        if k == 0:
            fwd += ["        if self.calls > 1:", "            y = y - self.calls"]
        elif k == 1:
            fwd += ["        self.hist.append(y.sum().item())"]
        elif k == 2:
            fwd += ["        self.b.add_(1)"]
        elif k == 3:
            fwd += ["        self.k = self.k * 2"]
        else:
            fwd += ["        with torch.no_grad():", "            y = y * 2"]
        fwd += [f"        return {r.choice(['y', '(y, self.calls)', 'y.sum()'])}"]
        self.defs.append("\n".join(header + m1 + fwd))
        m = self.name("m")
        self.calls.append(f"{m} = {cls}({self.const()})")
        call = f"{m}" if fwd_name == "forward" else f"{m}.run"
        for _ in range(r.randint(2, 4)):
            self.calls.append(f"print({call}({self.tensor((r.randint(1, 3), 3))}))")
        self.calls.append(f"print({m}.calls, {m}.k, {m}.hist, {m}.b)")

    def t_loops(self):
        f = self.name("lp")
        r = self.r
        k = r.randint(0, 4)
        body = [f"def {f}(x, n):"]
        if k == 0:
            body += ["    acc = x * 0", "    for i in range(n):", f"        acc = acc + x * i"]
        elif k == 1:
            body += ["    acc = x", "    for c in [1, 2.5, -1]:", "        acc = acc * c + n"]
        elif k == 2:
            body += ["    acc = x", "    i = 0", "    while i < n:", "        acc = acc + 1", "        i += 1"]
        elif k == 3:
            body += ["    acc = x.abs() + 1", "    steps = 0",
                     f"    while acc.sum() < {r.choice(['20', '50', '5'])} and steps < 10:",
                     "        acc = acc * 2", "        steps += 1", "    acc = acc + steps"]
        else:
            body += ["    acc = x", "    for i, row in enumerate(x):", "        acc = acc + row * i",
                     "        if i >= n:", "            break"]
        body.append(f"    return {r.choice(['acc', '(acc, n)', 'acc.sum()'])}")
        self.defs.append("\n".join(body))
        for _ in range(r.randint(1, 3)):
            self.calls.append(f"print({f}({self.tensor()}, {r.randint(0, 3)}))")
        self.callables.append((f, "xn"))

    def t_graph_break(self):
        f = self.name("gb")
        r = self.r
        k = r.randint(0, 5)
        body = [f"def {f}(x):", f"    y = {self.texpr(['x'], 1)}"]
        if k == 0:
            body += ["    print('mid', y)"]
        elif k == 1:
            body += ["    s = y.sum().item()", "    y = y + s"]
        elif k == 2:
            body += ["    vals = y.tolist()", "    print(vals)", "    y = y * len(vals)"]
        elif k == 3:
            body += ["    s = float(y.amax())", "    if s > 1.0:", "        y = y / s"]
        elif k == 4:
            body += ["    n = int(x.sum())", "    y = y + n"]
        else:
            body += ["    print('shape', tuple(y.shape))"]
        body += [f"    z = {self.texpr(['x', 'y'], 1)}", f"    return {r.choice(['z', '(y, z)', 'z.sum()'])}"]
        self.defs.append("\n".join(body))
        for _ in range(r.randint(1, 3)):
            self.calls.append(f"print({f}({self.tensor()}))")
        self.callables.append((f, "x"))

    def t_no_grad(self):
        f = self.name("ng")
        r = self.r
        body = [f"def {f}(x):", "    with torch.no_grad():", f"        y = {self.texpr(['x'], 1)}"]
        if r.random() < 0.4:
            body += ["        print('in no_grad', y.sum())"]
        if r.random() < 0.5:
            body += ["        x.add_(1)"]
        body += [f"    return y, torch.is_grad_enabled()"]
        self.defs.append("\n".join(body))
        for _ in range(r.randint(1, 2)):
            self.calls.append(f"print({f}({self.tensor(None, 'float32')}))")

    def t_try(self):
        f = self.name("tr")
        r = self.r
        k = r.randint(0, 4)
        body = [f"def {f}(x, n):", "    out = x * 1", "    try:"]
        if k == 0:
            body += ["        if n > 1:", "            raise ValueError('n too big')", "        out = out + n"]
        elif k == 1:
            body += ["        out = out.view(5, 7)"]
        elif k == 2:
            body += ["        out = out + [1, 2, 3][n]"]
        elif k == 3:
            body += ["        out = out + {'a': 1}['ab'[n % 2]]"]
        else:
            body += ["        out = out / n", "        out = out + 10 // n"]
        exc = {0: "ValueError", 1: "RuntimeError", 2: "IndexError", 3: "KeyError", 4: "ZeroDivisionError"}[k]
        body += [f"    except {exc} as e:", "        print('caught', type(e).__name__)",
                 "        out = out - 1"]
        if r.random() < 0.4:
            body += ["    finally:", "        print('finally')"]
        body.append("    return out")
        self.defs.append("\n".join(body))
        for _ in range(r.randint(1, 3)):
            self.calls.append(f"print({f}({self.tensor()}, {r.randint(0, 3)}))")
        if r.random() < 0.3:
            # an uncaught error ends the script: both runs must print the same traceback
            g = self.name("boom")
            self.defs.append(f"def {g}(x):\n    y = x + 1\n    return y.view({r.choice(['7', '-1, 5'])})")
            self.calls.append(f"print({g}({self.tensor((2, 3))}))")

    def t_caller(self):
        """A function calling earlier ones (inlined when traced)."""
        if not self.callables:
            return self.t_pointwise()
        r = self.r
        f = self.name("call")
        body = [f"def {f}(x, n):", "    out = []"]
        for _ in range(r.randint(1, 3)):
            g, kind = r.choice(self.callables)
            args = {"xy": "x, x * 2", "xkf": "x, n, n > 1", "x": "x * 1", "xn": "x, n"}[kind]
            body.append(f"    out.append({g}({args}))")
        if r.random() < 0.5:
            body += ["    if n > 1:", "        out.append(n)"]
        body.append(f"    return {r.choice(['out', 'tuple(out)', 'len(out)'])}")
        self.defs.append("\n".join(body))
        for _ in range(r.randint(1, 3)):
            self.calls.append(f"print({f}({self.tensor()}, {r.randint(0, 3)}))")

    def t_recompile(self):
        """One function called with changing shapes, dtypes and constants."""
        f = self.name("rc")
        r = self.r
        body = [f"def {f}(x, c, scale=1.0):",
                f"    y = {self.texpr(['x'], 2)}",
                "    if c > 2:",
                "        y = y + c",
                "    return y * scale + x.shape[0]"]
        self.defs.append("\n".join(body))
        for _ in range(r.randint(3, 6)):
            extra = r.choice(["", f", scale={self.const()}", ", 2"])
            self.calls.append(f"print({f}({self.tensor()}, {r.randint(0, 4)}{extra}))")

    def t_global(self):
        f = self.name("gl")
        G = self.name("G")
        r = self.r
        self.defs.append(f"{G} = {r.choice(['0', '1.5', '[]'])}")
        if "[]" in self.defs[-1]:
            body = [f"def {f}(x):", f"    {G}.append(x.shape[1])", f"    return x * len({G})"]
        else:
            body = [f"def {f}(x):", f"    global {G}", f"    {G} = {G} + 1", f"    return x + {G}"]
        self.defs.append("\n".join(body))
        for _ in range(r.randint(2, 3)):
            self.calls.append(f"print({f}({self.tensor()}), {G})")

    def t_identity(self):
        """Returned inputs, views of inputs and in-place results: identity and
        aliasing with the caller's tensors must survive compiling."""
        f = self.name("id")
        r = self.r
        ret = r.choice(["x", "x[0]", "x.t()", "x.view(-1)", "x.add_(1)", "x.mul_(2)[0]",
                        "(x, x[1:])", "x.reshape(-1)", "x.unsqueeze(0)", "x[:, 1]"])
        pre = r.choice(["", "    x.add_(1)\n", "    y = x * 2\n", "    x[0, 0] = -5\n"])
        self.defs.append(f"def {f}(x):\n{pre}    return {ret}")
        a = self.name("a")
        self.calls.append(f"{a} = {self.tensor((2, 3), 'float32')}")
        self.calls.append(f"r_{a} = {f}({a})")
        self.calls.append(f"print(r_{a} is {a}, r_{a})")
        tgt = f"r_{a}[0]" if ret.startswith("(") else f"r_{a}"
        self.calls.append(f"{tgt}.add_(100)")
        self.calls.append(f"print({a})")
        if r.random() < 0.5:
            self.calls.append(f"print({f}({a}) is {a}, {a})")

    def t_alias_args(self):
        """The same tensor (or a view of it) passed twice."""
        f = self.name("al")
        r = self.r
        ops = r.sample(["x.add_(1)", "y.mul_(2)", "x[0] = y[0] * 3", "y += x", "x.copy_(y + 1)",
                        "y.zero_()"], r.randint(1, 3))
        body = f"def {f}(x, y):\n" + "".join(f"    {o}\n" for o in ops)
        body += f"    return {r.choice(['x + y', '(x, y)', 'x.sum() - y.sum()'])}"
        self.defs.append(body)
        a = self.name("a")
        self.calls.append(f"{a} = {self.tensor((2, 3), 'float32')}")
        arg2 = r.choice([a, a, f"{a}[1]", f"{a}.view(2, 3)", f"{a} * 1"])
        self.calls.append(f"print({f}({a}, {arg2}), {a})")
        b = self.name("b")
        self.calls.append(f"{b} = {self.tensor((2, 3), 'float32')}")
        self.calls.append(f"print({f}({b}, {b} + 1), {b})")
        self.calls.append(f"print({f}({b}, {b}), {b})")

    def t_raise_after_mutation(self):
        """Side effects made before an exception leaves the function."""
        f = self.name("rm")
        r = self.r
        muts = r.sample(["xs.append(n)", "x.add_(1)", "d['k'] = d.get('k', 0) + 1", "xs[0] = x.sum()",
                         "x[0] = 7"], r.randint(1, 3))
        raiser = r.choice(["raise ValueError('bad n')", "y = x.view(7)", "y = xs[10]",
                           "y = d['missing']", "assert n < 0, 'n not negative'"])
        body = (f"def {f}(x, xs, d, n):\n" + "".join(f"    {m}\n" for m in muts) +
                f"    if n > 1:\n        {raiser}\n    return x * n")
        self.defs.append(body)
        a, L, D = self.name("a"), self.name("lst"), self.name("d")
        self.calls.append(f"{a} = {self.tensor((2, 3), 'float32')}")
        self.calls.append(f"{L} = [0]")
        self.calls.append(f"{D} = {{}}")
        for n in r.sample([0, 1, 2, 3], 3):
            self.calls += ["try:", f"    print({f}({a}, {L}, {D}, {n}))",
                           "except Exception as e:", "    print('error', type(e).__name__, e)",
                           f"print({a}, {L}, {D})"]

    def t_shape_dep(self):
        """Python code on sizes, called with changing sizes (recompiles and,
        in torch.compile, automatic dynamic shapes)."""
        f = self.name("sd")
        r = self.r
        k = r.randint(0, 4)
        body = [f"def {f}(x):"]
        if k == 0:
            body += ["    n = x.shape[0]", "    if n > 2:", "        return x * n", "    return x - n"]
        elif k == 1:
            body += ["    acc = x[0] * 0", "    for i in range(x.shape[0]):", "        acc = acc + x[i] * i",
                     "    return acc"]
        elif k == 2:
            body += ["    a, b = x.shape", "    return x.reshape(b, a) + a * b, [a, b]"]
        elif k == 3:
            body += ["    return x.sum() / x.numel() + len(x), x.size(1), x.dim()"]
        else:
            body += ["    if x.dtype == torch.float64:", "        return x * 2",
                     "    if x.dtype == torch.int64:", "        return x // 2", "    return x + 0.5"]
        self.defs.append("\n".join(body))
        for _ in range(r.randint(3, 6)):
            self.calls.append(f"print({f}({self.tensor((r.randint(1, 4), r.randint(1, 4)))}))")

    def t_global_read(self):
        """Globals, global dicts and object attributes read by a function and
        changed at module level between calls (guards)."""
        f = self.name("gr")
        r = self.r
        G, C, o = self.name("SCALE"), self.name("CFG"), self.name("obj")
        self.defs.append(f"{G} = {self.const()}\n{C} = {{'bias': 1, 'on': True}}\n"
                         f"class {o.capitalize()}:\n    pass\n{o} = {o.capitalize()}()\n{o}.k = 2\n"
                         f"{o}.t = torch.ones(3)")
        body = [f"def {f}(x):", f"    y = x * {G}"]
        if r.random() < 0.6:
            body += [f"    if {C}['on']:", f"        y = y + {C}['bias']"]
        body += [f"    return y * {o}.k + {o}.t"]
        self.defs.append("\n".join(body))
        changes = [f"{G} = {self.const()}", f"{C}['bias'] = {self.const()}", f"{C}['on'] = False",
                   f"{o}.k = {self.const()}", f"{o}.t = torch.full((3,), 2.0)", f"{o}.t.add_(1)",
                   f"{C}['on'] = True", f"{o}.t = torch.arange(3)"]
        self.calls.append(f"print({f}({self.tensor((2, 3))}))")
        for c in r.sample(changes, r.randint(1, 4)):
            self.calls.append(c)
            self.calls.append(f"print({f}({self.tensor((2, 3))}))")

    def t_tensor_lists(self):
        """Lists and dicts holding tensors, mutated in place and rebound."""
        f = self.name("tl")
        r = self.r
        ops = r.sample(["xs[0].add_(1)", "xs[0] += 1", "xs[-1] = xs[-1] * 2", "xs.append(xs[0] + xs[1])",
                        "d['t'].mul_(3)", "d['t'] = d['t'] - 1", "xs.reverse()", "del xs[0]",
                        "xs[1][0] = 9"], r.randint(1, 4))
        body = f"def {f}(xs, d):\n" + "".join(f"    {o}\n" for o in ops)
        ret = r.choice(["torch.stack(xs[:2])", "torch.cat(xs)", "len(xs)", "d", "xs[0] + d['t']"])
        body += f"    return {ret}"
        self.defs.append(body)
        a, b = self.name("a"), self.name("b")
        self.calls.append(f"{a} = {self.tensor((1, 3), 'float32')}")
        self.calls.append(f"{b} = {self.tensor((1, 3), 'float32')}")
        for _ in range(r.randint(1, 3)):
            share = r.choice([a, b, f"{a}.clone()"])
            self.calls.append(f"L = [{a}, {b}, {a}[0:1]]")
            self.calls.append(f"D = {{'t': {share}}}")
            self.calls.append(f"print({f}(L, D), L, D, {a}, {b})")

    def t_mask_index(self):
        f = self.name("mi")
        r = self.r
        op = r.choice(["y = x[x > 0]", "x[x > 1] = 0", "y = x[[0, 1]]", "y = x[:, [2, 0]]",
                       "x.masked_fill_(x < 0, -1)", "y = torch.nonzero(x > 0)",
                       "y = x[torch.tensor([1, 0])]", "x[[0, 1], [1, 2]] = 5"])
        ret = "y" if op.startswith("y") else "x"
        self.defs.append(f"def {f}(x):\n    x = x + 0\n    {op}\n    return {ret}, {ret}.shape")
        for _ in range(r.randint(1, 3)):
            self.calls.append(f"print({f}({self.tensor((r.randint(2, 3), 3))}))")

    def t_mutable_default(self):
        f = self.name("md")
        r = self.r
        body = [f"def {f}(x, acc=[], opts={{'n': 0}}):", "    acc.append(x.sum())", "    opts['n'] += 1",
                f"    return x * len(acc) + opts['n']"]
        if r.random() < 0.5:
            body.insert(1, "    print('acc', len(acc))")
        self.defs.append("\n".join(body))
        for _ in range(r.randint(2, 4)):
            self.calls.append(f"print({f}({self.tensor()}))")
        self.calls.append(f"print({f}({self.tensor()}, []))")

    def t_mutate_then_break(self):
        """In-place writes and container writes on both sides of a graph break."""
        f = self.name("mb")
        r = self.r
        brk = r.choice(["print('brk', x)", "s = x.sum().item()", "if x.sum() > 3:\n        x.mul_(2)",
                        "v = x.tolist()", "print('xs', xs)"])
        body = [f"def {f}(x, xs):", "    xs.append(1)", f"    x.add_({self.const()})",
                f"    y = x[0]", f"    {brk}", "    xs.append(2)", "    y.mul_(-1)",
                f"    return x.sum(), len(xs)"]
        self.defs.append("\n".join(body))
        a = self.name("a")
        self.calls.append(f"{a} = {self.tensor((2, 3), 'float32')}")
        self.calls.append(f"{a}l = []")
        for _ in range(r.randint(1, 3)):
            self.calls.append(f"print({f}({a}, {a}l), {a}, {a}l)")

    def t_comprehension(self):
        f = self.name("cp")
        r = self.r
        e = r.choice(["[v * 2 for v in xs]", "sum(v.sum() for v in xs)", "{i: v for i, v in enumerate(xs)}",
                      "[row.sum() for row in x]", "list(map(lambda t: t + 1, xs))",
                      "[v for v in xs if v.sum() > 0]", "max(v.sum().item() for v in xs)",
                      "sorted([3, 1, n])", "tuple(x.shape) + (n,)"])
        self.defs.append(f"def {f}(x, xs, n):\n    r = {e}\n    return r")
        for _ in range(r.randint(1, 2)):
            self.calls.append(f"print({f}({self.tensor((2, 3))}, [{self.tensor((2, 3))}, {self.tensor((2, 3))}], {r.randint(0, 4)}))")

    def t_recursion(self):
        f = self.name("rec")
        self.defs.append(f"def {f}(x, n):\n    if n <= 0:\n        return x\n    return {f}(x * 2 - n, n - 1) + 1")
        for _ in range(self.r.randint(1, 3)):
            self.calls.append(f"print({f}({self.tensor()}, {self.r.randint(0, 4)}))")

    def script(self):
        r = self.r
        templates = [self.t_pointwise, self.t_branch, self.t_inplace_input, self.t_view_inplace,
                     self.t_list_mut, self.t_dict_mut, self.t_closure, self.t_class, self.t_loops,
                     self.t_graph_break, self.t_no_grad, self.t_try, self.t_recompile,
                     self.t_global, self.t_identity, self.t_alias_args,
                     self.t_raise_after_mutation, self.t_shape_dep, self.t_global_read,
                     self.t_tensor_lists, self.t_mask_index, self.t_mutable_default,
                     self.t_mutate_then_break, self.t_comprehension, self.t_recursion]
        for _ in range(r.randint(2, 5)):
            if self.callables and r.random() < 0.25:
                self.t_caller()
            else:
                r.choice(templates)()
        # Move an uncaught error (if any) to the end so the rest still runs.
        calls = [c for c in self.calls if "boom" not in c] + [c for c in self.calls if "boom" in c]
        return ("import torch\nimport torch.nn as nn\n\n\n" + "\n\n\n".join(self.defs) +
                "\n\n\n" + "\n".join(calls) + "\n")


def make_script(seed, index, options):
    rng = random.Random(seed * 1000003 + index)
    if options.get("templates") == "backward":
        return BackwardGen(Gen(rng, options)).script()
    return Gen(rng, options).script()


# ---------------------------------------------------------------------------
# Runner.


GRAPHS_RE = re.compile(r"^tc: (\d+) graphs?$")


def take_graph_report(stderr):
    """(stderr without tc-run's last-line graph report, graph count or None)."""
    lines = stderr.split("\n")
    end = len(lines) - 1 if lines and lines[-1] == "" else len(lines)
    if end > 0:
        m = GRAPHS_RE.match(lines[end - 1])
        if m:
            return "\n".join(lines[:end - 1] + lines[end:]), int(m.group(1))
    return stderr, None


def error_line(result):
    """The exception line an error outcome ends with ('' when it exited 0)."""
    stdout, stderr, rc = result
    if rc == 0:
        return ""
    lines = [l for l in stderr.split("\n") if l.strip()]
    return lines[-1] if lines else f"exit status {rc}, no message"


def run_all(tc_run, path, backends):
    """[(stdout, stderr, rc), ...] eager then compiled with each backend, and
    the graph counts (None: no graph report)."""
    out, graphs = [], []
    runs = [["--report-graphs"]] + [
        ["--compile-functions"] + ([] if b == "eager" else ["--backend", b]) + ["--report-graphs"]
        for b in backends]
    for flags in runs:
        try:
            p = subprocess.run([tc_run] + flags + [path], capture_output=True, timeout=60)
            err, n = take_graph_report(p.stderr.decode(errors="replace"))
            out.append((p.stdout.decode(errors="replace"), err, p.returncode))
            graphs.append(n)
        except subprocess.TimeoutExpired:
            out.append(("", "TIMEOUT\n", -1))
            graphs.append(None)
    return out, graphs


def render(result):
    stdout, stderr, rc = result
    return (stdout.splitlines(keepends=True) + ["--- stderr ---\n"] +
            stderr.splitlines(keepends=True) + [f"--- exit status {rc} ---\n"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tc-run", required=True, help="path to tc-run (or a build dir holding it)")
    ap.add_argument("--templates", choices=["forward", "backward"], default="forward",
                    help="forward: the general templates; backward: autograd through "
                         "compiled functions (backward_gen.py)")
    ap.add_argument("--backends", default="eager",
                    help="comma-separated --backend values to compare with the eager run "
                         "(output_match.py says what must match for each)")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--keep", help="directory for mismatching scripts (default: a temp dir)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", type=int, help="run just script number I")
    ap.add_argument("--print", type=int, dest="print_index", help="print script number I and exit")
    ap.add_argument("--max-diffs", type=int, default=5, help="diffs printed in full")
    ap.add_argument("--min-compiled", type=float, default=0.90,
                    help="share of scripts that must compile at least one graph (per backend)")
    ap.add_argument("--max-errors", type=float, default=0.20,
                    help="share of scripts that may end in an error")
    ap.add_argument("--min-aot", type=float, default=0.0,
                    help="share of scripts whose aot_eager/inductor run must print a "
                         "CompiledFunctionBackward node (the AOT path ran)")
    args = ap.parse_args()

    tc_run = args.tc_run
    if os.path.isdir(tc_run):
        tc_run = os.path.join(tc_run, "bins", "tc-run", "tc-run")
    backends = [b for b in args.backends.split(",") if b]
    options = {"templates": args.templates}
    if args.print_index is not None:
        sys.stdout.write(make_script(args.seed, args.print_index, options))
        return 0

    keep = args.keep or tempfile.mkdtemp(prefix="compile_diff_fuzz_")
    os.makedirs(keep, exist_ok=True)
    indices = [args.only] if args.only is not None else list(range(args.count))
    work = tempfile.mkdtemp(prefix="compile_diff_fuzz_work_")

    def one(i):
        src = make_script(args.seed, i, options)
        path = os.path.join(work, f"fuzz_{i:04d}.py")
        with open(path, "w") as f:
            f.write(src)
        results, graphs = run_all(tc_run, path, backends)
        return i, src, results, graphs

    failures = []
    errors = collections.Counter()  # eager error outcomes by exception type
    compiled_some = collections.Counter()  # backend -> scripts with >= 1 graph
    aot_seen = collections.Counter()  # backend -> scripts showing CompiledFunctionBackward
    no_report = []
    n_diffs = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, src, results, graphs in pool.map(one, indices):
            eager = results[0]
            if None in graphs:
                no_report.append(i)
            if eager[2] != 0:
                errors[error_line(eager).split(":")[0]] += 1
            bad = []
            for backend, compiled, n in zip(backends, results[1:], graphs[1:]):
                if n:
                    compiled_some[backend] += 1
                if "CompiledFunctionBackward" in compiled[0]:
                    aot_seen[backend] += 1
                why = first_difference(eager, compiled, backend,
                                       names_may_differ=args.templates == "backward")
                if why is None and error_line(eager) != error_line(compiled) and \
                        backend == "eager":
                    why = "error lines differ"
                if why is not None:
                    bad.append((backend, compiled, why))
            if not bad:
                continue
            failures.append(i)
            kept = os.path.join(keep, f"fuzz_{i:04d}.py")
            with open(kept, "w") as f:
                f.write(src)
            for backend, compiled, why in bad:
                n_diffs += 1
                if n_diffs <= args.max_diffs:
                    flag = "--compile-functions" + ("" if backend == "eager" else f" --backend {backend}")
                    print(f"mismatch ({why}): {kept} under {flag}")
                    diff = difflib.unified_diff(render(eager), render(compiled),
                                                f"{kept} (eager)", f"{kept} ({flag})")
                    sys.stdout.write("".join(diff) + "\n")
                else:
                    print(f"mismatch ({why}): {kept} under --backend {backend}")
    for i in indices:
        try:
            os.remove(os.path.join(work, f"fuzz_{i:04d}.py"))
        except OSError:
            pass
    try:
        os.rmdir(work)
    except OSError:
        pass
    n = len(indices)
    n_errors = sum(errors.values())
    kinds = ", ".join(f"{k} {v}" for k, v in errors.most_common())
    per = ", ".join(f"{compiled_some[b]} under {b}" for b in backends)
    aot = [b for b in backends if b != "eager"] if args.templates == "backward" else []
    print(f"compile_diff_fuzz ({args.templates}): {n} scripts, {len(failures)} mismatches, "
          f"compiled at least one graph: {per}"
          + "".join(f", {aot_seen[b]} ran CompiledFunctionBackward under {b}" for b in aot)
          + f", {n_errors} ended in an error"
          + (f" ({kinds})" if kinds else "")
          + (f"; kept in {keep}: {' '.join(str(i) for i in failures)}" if failures else ""))
    problems = []
    if no_report:
        problems.append(f"{len(no_report)} runs without a graph report (`tc: N graphs` on "
                        f"stderr; is this tc-run --report-graphs?), e.g. script {no_report[0]}")
    for b in backends:
        if compiled_some[b] < args.min_compiled * n:
            problems.append(f"only {compiled_some[b]} of {n} scripts compiled a graph under {b} "
                            f"(at least {args.min_compiled:.0%} required)")
    for b in aot:
        if aot_seen[b] < args.min_aot * n:
            problems.append(f"only {aot_seen[b]} of {n} scripts ran a CompiledFunctionBackward "
                            f"under {b} (at least {args.min_aot:.0%} required)")
    if n_errors > args.max_errors * n:
        problems.append(f"{n_errors} of {n} scripts ended in an error "
                        f"(at most {args.max_errors:.0%} allowed)")
    for p in problems:
        print("compile_diff_fuzz: FAIL: " + p)
    return 1 if failures or problems else 0


if __name__ == "__main__":
    sys.exit(main())
