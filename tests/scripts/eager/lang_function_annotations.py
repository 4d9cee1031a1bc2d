# A def's parameter and return annotations, evaluated where the def runs,
# as __annotations__; what typing, functools and inspect read from them,
# and typing.NamedTuple's class syntax, which needs them.
import functools
import inspect
import typing


def f(a: int, b: "str" = "x", *args: float, c: list[int], **kw: dict) -> bool:
    return True


print(f.__annotations__)
print(typing.get_type_hints(f))


def g(x):
    pass


print(g.__annotations__, g.__annotations__ is g.__annotations__)
g.__annotations__ = {"x": int}
print(g.__annotations__, typing.get_type_hints(g))


@functools.wraps(f)
def h(*a, **k):
    return f(*a, **k)


print(h.__annotations__ == f.__annotations__, inspect.signature(f), inspect.signature(h))


class P(typing.NamedTuple):
    x: int
    y: float = 1.5


p = P(1)
print(p, p.x, p.y, P._fields, P(2, 3.0)._asdict(), P.__annotations__, P._field_defaults)


def outer():
    class Local:
        pass

    def inner(v: Local) -> Local:
        return v

    return inner


print(outer().__annotations__["v"].__name__, outer().__annotations__["return"].__qualname__)


class M:
    def method(self, n: int = 0) -> "M":
        return self


print(M.method.__annotations__, typing.get_type_hints(M.method))
print((lambda q: q).__annotations__)
