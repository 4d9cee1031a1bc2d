# collections.abc (CPython's own _collections_abc.py, reached through the
# collections package): the builtin types against every ABC, the iterator,
# view, generator and coroutine types it registers, structural checks
# through __subclasshook__, the mixin methods a user Mapping / Sequence /
# Set gets, register(), types.GenericAlias (`list[int]`), memoryview, and
# ranges beyond 64 bits.
from _collections_abc import MutableSequence as AbcFirst  # before collections

import collections
import collections.abc
import collections.abc as cabc
from collections.abc import (AsyncGenerator, AsyncIterable, AsyncIterator, Awaitable, Callable,
                             Collection, Container, Coroutine, Generator, Hashable, ItemsView,
                             Iterable, Iterator, KeysView, Mapping, MappingView, MutableMapping,
                             MutableSequence, MutableSet, Reversible, Sequence, Set, Sized,
                             ValuesView)

print(collections.abc is cabc, cabc.__name__, len(cabc.__all__), isinstance(collections.deque(), AbcFirst))
print(sorted(collections.__all__), collections.ChainMap.__module__, collections.UserList.__mro__[1:])


def gen():
    yield 1


async def coro():
    return 1


async def agen():
    yield 1


c = coro()
samples = [
    ("list", [1]), ("tuple", (1,)), ("str", "ab"), ("bytes", b"ab"), ("bytearray", bytearray(b"a")),
    ("dict", {1: 2}), ("set", {1}), ("frozenset", frozenset({1})), ("range", range(3)),
    ("int", 3), ("float", 1.5), ("None", None), ("list_iter", iter([1])),
    ("dict_keys", {1: 2}.keys()), ("dict_values", {1: 2}.values()), ("dict_items", {1: 2}.items()),
    ("dict_keyiter", iter({1: 2})), ("range_iter", iter(range(2))), ("str_iter", iter("ab")),
    ("tuple_iter", iter((1,))), ("zip", zip([1], [2])), ("generator", gen()), ("coroutine", c),
    ("async_gen", agen()), ("function", gen), ("type", int), ("lambda", lambda: 0),
    ("OrderedDict", collections.OrderedDict(a=1)),
    ("Counter", collections.Counter("aab")), ("defaultdict", collections.defaultdict(int)),
    ("memoryview", memoryview(b"ab")), ("reversed", reversed([1, 2])),
]
abcs = [Hashable, Iterable, Iterator, Reversible, Generator, Sized, Container, Callable,
        Collection, Set, MutableSet, Mapping, MutableMapping, MappingView, KeysView, ItemsView,
        ValuesView, Sequence, MutableSequence, Awaitable, Coroutine, AsyncIterable,
        AsyncIterator, AsyncGenerator]
for name, obj in samples:
    yes = [a.__name__ for a in abcs if isinstance(obj, a)]
    print(f"{name:12} {' '.join(yes)}")
c.close()
print([a.__name__ for a in abcs[1:] if isinstance(collections.deque(), a)])

print(issubclass(list, Sequence), issubclass(dict, Mapping), issubclass(str, MutableSequence),
      issubclass(tuple, Hashable), issubclass(list, Hashable), issubclass(type, Callable))


# Structural checks: a class with the right methods is a virtual subclass.
class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n


class NotHashable:
    __hash__ = None


print(isinstance(Countdown(2), Iterator), isinstance(Countdown(2), Iterable),
      isinstance(Countdown(2), Sized), issubclass(NotHashable, Hashable), list(Countdown(3)))


# Mixin methods: a read-only Mapping from three methods.
class Squares(Mapping):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, k):
        if not isinstance(k, int) or not 0 <= k < self.n:
            raise KeyError(k)
        return k * k

    def __iter__(self):
        return iter(range(self.n))

    def __len__(self):
        return self.n


sq = Squares(4)
print(sq[3], 2 in sq, 9 in sq, sq.get(7, "none"), list(sq.keys()), list(sq.values()),
      list(sq.items()), sq == {0: 0, 1: 1, 2: 4, 3: 9}, dict(sq))
print(type(sq.keys()).__name__, isinstance(sq.items(), Set), sq.keys() & {1, 2, 9})


class Bag(MutableMapping):
    def __init__(self):
        self.d = {}

    def __getitem__(self, k):
        return self.d[k]

    def __setitem__(self, k, v):
        self.d[k] = v

    def __delitem__(self, k):
        del self.d[k]

    def __iter__(self):
        return iter(self.d)

    def __len__(self):
        return len(self.d)


b = Bag()
b.update({"x": 1}, y=2)
b.setdefault("z", 3)
print(sorted(b.items()), b.pop("x"), b.popitem(), len(b))
try:
    b.pop("missing")
except KeyError as e:
    print("KeyError", e)


class Seq(Sequence):
    def __init__(self, *items):
        self.items = items

    def __getitem__(self, i):
        return self.items[i]

    def __len__(self):
        return len(self.items)


s = Seq(3, 1, 4, 1, 5)
print(list(reversed(s)), s.index(4), s.count(1), 5 in s, list(iter(s)))


class Stack(MutableSequence):
    def __init__(self):
        self.data = []

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, v):
        self.data[i] = v

    def __delitem__(self, i):
        del self.data[i]

    def __len__(self):
        return len(self.data)

    def insert(self, i, v):
        self.data.insert(i, v)


st = Stack()
st.append(1)
st.extend([2, 3])
st += [4]
st.reverse()
print(st.data, st.pop(), st.pop(0), st.data)
st.remove(2)
print(st.data)


class Span(Set):
    def __init__(self, items):
        self.items = list(dict.fromkeys(items))

    def __contains__(self, x):
        return x in self.items

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)


a, z = Span([1, 2, 3]), Span([2, 3, 4])
print(sorted(a & z), sorted(a | z), sorted(a - z), sorted(a ^ z), a <= Span([1, 2, 3, 4]),
      a.isdisjoint([7]), a == {1, 2, 3})


# register() makes a virtual subclass.
class Tree:
    pass


Sequence.register(Tree)
print(issubclass(Tree, Sequence), issubclass(Tree, Iterable), Tree.__mro__)
try:
    Mapping()
except TypeError as e:
    print("TypeError", e)

# types.GenericAlias, what subscripting a builtin generic makes.
alias = dict[str, list[int]]
print(alias, type(alias), alias.__origin__, alias.__args__, alias.__parameters__)
print(list[int], tuple[int, ...], tuple[()], type[int], collections.deque[str],
      collections.defaultdict[str, int], collections.OrderedDict[str, float], Iterable[int],
      Callable[[int, str], float], Callable[..., int], Mapping[str, int])
print(list[int] == list[int], list[int] == list[str], list[int]([1, 2]), list[int].__name__)


class IntList(list[int]):
    pass


print(IntList.__bases__, IntList([1, 2]).count(2), len(IntList([5])))
for bad in (lambda: isinstance([], list[int]), lambda: issubclass(list, list[int]),
            lambda: int[str]):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)

# memoryview over bytes and bytearray.
buf = bytearray(b"hello")
mv = memoryview(buf)
print(len(mv), mv[0], mv[-1], mv[1:3].tobytes(), mv.tolist(), mv.readonly, mv.format,
      mv.itemsize, mv.nbytes, mv.shape, mv.ndim, bytes(mv[::2]), mv == b"hello")
mv[0] = 74
mv[1:3] = b"EL"
print(buf, memoryview(b"ab").readonly, list(memoryview(b"xyz")), memoryview(b"ab").hex())
with memoryview(b"abc") as m2:
    print(m2[1])
try:
    m2[0]
except ValueError as e:
    print("ValueError", e)
try:
    memoryview(b"x")[0] = 1
except TypeError as e:
    print("TypeError", e)
try:
    memoryview("text")
except TypeError as e:
    print("TypeError", e)

# Ranges beyond 64 bits.
big = range(1 << 70, (1 << 70) + 10, 3)
print(big, len(big), list(big), big[1], big[-1], big[1:3], (1 << 70) + 3 in big, 5 in big,
      type(iter(big)).__name__, list(reversed(big)), bool(range(1 << 80, 0)))
try:
    len(range(1 << 100))
except OverflowError as e:
    print("OverflowError", e)
