"""How compile_diff_fuzz.py compares an eager run with a compiled one, per
backend.

  eager      exact: Dynamo's eager backend records the graph's ops one by one,
             so outputs, error texts and exit status are the eager run's.
             For the backward templates node names are normalized as for
             aot_eager: tc's eager backend names a few nodes otherwise
             (x[i] SqueezeBackward1 for SelectBackward0, a write's
             ViewBackward0 for CopySlices, a no-op expand dropped; see the
             bwdfuzz report).
  aot_eager  exact except autograd node names: the joint graph is the eager
             tape's formulas run on the interpreter, so every number must be
             bit-identical (zero's sign aside: -0.0 and 0.0 compare equal,
             since the partitioned backward may add zeros in another order);
             but an output of a compiled forward hangs off one
             CompiledFunctionBackward node where eager has MulBackward0 & co.
             (as in PyTorch), so node names are replaced by <node> on both
             sides. Whether an output has a node at all (None, NoneType, a
             leaf) still must match.
  inductor   as aot_eager, and numbers within a tolerance: generated kernels
             fuse pointwise chains and reductions (layer_norm, softmax,
             the backward's sums over broadcast dimensions) and may evaluate
             them in another order or with FMA contraction, so a float32
             result can move by a few ulps per fused op; chains here are at
             most ~20 ops deep over values of magnitude <~1e3, so rel 1e-4
             (about 800 float32 ulps) bounds the drift with room and still
             catches any wrong formula (a wrong gradient is off by O(1)
             relative). A printed number is also rounded (4 decimals in a
             tensor printout), so a true difference far below the tolerance
             can flip the last printed digit: one unit of the last printed
             digit is allowed on top. Integers and tokens printed without a
             fraction ('3.', whole-number tensors) must match exactly; text
             between numbers must match exactly (whitespace aside, since a
             tensor's column width follows its values).
"""

import re

NODE_RE = re.compile(r"(?:torch::autograd::)?\b(?:[A-Z][A-Za-z0-9]*Backward[0-9s]*|CopySlices)\b")
NUMBER_RE = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)\b")

REL_TOL = 1e-4
ABS_TOL = 1e-6


def normalize_nodes(text):
    return NODE_RE.sub("<node>", text)


def _printed_unit(token):
    """One unit of the last digit the token shows; 0 for exact tokens."""
    t = token.lstrip("+-")
    mant, _, exp = t.replace("E", "e").partition("e")
    if "." not in mant:
        return 0.0
    decimals = len(mant.split(".", 1)[1])
    if decimals == 0:
        return 0.0  # '3.': torch prints whole-number tensors exactly
    return 10.0 ** (-decimals + (int(exp) if exp else 0))


def _close(a, b):
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if x != x or y != y:
        return x != x and y != y
    if "." not in a + b and "e" not in (a + b).lower():
        return x == y  # integers: counts, shapes, indices
    unit = max(_printed_unit(a), _printed_unit(b))
    return abs(x - y) <= ABS_TOL + REL_TOL * max(abs(x), abs(y)) + unit * 1.000001


def _same(a, b):
    """Exactly the same number; -0.0 is 0.0 (a sum of zeros in another
    order may end with either sign, and -0.0000 then widens the column)."""
    if a == b:
        return True
    try:
        return float(a) == float(b) and _printed_unit(a) == _printed_unit(b)
    except ValueError:
        return False


def _tokens(text):
    """(text with numbers cut out and whitespace dropped, [numbers])."""
    nums = NUMBER_RE.findall(text)
    rest = re.sub(r"\s+", "", NUMBER_RE.sub("#", text))
    return rest, nums


def first_difference(eager, compiled, backend, names_may_differ=False):
    """None when the two (stdout, stderr, rc) results match under the
    backend's rule, else a line saying where they differ."""
    if backend == "eager" and not names_may_differ:
        return None if eager == compiled else "differs"
    if eager[2] != compiled[2]:
        return f"exit status {eager[2]} vs {compiled[2]}"
    for what, a, b in (("stdout", eager[0], compiled[0]), ("stderr", eager[1], compiled[1])):
        # Whitespace as one space: a longer node name wraps a tensor's
        # printout at another place.
        a = re.sub(r"\s+", " ", normalize_nodes(a))
        b = re.sub(r"\s+", " ", normalize_nodes(b))
        if a == b:
            continue
        ra, na = _tokens(a)
        rb, nb = _tokens(b)
        if ra != rb or len(na) != len(nb):
            return f"{what}: text differs"
        for u, v in zip(na, nb):
            if backend != "inductor" and not _same(u, v):
                return f"{what}: {u} vs {v}"
            if backend == "inductor" and not _close(u, v):
                return f"{what}: {u} vs {v} beyond tolerance"
    return None
