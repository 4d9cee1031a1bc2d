"""Backward templates of the differential fuzz (compile_diff_fuzz.py
--templates backward): random scripts that train through compiled functions.

Each template defines a function of leaf tensors made with
requires_grad=True (float32 or float64), inputs that do not require grad,
integer tensors and Python ints; its body is a random chain of
differentiable ops (the forward fuzz's texpr vocabulary, matmul/mm/bmm,
reductions with dim/keepdim, softmax/log_softmax, layer_norm, views,
cat/stack, where/clamp/maximum/pow/exp/log, in-place ops on fresh
non-leaf intermediates, no_grad/detach, graph breaks). Module-level code
calls it, prints the outputs and their grad_fn names, runs backward()
(with a gradient argument, retain_graph and a second backward,
torch.autograd.grad with allow_unused or create_graph and a second-order
grad) and prints .grad of every leaf, None included.

In-place ops are only generated where PyTorch's eager autograd accepts them
(on a fresh clone before anything saves it, a saving op like relu_ last), so
an error outcome is a bug, not a difference PyTorch itself has between eager
and functionalized (AOT) graphs.
"""


def is_tuple(expr):
    """Whether a return expression is a tuple display (a top-level comma)."""
    depth = 0
    for ch in expr:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 1 and expr.startswith("(") and expr.endswith(")"):
            return True
    return False


class BackwardGen:
    def __init__(self, gen):
        self.g = gen         # the forward generator: names, texpr, defs, calls
        self.r = gen.r

    # -- values ------------------------------------------------------------
    def number(self):
        """A two-decimal float in [-2, 2] that is not zero."""
        v = 0.0
        while v == 0.0:
            v = round(self.r.uniform(-2.0, 2.0), 2)
        return repr(v)

    def leaf(self, shape, dtype, requires_grad=True):
        """A module-level expression making a fresh float tensor."""
        r = self.r
        dt = "" if dtype == "float32" else f", dtype=torch.{dtype}"
        rg = ", requires_grad=True" if requires_grad else ""
        k = r.randint(0, 5)
        if k == 0 and len(shape) == 2:
            a, b = shape
            lo = r.choice(["-2.0", "-1.0", "0.5"])
            t = f"torch.linspace({lo}, 1.5, {a * b}{dt}).reshape({a}, {b})"
            return t + (".requires_grad_()" if requires_grad else "")
        if k == 1:
            dims = ", ".join(str(d) for d in shape)
            return f"torch.full(({dims},), {self.number()}{dt}{rg})"
        def nested(sh):
            if len(sh) == 1:
                return "[" + ", ".join(self.number() for _ in range(sh[0])) + "]"
            return "[" + ", ".join(nested(sh[1:]) for _ in range(sh[0])) + "]"
        return f"torch.tensor({nested(shape)}{dt}{rg})"

    def intleaf(self, shape):
        a, b = shape
        if self.r.random() < 0.5:
            return f"torch.arange({a * b}).reshape({a}, {b}) - {self.r.randint(0, a * b)}"
        return f"torch.full(({a}, {b}), {self.r.randint(-2, 3)})"

    # -- the random op chain -------------------------------------------------
    def start(self, names, shape, dtype):
        """z = a texpr over the inputs, brought to `shape` and the float dtype."""
        e = self.g.texpr(names, 2)
        if "x" not in e:
            e = f"({e} + x)"
        e = f"({e}).expand({shape[0]}, {shape[1]})"
        if dtype == "float64":
            e += ".to(x.dtype)"  # texpr's mean() goes through .float()
        return e

    def stage(self, h, shp, ctx):
        """One statement (list of lines) transforming local h of 2-D shape
        shp; returns (lines, new shape)."""
        r = self.r
        p, q = shp
        k = r.randint(0, 16)
        if k == 0:  # unary pointwise, including exp/log of positive values
            e = r.choice([f"torch.tanh({h})", f"{h}.sigmoid()", f"torch.relu({h})",
                          f"torch.exp({h}.tanh())", f"({h}.abs() + 0.5).log()",
                          f"torch.log(torch.exp({h}) + 1)", f"{h}.pow(2)", f"{h} ** 3",
                          f"torch.pow({h}.abs() + 1, 0.5)", f"{h}.clamp({r.choice(['-1', '-0.5'])}, 1)",
                          f"torch.clamp({h}, min={r.choice(['0.25', '-1'])})", f"{h}.abs()",
                          f"torch.sin({h}) * {h}", f"{h}.sigmoid().log()", f"torch.sqrt({h} * {h} + 1)"])
            return [f"{h} = {e}"], shp
        if k == 1:  # texpr over h (and the input, when the shapes match)
            names = [h, "x"] if shp == ctx["xshape"] and h != "x" else [h]
            return [f"{h} = ({self.g.texpr(names, 2)}).expand({p}, {q})"], shp
        if k == 2 and ctx["w"] and q == ctx["xshape"][1]:  # matmul with the weight
            c = ctx["wshape"][1]
            e = r.choice([f"{h} @ w", f"torch.mm({h}, w)", f"torch.matmul({h}, w)",
                          f"torch.bmm({h}.unsqueeze(0), w.unsqueeze(0)).squeeze(0)",
                          f"torch.bmm(torch.stack([{h}, {h} * 2]), w.expand(2, {q}, {c})).sum(0)"])
            return [f"{h} = {e}"], (p, c)
        if k == 3:  # matmul with itself
            if r.random() < 0.5:
                return [f"{h} = {h} @ {h}.t()"], (p, p)
            return [f"{h} = torch.matmul({h}.transpose(0, 1), {h}) / {q}"], (q, q)
        if k == 4:
            d = r.choice(["0", "1", "-1"])
            e = r.choice([f"torch.softmax({h}, dim={d})", f"{h}.log_softmax({d})",
                          f"F.softmax({h}, dim={d})", f"F.log_softmax({h}, dim={d})"])
            return [f"{h} = {e}"], shp
        if k == 5:
            if ctx["ln"] and r.random() < 0.5 and q == ctx["ln"]:
                return [f"{h} = F.layer_norm({h}, ({q},), lw, lb)"], shp
            return [f"{h} = F.layer_norm({h}, ({q},))"], shp
        if k == 6:  # reductions kept 2-D or broadcast back
            red = r.choice(["sum", "mean", "amax"])
            d = r.choice(["0", "1", "-1"])
            if r.random() < 0.5:
                return [f"{h} = {h} - {h}.{red}(dim={d}, keepdim=True)"], shp
            if d == "0":
                return [f"{h} = {h}.{red}(dim=0).unsqueeze(0)"], (1, q)
            if r.random() < 0.5:
                return [f"{h} = {h}.{red}(dim={d}, keepdim=True)"], (p, 1)
            return [f"{h} = {h}.sum(dim=(0, 1), keepdim=True) + {h}"], shp
        if k == 7:  # views
            v = r.choice(["t", "tr", "perm", "reshape", "expand", "slice", "row", "index", "flat"])
            if v == "t":
                return [f"{h} = {h}.t()"], (q, p)
            if v == "tr":
                return [f"{h} = {h}.transpose(0, 1) * 1"], (q, p)
            if v == "perm":
                return [f"{h} = {h}.permute(1, 0)"], (q, p)
            if v == "reshape":
                return [f"{h} = {h}.reshape({q}, {p})"], (q, p)
            if v == "expand":
                return [f"{h} = {h}.unsqueeze(0).expand(3, {p}, {q}).sum(0)"], shp
            if v == "slice" and q >= 2:
                return [f"{h} = {h}[:, 1:]"], (p, q - 1)
            if v == "row" and p >= 2:
                return [f"{h} = {h}[1:]"], (p - 1, q)
            if v == "index":
                idx = [r.randint(0, p - 1) for _ in range(r.randint(1, 3))]
                return [f"{h} = {h}[{idx}]"], (len(idx), q)
            return [f"{h} = {h}.reshape(-1).view(1, {p * q})"], (1, p * q)
        if k == 8:  # cat / stack
            e = r.choice([(f"torch.cat([{h}, {h} * 2], dim=0)", (2 * p, q)),
                          (f"torch.cat([{h}, {h}[:, :1]], dim=1)", (p, q + 1)),
                          (f"torch.stack([{h}, {h}.sin()], dim=0).sum(0)", shp),
                          (f"torch.stack([{h}, {h}.cos()], dim=2).mean(2)", shp)])
            return [f"{h} = {e[0]}"], e[1]
        if k == 9 and shp == ctx["xshape"]:  # where / maximum against the other input
            o = r.choice(["y", "x"])
            e = r.choice([f"torch.where({h} > {self.g.const()}, {h}, {o} * 2)",
                          f"torch.maximum({h}, {o})", f"torch.minimum({o}, {h} * 2)",
                          f"torch.where({o} > 0, {h}, -{h})"])
            return [f"{h} = {e}"], shp
        if k == 10:  # in-place on a fresh non-leaf
            fresh = r.choice([f"{h}.clone()", f"{h} + {self.g.const()}", f"{h} * 2"])
            lines = [f"{h} = {fresh}"]
            for _ in range(r.randint(1, 3)):
                lines.append(r.choice([f"{h}.mul_({r.choice(['2', '-1', '0.5'])})",
                                       f"{h}.add_({self.g.const()})", f"{h} += 1",
                                       f"{h}.sub_({h}.detach())" if r.random() < 0.2 else f"{h}.div_(2)",
                                       f"{h}[0] = {self.g.const()}", f"{h}[:, 0].mul_(3)",
                                       f"{h}[{p - 1}:] = {h}[{p - 1}:] * 0.5",
                                       f"{h}.masked_fill_({h} > 1, 0.5)"]))
            if r.random() < 0.3:
                lines.append(f"{h}.{r.choice(['relu_', 'sigmoid_', 'tanh_', 'exp_'])}()")
            return lines, shp
        if k == 11:  # no_grad / detach
            e = r.choice([
                [f"with torch.no_grad():", f"    s = {h}.abs().amax() + 1", f"{h} = {h} / s"],
                [f"{h} = {h} * {h}.detach()"],
                [f"{h} = {h} + {h}.detach().sum()"],
                [f"with torch.no_grad():", f"    m = ({h} > 0).to({h}.dtype)", f"{h} = {h} * m"]])
            return e, shp
        if k == 12 and ctx["breaks"]:  # graph breaks with grads across them
            e = r.choice([
                [f"print('mid', {h})"],
                [f"print('mid shape', tuple({h}.shape))"],
                [f"if {h}.sum() > 0:", f"    {h} = {h} * 2", "else:", f"    {h} = {h} - 1"],
                [f"s = {h}.sum().item()", f"{h} = {h} * (1 if s > 0 else -1)"]])
            return e, shp
        if k == 13:  # the Python int argument
            e = r.choice([f"{h} * k", f"{h} + k", f"{h}.pow(k)" if ctx["kpos"] else f"{h} - k",
                          f"{h}.sum(dim=k % 2, keepdim=True) + {h}"])
            return [f"{h} = {e}"], shp
        if k == 14 and ctx["yint"] and shp == ctx["xshape"]:
            return [f"{h} = {h} * yi + yi.sum()"], shp
        return [f"{h} = {self.g.texpr([h], 1)} + {h}"], shp

    def chain(self, ctx, n):
        """Body lines computing h from the inputs, and h's shape."""
        lines = [f"h = {self.start(['x', 'y'], ctx['xshape'], ctx['dtype'])}"]
        shp = ctx["xshape"]
        for _ in range(n):
            more, new = self.stage("h", shp, ctx)
            if new is None:
                continue
            lines += more
            shp = new
        return lines, shp

    # -- templates -----------------------------------------------------------
    def t_chain(self):
        """A compiled function of leaves and non-leaves, then backward."""
        g, r = self.g, self.r
        f = g.name("bf")
        a, b, c = r.randint(1, 3), r.randint(2, 4), r.randint(1, 3)
        dtype = r.choice(["float32", "float32", "float64"])
        ctx = {"xshape": (a, b), "wshape": (b, c), "w": True, "dtype": dtype,
               "ln": r.choice([0, 0, b, c]), "breaks": r.random() < 0.35,
               "kpos": True, "yint": r.random() < 0.3}
        lines, shp = self.chain(ctx, r.randint(2, 6))
        params = ["x", "w", "y", "k"] + (["yi"] if ctx["yint"] else []) + \
            (["lw", "lb"] if ctx["ln"] else [])
        outs = r.choice(["h.sum()", "h.mean()", "h", "(h.sum(), h)", "(x, h.mean())",
                         "(h, x.t())", "h[0]", "(h.pow(2).sum(), h.detach())", "h.sum(dim=0)"])
        body = [f"def {f}({', '.join(params)}):"] + [f"    {l}" for l in lines] + [f"    return {outs}"]
        g.defs.append("\n".join(body))
        X, W, Y = g.name("x"), g.name("w"), g.name("y")
        leaves = [X]  # tensors that require grad
        shown = [X, W, Y]  # tensors whose .grad is printed
        g.calls.append(f"{X} = {self.leaf((a, b), dtype)}")
        w_grad = r.random() < 0.7
        g.calls.append(f"{W} = {self.leaf((b, c), dtype, w_grad)}")
        if w_grad:
            leaves.append(W)
        g.calls.append(f"{Y} = {self.leaf((a, b), dtype, False)}")
        args = [X, W, Y, str(r.randint(1, 3))]
        if ctx["yint"]:
            args.append(self.intleaf((a, b)))
        if ctx["ln"]:
            LW, LB = g.name("lw"), g.name("lb")
            lb_grad = r.random() < 0.5
            g.calls.append(f"{LW} = {self.leaf((ctx['ln'],), dtype)}")
            g.calls.append(f"{LB} = {self.leaf((ctx['ln'],), dtype, lb_grad)}")
            args += [LW, LB]
            leaves += [LW] + ([LB] if lb_grad else [])
            shown += [LW, LB]
        unused = g.name("u")
        g.calls.append(f"{unused} = {self.leaf((2,), dtype)}")
        call = f"{f}({', '.join(args)})"
        self.drive(call, leaves, shown, unused, is_tuple(outs))

    def show_outputs(self, o, tup):
        g, r = self.g, self.r
        items = [f"{o}[0]", f"{o}[1]"] if tup else [o]
        g.calls.append(f"print({o})")
        for it in items:
            if r.random() < 0.5:
                g.calls.append(f"print('grad_fn', type({it}.grad_fn).__name__, {it}.requires_grad, "
                               f"{it}.is_leaf)")
            else:
                g.calls.append(f"print('grad_fn', {it}.grad_fn.name() if {it}.grad_fn is not None "
                               f"else None)")

    def loss_of(self, o, tup):
        if tup:
            return f"({o}[0].sum() + {o}[1].sum())"
        return f"{o}.sum()"

    def show_grads(self, shown, unused=None):
        for v in shown + ([unused] if unused else []):
            self.g.calls.append(f"print('grad {v}', {v}.grad)")

    def drive(self, call, leaves, shown, unused, tup):
        """Module-level code: call, print, backward one of several ways."""
        g, r = self.g, self.r
        o = g.name("o")
        g.calls.append(f"{o} = {call}")
        self.show_outputs(o, tup)
        loss = self.loss_of(o, tup)
        k = r.randint(0, 6)
        if k == 0:
            g.calls.append(f"{loss}.backward()")
        elif k == 1 and not tup:  # a gradient argument on the (maybe non-scalar) output
            g.calls.append(f"{o}.backward(torch.ones_like({o}) * {self.number()})")
        elif k == 2:  # retain_graph, then a second backward: .grad accumulates
            L = g.name("loss")
            g.calls += [f"{L} = {loss}", f"{L}.backward(retain_graph=True)"]
            self.show_grads(shown, unused)
            g.calls.append(f"{L}.backward()")
        elif k == 3:  # torch.autograd.grad, with an unused leaf
            G = g.name("gs")
            g.calls += [f"{G} = torch.autograd.grad({loss}, [{', '.join(leaves)}, {unused}], "
                        f"allow_unused=True)", f"print({G})"]
        elif k == 4:  # create_graph, then a second-order grad where there is one
            G, GG = g.name("g"), g.name("gg")
            L = leaves[0]
            g.calls += [f"{G} = torch.autograd.grad({loss}, {L}, create_graph=True)[0]",
                        f"print({G})",
                        f"if {G}.requires_grad:",
                        f"    {GG} = torch.autograd.grad(({G} * {G}).sum(), [{', '.join(leaves)}], "
                        f"allow_unused=True)",
                        f"    print({GG})"]
        elif k == 5:  # the compiled function called again (a cache hit): grads add up
            g.calls.append(f"{loss}.backward()")
            self.show_grads(shown, unused)
            o2 = g.name("o")
            g.calls += [f"{o2} = {call}", f"{self.loss_of(o2, tup)}.backward()"]
            self.show_outputs(o2, tup)
        else:  # grad_outputs through torch.autograd.grad
            G = g.name("gs")
            first = f"{o}[0]" if tup else o
            g.calls += [f"{G} = torch.autograd.grad([{first}], [{leaves[0]}], "
                        f"grad_outputs=[torch.full_like({first}, {self.number()})])",
                        f"print({G})"]
        self.show_grads(shown, unused)

    def t_inplace_input(self):
        """A compiled function writing in place into an input that requires
        grad (a non-leaf; a leaf is PyTorch's error), then backward()."""
        g, r = self.g, self.r
        f = g.name("bi")
        a, b = r.randint(1, 3), r.randint(2, 4)
        dtype = r.choice(["float32", "float64"])
        w_grad = r.random() < 0.7
        ops = []
        for _ in range(r.randint(1, 3)):
            # x.copy_(v) with v not requiring grad: tc's eager copy_ drops
            # x's requires_grad where PyTorch keeps it (CopyBackwards), a
            # known difference (see the report); copy only values with grad.
            ops.append(r.choice(["x.mul_(2)", "x.add_(w)", "x[0] = 0.5", "x.sub_(w * w)",
                                 "x[:, 0] = w[:, 0] * 3", "x += 1", "x.div_(w.abs() + 1)",
                                 "x.clamp_(min=-0.5)"] + (["x.copy_(w.sin())"] if w_grad else [])))
        ret = r.choice(["(x * w).sum()", "x", "x.sum() + w.sum()", "(x, w * 2)", "x.t()"])
        pre = r.choice(["", "    s = x.sum()\n", "    print('before', x.shape)\n"])
        self.g.defs.append(f"def {f}(x, w):\n{pre}" + "".join(f"    {o}\n" for o in ops) +
                           f"    return {ret}")
        A, W = g.name("a"), g.name("w")
        g.calls += [f"{A} = {self.leaf((a, b), dtype)}",
                    f"{W} = {self.leaf((a, b), dtype, w_grad)}"]
        shown = [A, W]
        X = g.name("xin")
        g.calls.append(f"{X} = {A} * {self.number()}")
        tup = is_tuple(ret)
        o = g.name("o")
        g.calls.append(f"{o} = {f}({X}, {W})")
        self.show_outputs(o, tup)
        g.calls.append(f"print('input after', {X})")
        g.calls.append(f"{self.loss_of(o, tup)}.backward()")
        self.show_grads(shown)
        # A leaf is refused (PyTorch's error text), under no_grad it is not.
        # Not for x[...] = v: compiled, tc names the leaf where PyTorch says
        # "a view of a leaf Variable" (a known difference, see the report).
        if not any("x[" in o for o in ops):
            g.calls += ["try:", f"    {f}({A}, {W})", "except RuntimeError as e:",
                        "    print('error', e)"]
        g.calls += ["with torch.no_grad():", f"    print({f}({A}.detach().clone(), {W}))"]

    def t_views_out(self):
        """Outputs that are inputs, views of inputs or views of intermediates."""
        g, r = self.g, self.r
        f = g.name("bv")
        a, b = r.randint(2, 3), r.randint(2, 4)
        dtype = r.choice(["float32", "float64"])
        ret = r.choice(["x", "x[0]", "x.t()", "(x, x * 2)", "(x.view(-1), (x * w).sum())",
                        "h[1:]", "(h.t(), h)", "(h, x.unsqueeze(0))", "h.view(-1)",
                        "(h.sum(), h[:, 0], x[:, 1])"])
        body = [f"def {f}(x, w):", f"    h = {self.g.texpr(['x', 'w'], 2)}",
                f"    h = (h + x).expand({a}, {b})"]
        if r.random() < 0.4:
            body.append(f"    h = h * w")
        body.append(f"    return {ret}")
        g.defs.append("\n".join(body))
        X, W = g.name("x"), g.name("w")
        g.calls += [f"{X} = {self.leaf((a, b), dtype)}", f"{W} = {self.leaf((a, b), dtype)}"]
        o = g.name("o")
        g.calls.append(f"{o} = {f}({X}, {W})")
        tup = is_tuple(ret)
        self.show_outputs(o, tup)
        first = f"{o}[0]" if tup else o
        g.calls.append(f"print({first} is {X})")
        g.calls.append(f"{self.loss_of(o, tup)}.backward()")
        self.show_grads([X, W])
        g.calls.append(f"print({X}.grad_fn, {X}.is_leaf)")

    def script(self):
        g, r = self.g, self.r
        for _ in range(r.randint(1, 3)):
            r.choice([self.t_chain, self.t_chain, self.t_chain, self.t_inplace_input,
                      self.t_views_out])()
        return ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n\n" +
                "\n\n\n".join(g.defs) + "\n\n\n" + "\n".join(g.calls) + "\n")
