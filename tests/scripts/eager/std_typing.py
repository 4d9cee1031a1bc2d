# typing (CPython's own typing.py): annotations of every common form,
from __future__ import annotations

import typing
from typing import (TYPE_CHECKING, Any, Callable, Dict, Generic, List, Optional, Protocol,
                    Tuple, TypedDict, TypeVar, Union, cast, overload)

T = TypeVar("T")
K = TypeVar("K", int, str)


class Box(Generic[T]):
    def __init__(self, v: T) -> None:
        self.v = v

    def get(self) -> T:
        return self.v


def f(x: List[int], y: Optional[Dict[str, int]] = None) -> Tuple[int, ...]:
    return tuple(x)


class Sized2(Protocol):
    def size(self) -> int: ...


class Movie(TypedDict, total=False):
    name: str
    year: int


@overload
def g(x: int) -> int: ...
@overload
def g(x: str) -> str: ...
def g(x):
    return x * 2


print(f([1, 2]), Box[int](3).get(), Box.__parameters__, T, K.__constraints__)
print(List[int], Optional[int], Union[int, str], Callable[..., int], Dict[str, Any])
print(Union[int, None] == Optional[int], typing.get_origin(List[int]), typing.get_args(Dict[str, int]))
print(g(2), g("ab"), cast(int, "a"), TYPE_CHECKING, Sized2.__name__)
print(list[int], int | None, isinstance(3, int | str))
