# Under `from __future__ import annotations` a def's annotations are kept
# as their source text, unevaluated (PEP 563), as CPython 3.11 keeps them.
# (CPython keeps ast.unparse's spelling; tc keeps the source's, the same
# text for annotations written as unparse writes them, as these are.)
from __future__ import annotations

import typing


def f(a: Undefined[int], b: list[str] = [], *, c: 'quoted' = 1) -> dict[str, int]:
    return {}


print(f.__annotations__)


class C:
    x: int
    y: typing.Optional[C] = None

    def m(self, other: C) -> C:
        return other


print(C.__annotations__, C.m.__annotations__, typing.get_type_hints(C.m))
