# `X | Y` of classes (PEP 604, types.UnionType) and its use in annotations
# and isinstance: flattening, repeats dropped, None, reprs, equality that
# ignores order, hashing, and the errors CPython gives.
from collections import OrderedDict


class Node:
    pass


u = int | str
print(u, type(u).__name__, type(u).__module__, u.__args__, u.__parameters__)
print(int | None, None | int, int | str | None, (int | str) | (float | int), int | int)
print(list[int] | None, Node | dict[str, Node], OrderedDict | None)
print(u == (str | int), u == (int | float), hash(u) == hash(str | int), u in {str | int: 1})
print(isinstance(3, int | str), isinstance(3.0, int | str), isinstance(None, int | None),
      issubclass(bool, int | str), issubclass(Node, str | None))
try:
    isinstance([], list[int] | None)
except TypeError as e:
    print("TypeError", e)
for bad in (lambda: int | 3, lambda: "x" | int):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
