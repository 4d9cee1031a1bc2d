# exec, eval and compile with globals and locals dicts (CPython's
# dataclasses builds its methods this way), locals(), and the
# __annotations__ that module and class bodies keep.
import math

ns = {}
exec("x = 1\ny = x + 1\ndef f(a):\n    return a * y\n", ns)
print(sorted(k for k in ns if k != "__builtins__"), ns["f"](3), "__builtins__" in ns)

g = {"scale": 10}
loc = {}
exec("def make(k):\n    def inner(v):\n        return v * k * scale\n    return inner\nz = 5", g, loc)
print(sorted(loc), "make" in g, loc["make"](2)(3), loc["z"])

# Names read from locals first, then globals, then builtins.
print(eval("a + b + len('xyz')", {"a": 1, "b": 100}, {"a": 2}))
print(eval("  math.sqrt(16)"), eval("[i * i for i in range(4)]"))
code = compile("total = sum(values)", "<made>", "exec")
space = {"values": [1, 2, 3]}
exec(code, space)
print(space["total"], type(code).__name__, eval(compile("2 ** 10", "<e>", "eval")))

try:
    exec("x = (", {})
except SyntaxError as e:
    print("SyntaxError:", e.msg, e.filename, e.lineno)
try:
    eval("x = 1")
except SyntaxError as e:
    print("SyntaxError:", e.msg)
try:
    exec("1/0")
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    exec("pass", [])
except TypeError as e:
    print("TypeError:", e)
try:
    eval("undefined_name", {})
except NameError as e:
    print("NameError:", e)


def with_locals(a, b=2):
    c = a + b
    return sorted(locals().items())


print(with_locals(1))
exec("print('exec sees', with_locals(5))")


class Annotated:
    x: int
    y: str = "why"
    z = 3

    def method(self, v: int) -> int:
        inner: float = 1.5
        return v


count: int = 0
label: "str"
print(Annotated.__annotations__, Annotated.y, "x" in Annotated.__dict__)
print(__annotations__, count)
print(Annotated().method(4), Annotated.method.__name__)

if True:
    nested: list = []
print(sorted(__annotations__))
