# Under `from __future__ import annotations` a def's annotations are kept
# as their source text, unevaluated (PEP 563), as CPython 3.11 keeps them.
# The strings are ast.unparse's spelling, not the source's.
from __future__ import annotations

import typing


def f(a: Undefined[int], b: list[  str ] = [], *, c: "quoted" = 1) -> dict[str, int]:
    return {}


print(f.__annotations__)


class C:
    x: int
    y: typing.Optional[C] = None

    def m(self, other: C) -> C:
        return other


print(C.__annotations__, C.m.__annotations__, typing.get_type_hints(C.m))


def g(p: (int, str), q: a.b[1:2, ::3] | None, r: -1 + 2 * (3 - 4) ** -5, s: x if y else z, t: not a or b and c,
      u: {"k": [1.5, 1e400, 2j, b"\x00"], **d}, v: f(1, *xs, k=2, **kw) < 3 <= 4, w: (1).real + 1 .imag,
      y: {1, 2} | {3} ^ {4} & {5} << 1, z: ...) -> Callable[[int], tuple[()]]:
    pass


for name, text in g.__annotations__.items():
    print(name, text)
