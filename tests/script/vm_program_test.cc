// End-to-end VM tests: small programs compiled and run on the VM; the
// expected output of each was produced by CPython 3.11 on the same source
// (tracebacks without CPython's ^^^ marker lines, which tc does not print).
//
// Over 600 lines because it is a flat list of small independent programs, each with
// its expected CPython output; splitting it would only scatter the table.
#include <string>

#include "gtest/gtest.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

void Check(const std::string& source, const std::string& out, const std::string& err) {
  RunResult r = RunSource(source, "t.py");
  EXPECT_EQ(r.out, out);
  EXPECT_EQ(r.error, err);
}

TEST(VmProgram, Arithmetic) {
  Check(R"PY(print(1 + 2, 7 - 10, 6 * 7, 7 / 2, 7 // 2, -7 // 2, 7 % -3, -7 % 3, 2 ** 10, 2 ** -1)
print(1.5 + 2, 0.1 + 0.2, 1e20, 1e16, 1e15, 1e-5, 0.0001, -0.0, 3.0, 1/3, 2.5 // 1, -2.5 % 1)
print(5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 10, 1024 >> 3, -9 >> 1, True + True, True & False)
print(10 ** 18, -2 ** 2, (-2) ** 3, abs(-7), abs(-2.5), divmod(-7, 2), divmod(7.5, 2))
print(round(2.5), round(3.5), round(-2.5), round(2.675, 2), round(1234, -2), round(1250, -2), round(0.5), round(1.5))
print(int(3.9), int(-3.9), int("-42"), int("ff", 16), int("0x1f", 0), float("1.5"), float("inf"), float(3))
print(1 == 1.0, 1 < 2.5, 2 < 3 < 4, 3 < 2 < 4, 1 != 2, 0.1 + 0.2 == 0.3, float("nan") == float("nan"))
print(max(1, 2.5), min([4, 2, 8]), sum([0.1] * 10), sum(range(101)), pow(3, 4, 5), hash(-1), hash(1.0) == hash(1))
)PY",
        R"OUT(3 -3 42 3.5 3 -4 -2 2 1024 0.5
3.5 0.30000000000000004 1e+20 1e+16 1000000000000000.0 1e-05 0.0001 -0.0 3.0 0.3333333333333333 2.0 0.5
1 7 6 -6 1024 128 -5 2 False
1000000000000000000 -4 -8 7 2.5 (-4, 1) (3.0, 1.5)
2 4 -2 2.67 1200 1200 0 2
3 -3 -42 255 31 1.5 inf 3.0
True True True False True False False
2.5 2 0.9999999999999999 5050 1 -2 True
)OUT",
        R"ERR()ERR");
}

TEST(VmProgram, Strings) {
  Check(R"PY(s = "Hello, World"
print(s.upper(), s.lower(), s.split(", "), "-".join(["a", "b", "c"]), s[1:5], s[::-1], s[-1])
print(s.find("o"), s.find("o", 5), s.rfind("o"), s.count("l"), s.replace("l", "L", 2), s.startswith("He"), s.endswith(("x", "ld")))
print("  a b  ".strip(), "xxaxx".strip("x"), "  a ".lstrip(), " a  ".rstrip() + "|", "a,b,,c".split(","), " a  b ".split(), "a b c".split(None, 1))
print("ab".ljust(5, ".") + "|", "ab".rjust(5) + "|", "ab".center(7, "*"), "abc".center(6), "-5".zfill(4), "42".isdigit(), "4a".isdigit(), "abc".isalpha())
print(f"{3.14159:.2f}|{42:5d}|{'x':>4}|{'x':<3}|{'x':^5}|{1234567:,}|{0.25:%}|{0.5:.1%}|{255:x}|{255:#X}|{7:03d}|{-1.5:+.1f}")
print(f"{1e10:e}|{123.456:.2e}|{0.0001:g}|{1234567.0:g}|{12:b}|{3.0:.3g}|{2.5:10.3f}|{-3:>+5}|{'abc':.2}|{10:*^8}|{1.0}|{1e100}")
x = 3
print(f"{x!r} {x=}" if False else f"{x!r}", f"{'q'!r}", f"{x * 2} {{literal}}", f"{[1, 2]}", f"{None}")
print("%d %s %.3f %5s|%-5s| %x %05.1f %r %%" % (5, "hi", 2.5, "r", "l", 255, 3.14159, "q"))
print("%s" % "single", "%(a)s-%(b)d" % {"a": "A", "b": 2}, "{} {:>3} {name}".format(1, 2, name="n"), "{1}{0}".format("a", "b"))
print(repr("it's"), repr('say "hi"'), repr("a\nb\\"), str("y"), "abc" * 2, "a" + "b", "b" in "abc", "ab" < "b")
print(len("hello"), list("abc"), sorted("cab"), ord("a"), chr(98), "x".join("abc"), "A".lower() == "a", str(12) + "3")
)PY",
        R"OUT(HELLO, WORLD hello, world ['Hello', 'World'] a-b-c ello dlroW ,olleH d
4 8 8 3 HeLLo, World True True
a b a a   a| ['a', 'b', '', 'c'] ['a', 'b'] ['a', 'b c']
ab...|    ab| ***ab**  abc   -005 True False True
3.14|   42|   x|x  |  x  |1,234,567|25.000000%|50.0%|ff|0XFF|007|-1.5
1.000000e+10|1.23e+02|0.0001|1.23457e+06|1100|3|     2.500|   -3|ab|***10***|1.0|1e+100
3 'q' 6 {literal} [1, 2] None
5 hi 2.500     r|l    | ff 003.1 'q' %
single A-2 1   2 n ba
"it's" 'say "hi"' 'a\nb\\' y abcabc ab True True
5 ['a', 'b', 'c'] ['a', 'b', 'c'] 97 b axbxc True 123
)OUT",
        R"ERR()ERR");
}

TEST(VmProgram, Lists) {
  Check(R"PY(x = [3, 1, 2]
x.append(4); x.extend([5, 6]); x.insert(0, 0); x.insert(-1, 9)
print(x, len(x), x[0], x[-1], x[1:3], x[::2], x[::-2], x[10:], x.index(2), x.count(1))
print(x.pop(), x.pop(0), x, x.remove(9), x)
x.sort(); print(x); x.sort(reverse=True); print(x); x.reverse(); print(x)
y = ["bb", "a", "ccc"]; y.sort(key=len); print(y, sorted(y, key=lambda s: s[-1], reverse=True))
z = list(range(10)); z[2:5] = ["a"]; print(z); z[::3] = [0, 0, 0]; print(z); del z[1]; del z[::2]; print(z)
a = [1, 2]; b = a; b += [3]; print(a, a is b, a + [4], a * 2, [0] * 3, [1, 2] == [1, 2], [1, 2] < [1, 3], 2 in a)
c = a.copy(); c.clear(); print(a, c, [[i, j] for i in range(2) for j in range(2)], [i for i in range(10) if i % 3 == 0])
print(list(map(lambda v: v * 2, a)), list(filter(lambda v: v > 1, a)), list(zip([1, 2, 3], "ab")), list(enumerate(["x", "y"], 1)))
print(list(reversed(a)), any(v > 2 for v in a), all([]), max(a, key=lambda v: -v), min([], default=0), sorted([3, 1, 2]))
t = (1, 2, 3); print(t, t[1:], (1,), (), t + (4,), t * 2, t.index(2), t.count(1), len(t), tuple([1]), (1, 2) < (1, 2, 0))
p, (q, r), *rest = 1, (2, 3), 4, 5; print(p, q, r, rest)
first, *mid, last = range(5); print(first, mid, last)
)PY",
        R"OUT([0, 3, 1, 2, 4, 5, 9, 6] 8 0 6 [3, 1] [0, 1, 4, 9] [6, 5, 2, 3] [] 3 1
6 0 [3, 1, 2, 4, 5] None [3, 1, 2, 4, 5]
[1, 2, 3, 4, 5]
[5, 4, 3, 2, 1]
[1, 2, 3, 4, 5]
['a', 'bb', 'ccc'] ['ccc', 'bb', 'a']
[0, 1, 'a', 5, 6, 7, 8, 9]
[0, 1, 'a', 0, 6, 7, 0, 9]
['a', 6, 0]
[1, 2, 3] True [1, 2, 3, 4] [1, 2, 3, 1, 2, 3] [0, 0, 0] True True True
[1, 2, 3] [] [[0, 0], [0, 1], [1, 0], [1, 1]] [0, 3, 6, 9]
[2, 4, 6] [2, 3] [(1, 'a'), (2, 'b')] [(1, 'x'), (2, 'y')]
[3, 2, 1] True True 1 0 [1, 2, 3]
(1, 2, 3) (2, 3) (1,) () (1, 2, 3, 4) (1, 2, 3, 1, 2, 3) 1 1 3 (1,) True
1 2 3 [4, 5]
0 [1, 2, 3] 4
)OUT",
        R"ERR()ERR");
}

TEST(VmProgram, DictsSets) {
  Check(
      R"PY(d = {"a": 1, "b": 2}
d["c"] = 3; d["a"] = 10
print(d, len(d), d["b"], d.get("z"), d.get("z", 0), "a" in d, list(d), list(d.keys()), list(d.values()), list(d.items()))
print(d.pop("b"), d, d.setdefault("e", 5), d.setdefault("a", 0), d)
d.update({"f": 6}, g=7); print(d, d.copy() == d, dict(a=1, b=2), dict([("x", 1)]), {k: v * 2 for k, v in d.items() if v > 5})
del d["a"]; print(d, {1: "x", 1.0: "y"}, {(1, 2): 3}, dict.fromkeys("ab", 0))
for k in d: print(k, end=" ")
print()
print(d.keys(), d.values(), d.items())
s = {3, 1, 2}; s.add(4); s.discard(10); s.remove(1)
print(sorted(s), len(s), 2 in s, sorted(s | {9}), sorted(s & {2, 3}), sorted(s - {2}), sorted(s ^ {2, 7}), set(), {1, 2} == {2, 1}, {1} <= {1, 2}, {5})
print(sorted(s.union([8])), sorted(s.intersection({3, 4})), s.difference({3, 4}), sorted({5, 1, 3}), set("aab") == {"a", "b"}, {x % 3 for x in range(10)})
try:
    d["missing"]
except KeyError as e:
    print("KeyError", e, repr(e), e.args)
)PY",
      R"OUT({'a': 10, 'b': 2, 'c': 3} 3 2 None 0 True ['a', 'b', 'c'] ['a', 'b', 'c'] [10, 2, 3] [('a', 10), ('b', 2), ('c', 3)]
2 {'a': 10, 'c': 3, 'e': 5} 5 10 {'a': 10, 'c': 3, 'e': 5}
{'a': 10, 'c': 3, 'e': 5, 'f': 6, 'g': 7} True {'a': 1, 'b': 2} {'x': 1} {'a': 20, 'f': 12, 'g': 14}
{'c': 3, 'e': 5, 'f': 6, 'g': 7} {1: 'y'} {(1, 2): 3} {'a': 0, 'b': 0}
c e f g 
dict_keys(['c', 'e', 'f', 'g']) dict_values([3, 5, 6, 7]) dict_items([('c', 3), ('e', 5), ('f', 6), ('g', 7)])
[2, 3, 4] 3 True [2, 3, 4, 9] [2, 3] [3, 4] [3, 4, 7] set() True True {5}
[2, 3, 4, 8] [3, 4] {2} [1, 3, 5] True {0, 1, 2}
KeyError 'missing' KeyError('missing') ('missing',)
)OUT",
      R"ERR()ERR");
}

TEST(VmProgram, Functions) {
  Check(R"PY(def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, kw)
print(f(1, c=3), f(1, 2, 3, 4, c=5, e=6), f(*[1, 2], **{"c": 3, "z": 0}))
def g(x, y):
    return x - y
print(g(y=1, x=5), (lambda *a: a)(1, 2), (lambda **k: k)(a=1))
def counter():
    n = 0
    def inc(step=1):
        nonlocal n
        n += step
        return n
    return inc
c = counter(); c(); c(5); print(c(), c.__name__, c.__qualname__)
total = 0
def add(v):
    global total
    total += v
add(3); add(4); print(total)
def deco(fn):
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper
@deco
def hello(name):
    return "hi " + name
print(hello("bob"))
def make_adders():
    return [lambda x, i=i: x + i for i in range(3)]
print([a(10) for a in make_adders()])
def rec(n):
    return 1 if n <= 1 else n * rec(n - 1)
print(rec(10), callable(rec), callable(3))
for call in ["f()", "f(1, 2, 3, 4)", "g(1)", "g(1, 2, 3)", "g(1, x=2)", "g(1, 2, z=3)", "rec()"]:
    try:
        eval_map = {"f()": lambda: f(), "f(1, 2, 3, 4)": lambda: f(1, 2, 3, 4), "g(1)": lambda: g(1),
                    "g(1, 2, 3)": lambda: g(1, 2, 3), "g(1, x=2)": lambda: g(1, x=2),
                    "g(1, 2, z=3)": lambda: g(1, 2, z=3), "rec()": lambda: rec()}
        eval_map[call]()
    except TypeError as e:
        print(e)
)PY",
        R"OUT((1, 2, (), 3, 4, {}) (1, 2, (3, 4), 5, 4, {'e': 6}) (1, 2, (), 3, 4, {'z': 0})
4 (1, 2) {'a': 1}
7 inc counter.<locals>.inc
7
calling hello
hi bob
[10, 11, 12]
3628800 True False
f() missing 1 required positional argument: 'a'
f() missing 1 required keyword-only argument: 'c'
g() missing 1 required positional argument: 'y'
g() takes 2 positional arguments but 3 were given
g() got multiple values for argument 'x'
g() got an unexpected keyword argument 'z'
rec() missing 1 required positional argument: 'n'
)OUT",
        R"ERR()ERR");
}

TEST(VmProgram, Classes) {
  Check(R"PY(class A:
    count = 0
    def __init__(self, x):
        self.x = x
        A.count += 1
    def __repr__(self):
        return f"A({self.x})"
    @property
    def double(self):
        return self.x * 2
    @double.setter
    def double(self, v):
        self.x = v // 2
    @staticmethod
    def s(y):
        return y + 1
    @classmethod
    def make(cls, v):
        return cls(v)
    def method(self):
        return "A.method"
class B(A):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y
    def __repr__(self):
        return "B" + super().__repr__()
    def method(self):
        return "B+" + super().method()
b = B(1, 2)
print(b, b.double, A.s(3), b.s(4), A.count, isinstance(b, A), isinstance(b, (int, B)), issubclass(B, A), type(b).__name__, type(b) is B)
b.double = 10; print(b.x, b.method(), B.make(7) if False else A.make(7), B.__mro__ if False else [c.__name__ for c in B.__mro__])
print(hasattr(b, "y"), getattr(b, "zz", "dflt"), setattr(b, "z", 3), b.z, b.__class__.__name__, B.__name__, A.__qualname__)
class V:
    def __init__(self, x, y): self.x, self.y = x, y
    def __add__(self, o): return V(self.x + o.x, self.y + o.y)
    def __radd__(self, o): return V(self.x + o, self.y + o)
    def __mul__(self, k): return V(self.x * k, self.y * k)
    def __rmul__(self, k): return self * k
    def __neg__(self): return V(-self.x, -self.y)
    def __eq__(self, o): return isinstance(o, V) and (self.x, self.y) == (o.x, o.y)
    def __hash__(self): return hash((self.x, self.y))
    def __lt__(self, o): return (self.x, self.y) < (o.x, o.y)
    def __len__(self): return 2
    def __getitem__(self, i): return (self.x, self.y)[i]
    def __setitem__(self, i, v):
        if i == 0: self.x = v
        else: self.y = v
    def __contains__(self, v): return v in (self.x, self.y)
    def __iter__(self): return iter((self.x, self.y))
    def __call__(self, k): return self.x * k
    def __bool__(self): return self.x != 0 or self.y != 0
    def __str__(self): return f"<{self.x}, {self.y}>"
    def __repr__(self): return f"V({self.x}, {self.y})"
v = V(1, 2) + V(3, 4)
print(v, repr(v), 1 + v, 2 * v, v * 3, -v, v == V(4, 6), v != V(4, 6), len(v), v[1], 6 in v, list(v), v(10), bool(V(0, 0)))
v[0] = 9; print(v, sorted([V(2, 1), V(1, 5)]), {V(1, 1): "a"}[V(1, 1)], max(V(1, 2), V(1, 3)), str(v), [str(p) for p in [v]])
class Countdown:
    def __init__(self, n): self.n = n
    def __iter__(self): return self
    def __next__(self):
        if self.n <= 0: raise StopIteration
        self.n -= 1
        return self.n
print(list(Countdown(3)), [x for x in Countdown(2)], sum(Countdown(4)))
class Ctx:
    def __init__(self, name): self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, t, v, tb):
        print("exit", self.name, t.__name__ if t else None, v)
        return self.name == "swallow"
with Ctx("a") as c1, Ctx("b"):
    print("body", c1.name)
with Ctx("swallow"):
    raise ValueError("oops")
print("after")
class Base:
    def hook(self): return "base"
    def run(self): return self.hook()
class Derived(Base):
    def hook(self): return "derived"
print(Derived().run(), Base().run())
)PY",
        R"OUT(BA(1) 2 4 5 1 True True True B True
5 B+A.method A(7) ['B', 'A', 'object']
True dflt None 3 B B A
<4, 6> V(4, 6) <5, 7> <8, 12> <12, 18> <-4, -6> True False 2 6 True [4, 6] 40 False
<9, 6> [V(1, 5), V(2, 1)] a <1, 3> <9, 6> ['<9, 6>']
[2, 1, 0] [1, 0] 6
enter a
enter b
body a
exit b None None
exit a None None
enter swallow
exit swallow ValueError oops
after
derived base
)OUT",
        R"ERR()ERR");
}

TEST(VmProgram, Exceptions) {
  Check(R"PY(class MyError(ValueError):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
try:
    raise MyError("bad thing", 42)
except ValueError as e:
    print(type(e).__name__, e, e.code, e.args, isinstance(e, Exception))
def f():
    try:
        return "try"
    finally:
        print("finally runs")
print(f())
for i in range(3):
    try:
        if i == 1:
            continue
        print("i", i)
    finally:
        print("fin", i)
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        print("caught", e)
        raise
except ArithmeticError as e:
    print("reraised", type(e).__name__)
try:
    [][1]
except (KeyError, IndexError) as e:
    print(repr(e))
try:
    raise RuntimeError
except RuntimeError as e:
    print(repr(e), str(e) == "")
try:
    assert 1 == 2, "math broke"
except AssertionError as e:
    print("assert", e)
try:
    undefined_name
except NameError as e:
    print(e)
try:
    None.attr
except AttributeError as e:
    print(e)
try:
    1 + "a"
except TypeError as e:
    print(e)
try:
    int("x1")
except ValueError as e:
    print(e)
try:
    import nosuchmodule
except ImportError as e:
    print(type(e).__name__, e)
try:
    from math import nosuch
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0])
def g():
    raise KeyError("k")
try:
    g()
except Exception as e:
    print(type(e).__name__, e)
else:
    print("no")
try:
    pass
except Exception:
    print("no")
else:
    print("else ran")
try:
    raise ValueError("a") from KeyError("b")
except ValueError as e:
    print(repr(e.__cause__))
try:
    x, y = [1, 2, 3]
except ValueError as e:
    print(e)
try:
    {}.pop("q")
except KeyError as e:
    print("pop", e)
e = None
try:
    raise Exception("one", 2)
except Exception as err:
    e = err
print(e, e.args)
)PY",
        R"OUT(MyError bad thing 42 ('bad thing',) True
finally runs
try
i 0
fin 0
fin 1
i 2
fin 2
caught division by zero
reraised ZeroDivisionError
IndexError('list index out of range')
RuntimeError() True
assert math broke
name 'undefined_name' is not defined
'NoneType' object has no attribute 'attr'
unsupported operand type(s) for +: 'int' and 'str'
invalid literal for int() with base 10: 'x1'
ModuleNotFoundError No module named 'nosuchmodule'
ImportError cannot import name 'nosuch' from 'math'
KeyError 'k'
else ran
KeyError('b')
too many values to unpack (expected 2)
pop 'q'
('one', 2) ('one', 2)
)OUT",
        R"ERR()ERR");
}

TEST(VmProgram, Builtins) {
  Check(
      R"PY(import math
print(math.sqrt(2), math.pi, math.e, math.floor(2.5), math.ceil(2.1), math.exp(1), math.log(math.e), math.log2(8), math.log10(1000))
print(math.sin(0), math.cos(0), math.tanh(0.5), math.atan2(1, 1), math.isnan(math.nan), math.isinf(math.inf), math.isfinite(1.0))
print(math.isclose(0.1 + 0.2, 0.3), math.gcd(12, 18), math.factorial(10), math.prod([1, 2, 3, 4]), math.fabs(-2), math.pow(2, 0.5), math.erf(0.5))
print(len([1]), len("ab"), len({1: 2}), list(range(3)), list(range(1, 10, 4)), list(range(5, 0, -2)), range(3), range(1, 5, 2), len(range(0, 10, 3)))
print(isinstance(1, int), isinstance(True, int), isinstance(1.0, (int, float)), isinstance("s", str), type(1), type(1.0), type("s"), type([]), type(None))
print(str(1.0), str(True), str(None), bool([]), bool([0]), bool(""), bool(0.0), int(True), float(2), list((1, 2)), tuple("ab"), set([1, 1]))
print(repr(1.0), repr(None), repr([1, "a"]), repr((1,)), id(1) == id(1), callable(len), callable(1), hash("a") == hash("a"))
it = iter([1, 2])
print(next(it), next(it), next(it, "done"))
print(sorted({3: 1, 1: 2}), sorted([(2, "b"), (1, "z"), (2, "a")]), reversed([1]) is not None, list(zip()), list(zip([1], [2], [3])))
print(min("bca"), max("abc"), min(3, 2, key=lambda v: -v), sum([[1], [2]], []), divmod(17, 5), pow(2, 0.5), abs(True))
print(getattr([], "append") is not None, hasattr("", "upper"), hasattr(1, "nope"), ord("z"), chr(0x41), format(3.14159, ".3f"), format(5, "03"))
print(int.__name__, list.__name__, type(int).__name__, object, str(int), repr(str))
import sys
print(type(sys.argv).__name__, __name__)
)PY",
      R"OUT(1.4142135623730951 3.141592653589793 2.718281828459045 2 3 2.718281828459045 1.0 3.0 3.0
0.0 1.0 0.46211715726000974 0.7853981633974483 True True True
True 6 3628800 24 2.0 1.4142135623730951 0.5204998778130465
1 2 1 [0, 1, 2] [1, 5, 9] [5, 3, 1] range(0, 3) range(1, 5, 2) 4
True True True True <class 'int'> <class 'float'> <class 'str'> <class 'list'> <class 'NoneType'>
1.0 True None False True False False 1 2.0 [1, 2] ('a', 'b') {1}
1.0 None [1, 'a'] (1,) True True False True
1 2 done
[1, 3] [(1, 'z'), (2, 'a'), (2, 'b')] True [] [(1, 2, 3)]
a c 3 [1, 2] (3, 2) 1.4142135623730951 1
True True False 122 A 3.142 005
int list type <class 'object'> <class 'int'> <class 'str'>
list __main__
)OUT",
      R"ERR()ERR");
}

TEST(VmProgram, ControlFlow) {
  Check(R"PY(n = 0
while True:
    n += 1
    if n > 5:
        break
    if n % 2:
        continue
    print("even", n)
else:
    print("no")
for i in range(3):
    pass
else:
    print("for-else", i)
x = 5
if x < 3:
    print("small")
elif x < 10:
    print("medium")
else:
    print("large")
print("yes" if x else "no", x and 0, x or 0, not x, 0 or "" or None, 1 and 2 and 3)
i = 0
while i < 3:
    i += 1
else:
    print("while-else", i)
squares = {}
for k in range(4):
    squares[k] = k * k
del squares[0]
print(squares)
a = b = [1]
print(a is b)
x = 10
x -= 3; x *= 2; x //= 3; x **= 2; x %= 7; x <<= 2; x |= 1; x ^= 3; x >>= 1
print(x)
)PY",
        R"OUT(even 2
even 4
for-else 2
medium
yes 0 5 False None 3
while-else 3
{1: 1, 2: 4, 3: 9}
True
5
)OUT",
        R"ERR()ERR");
}

TEST(VmProgram, Tracebacks) {
  Check(R"PY(def inner(v):
    return v["key"]
def outer():
    data = {}
    return inner(data)
try:
    outer()
except KeyError as e:
    print("KeyError", e)
outer()
)PY",
        R"OUT(KeyError 'key'
)OUT",
        R"ERR(Traceback (most recent call last):
  File "t.py", line 10, in <module>
    outer()
  File "t.py", line 5, in outer
    return inner(data)
  File "t.py", line 2, in inner
    return v["key"]
KeyError: 'key'
)ERR");
}

TEST(VmProgram, Chained) {
  Check(R"PY(def parse(s):
    try:
        return int(s)
    except ValueError:
        raise RuntimeError("cannot parse " + s)
parse("x")
)PY",
        R"OUT()OUT",
        R"ERR(Traceback (most recent call last):
  File "t.py", line 3, in parse
    return int(s)
ValueError: invalid literal for int() with base 10: 'x'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "t.py", line 6, in <module>
    parse("x")
  File "t.py", line 5, in parse
    raise RuntimeError("cannot parse " + s)
RuntimeError: cannot parse x
)ERR");
}

TEST(VmProgram, Cause) {
  Check(R"PY(try:
    {}["a"]
except KeyError as e:
    raise ValueError("wrapped") from e
)PY",
        R"OUT()OUT",
        R"ERR(Traceback (most recent call last):
  File "t.py", line 2, in <module>
    {}["a"]
KeyError: 'a'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "t.py", line 4, in <module>
    raise ValueError("wrapped") from e
ValueError: wrapped
)ERR");
}

TEST(VmProgram, CustomError) {
  Check(R"PY(class AppError(Exception):
    pass
def run():
    raise AppError("custom failure")
run()
)PY",
        R"OUT()OUT",
        R"ERR(Traceback (most recent call last):
  File "t.py", line 5, in <module>
    run()
  File "t.py", line 4, in run
    raise AppError("custom failure")
AppError: custom failure
)ERR");
}

}  // namespace
}  // namespace tc::script
