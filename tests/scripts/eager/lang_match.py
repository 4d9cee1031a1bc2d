# The match statement (PEP 634): every pattern kind, guards, fallthrough,
# class patterns with __match_args__, the builtin types that match by self,
# mapping and sequence subjects, the TypeErrors CPython raises, and `match`
# and `case` staying plain names elsewhere.
import collections
import torch


def describe(x):
    match x:
        case None:
            return "None"
        case True:
            return "True"
        case False:
            return "False"
        case 0:
            return "zero"
        case -1:
            return "minus one"
        case 2.5:
            return "two and a half"
        case "hello" | "hi":
            return "greeting"
        case b"raw":
            return "bytes raw"
        case [] | ():
            return "empty sequence"
        case [x]:
            return f"one item {x!r}"
        case [1, 2, *rest]:
            return f"starts 1, 2 then {rest}"
        case (first, *_, last):
            return f"first {first!r} last {last!r}"
        case {"kind": "point", "x": px, "y": py}:
            return f"point dict {px},{py}"
        case {"kind": kind, **others}:
            return f"kind {kind} with {sorted(others)}"
        case {}:
            return "some other mapping"
        case int(n) if n > 100:
            return f"big int {n}"
        case int() | float():
            return f"number {x}"
        case str(s):
            return f"other str {s!r} ({len(s)})"
        case _:
            return f"something else: {type(x).__name__}"


for value in [None, True, False, 0, 0.0, -1, 2.5, "hello", "hi", b"raw", [], (), [7], (8,),
              [1, 2], [1, 2, 3, 4], (5, 6, 7), "xy", {"kind": "point", "x": 1, "y": 2},
              {"kind": "box", "w": 3, "h": 4}, {"z": 0}, 1000, 7, 3.25, "abc",
              range(3), range(1), {1, 2}, b"other", bytearray(b"ba")]:
    print(repr(value), "->", describe(value))


# Class patterns: __match_args__, keywords, nested patterns.
class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Point3(Point):
    __match_args__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class Color:
    RED = "red"
    GREEN = "green"


def where(p):
    match p:
        case Point(0, 0):
            return "origin"
        case Point3(x, y, z=0):
            return f"3d on the floor at {x},{y}"
        case Point3(z=z) if z < 0:
            return f"3d below by {-z}"
        case Point(x=0, y=y):
            return f"on the y axis at {y}"
        case Point(x, 0):
            return f"on the x axis at {x}"
        case Point(x, y) if x == y:
            return f"diagonal {x}"
        case Point(x=px, y=py) as pt:
            return f"point {px},{py} is a {type(pt).__name__}"
        case [Point(x=a), Point(x=b)]:
            return f"two points, x {a} and {b}"
        case Color.RED:
            return "red"
        case Color.GREEN | "lime":
            return "greenish"
        case _:
            return "nowhere"


for p in [Point(0, 0), Point3(1, 2, 0), Point3(1, 2, -5), Point3(1, 2, 3), Point(0, 9),
          Point(4, 0), Point(3, 3), Point(1, 2), [Point(1, 0), Point(2, 5)], "red", "green",
          "lime", 42]:
    print(where(p))


# Or-patterns binding the same names in different orders; as-patterns.
def pair(v):
    match v:
        case (a, 1, b) | (b, 2, a):
            return f"a={a} b={b}"
        case [(x, y) as inner, *tail] if tail:
            return f"inner {inner} x={x} y={y} tail={tail}"
        case ((1 | 2) as small, _):
            return f"small {small}"
        case _:
            return "no pair"


for v in [(10, 1, 20), (10, 2, 20), [(3, 4), 5, 6], [(3, 4)], (2, 0), (5, 0)]:
    print(pair(v))


# A starred sub-pattern needs the other items to be there (a length check
# before unpacking).
def starred(v):
    match v:
        case [a, b, *rest]:
            return ("two or more", a, b, rest)
        case [*only]:
            return ("fewer", only)


print(starred([1]), starred([1, 2]), starred((1, 2, 3)), starred(()))


# Guards fall through to later cases; names bound by a failed guard stay bound.
def guarded(n):
    match n:
        case int(k) if k % 2 == 0:
            result = "even"
        case int(k) if k % 3 == 0:
            result = "odd multiple of three"
        case k:
            result = f"other ({k})"
    return result, k


for n in [4, 9, 7, "s"]:
    print(guarded(n))


# Builtin types matching their subject by self; subclasses do too unless
# they set __match_args__.
class MyList(list):
    pass


class Pair(tuple):
    __match_args__ = ("first",)

    @property
    def first(self):
        return self[0]


for subject in [5, 2.0, "s", MyList([6]), Pair((7, 8)), [1], (1,), {"a": 1}, {1},
                frozenset({2}), b"b", bytearray(b"c"), True]:
    match subject:
        case bool(b):
            print("bool", b)
        case int(i):
            print("int", i)
        case float(f):
            print("float", f)
        case str(s):
            print("str", s)
        case Pair(p):
            print("Pair first", p)
        case list(items) | tuple(items):
            print("sequence", items, type(items).__name__)
        case dict(d):
            print("dict", d)
        case set(st) | frozenset(st):
            print("set-like", sorted(st))
        case bytes(bs) | bytearray(bs):
            print("binary", bs)


# Mapping subjects: dict subclasses and defaultdict (which must not grow);
# sequence subjects: deque and range, never str or bytes.
class MyDict(dict):
    pass


dd = collections.defaultdict(list, {"a": [1]})
for m in [MyDict(a=1, b=2), dd, collections.OrderedDict(a=3)]:
    match m:
        case {"a": a, "b": b}:
            print(type(m).__name__, "a and b", a, b)
        case {"a": a, **rest}:
            print(type(m).__name__, "a only", a, rest)
print("defaultdict keys after matching:", sorted(dd))

for s in [collections.deque([1, 2, 3]), range(2), "ab", b"ab", iter([1, 2])]:
    match s:
        case [a, b, *c]:
            print(type(s).__name__, "sequence", a, b, c)
        case _:
            print(type(s).__name__, "not a sequence")

# Negative indexes are never used on the subject: a star wildcard in the
# middle indexes from len().
match collections.deque(range(10)):
    case [first, *_, before_last, last]:
        print("deque ends", first, before_last, last)


# Runtime errors, as CPython raises them.
class NoArgs:
    pass


class BadArgs:
    __match_args__ = ["x"]


class NotStr:
    __match_args__ = (1,)


class Dup:
    __match_args__ = ("a",)
    a = 1


KEY = "k"


class Keys:
    first = "k"
    second = "k"


def attempt(label, fn):
    try:
        print(label, fn())
    except (TypeError, ValueError) as e:
        print(label, type(e).__name__, e)


def no_args():
    match NoArgs():
        case NoArgs(1):
            return "matched"


def bad_args():
    match BadArgs():
        case BadArgs(1):
            return "matched"


def not_str():
    match NotStr():
        case NotStr(1):
            return "matched"


def dup():
    match Dup():
        case Dup(1, a=1):
            return "matched"


def not_a_type():
    notatype = len
    match 1:
        case notatype():
            return "matched"


def int_two_args():
    match 1:
        case int(a, b):
            return "matched"


def duplicate_key():
    match {"k": 1, "j": 2}:
        case {Keys.first: 1, Keys.second: 1}:
            return "matched"


def unhashable_key():
    class K:
        key = []

    match {"a": 1}:
        case {K.key: 1}:
            return "matched"


for label, fn in [("no __match_args__", no_args), ("list __match_args__", bad_args),
                  ("int in __match_args__", not_str), ("same attribute twice", dup),
                  ("not a type", not_a_type), ("int(a, b)", int_two_args),
                  ("duplicate key", duplicate_key), ("unhashable key", unhashable_key)]:
    attempt(label, fn)


# A failed pattern binds nothing: names from a partial match stay unbound.
def unbound():
    match (1, 2):
        case (x, 3):
            pass
        case _:
            pass
    try:
        return x
    except UnboundLocalError as e:
        return f"UnboundLocalError: {e}"


print(unbound())


# `match` and `case` are soft keywords: plain names elsewhere.
match = [1, 2, 3]
case = 2
print(match[case], match[1:])


def match(*args):
    return args


print(match(case), match (1, 2), match.__name__)
match = {"case": case}
match case:
    case 2:
        print("case was", match["case"])


# Subjects: tuples without parentheses, star items, walrus in a guard;
# match in loops with break/continue, at class level, and nested.
for i in range(6):
    match i, i % 2:
        case (0, _):
            continue
        case (n, 0) if (half := n // 2) > 1:
            print("even", n, "half", half)
        case (5, *rest):
            print("five", rest)
            break
        case _:
            print("plain", i)

extra = [9]
match 1, *extra:
    case [one, nine]:
        print("star subject", one, nine)


class Config:
    match "debug":
        case "debug" as mode:
            level = 10
        case _:
            level = 20


print(Config.level, Config.mode)


def nested(v):
    match v:
        case {"op": op, "args": [*args]}:
            match op:
                case "+":
                    return sum(args)
                case "*":
                    out = 1
                    for a in args:
                        out *= a
                    return out
            return f"unknown op {op}"
    return "not an expression"


print(nested({"op": "+", "args": [1, 2, 3]}), nested({"op": "*", "args": (2, 3, 4)}),
      nested({"op": "-", "args": []}), nested(5))


# Over tensors: the subject and captures are tensors or Python values.
def apply(x, spec):
    match spec:
        case "relu":
            return torch.relu(x)
        case ("scale", k):
            return x * k
        case {"add": t}:
            return x + t
        case [*ops]:
            for op in ops:
                x = apply(x, op)
            return x
    return x


x = torch.tensor([-1.0, 0.5, 2.0])
print(apply(x, "relu"))
print(apply(x, ("scale", 3)))
print(apply(x, {"add": torch.ones(3)}))
print(apply(x, ["relu", ("scale", 2.0), {"add": x}]))
print(apply(x, None))
