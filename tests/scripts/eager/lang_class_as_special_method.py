# A class used as a special method (typing's TypedDict: `__call__ = dict` on its metaclass) is called without self, as CPython does: a class is no descriptor.
from typing import TypedDict
class Movie(TypedDict, total=False):
    name: str
    year: int
m = Movie(name="x")
print(m, type(m).__name__, Movie.__total__, sorted(Movie.__annotations__), sorted(Movie.__optional_keys__))
class Meta(type):
    __call__ = list
class L(metaclass=Meta):
    pass
print(L("ab"))
class C:
    __getitem__ = dict
print(C()[[("k", 1)]])
try:
    isinstance(m, Movie)
except TypeError as e:
    print(e)
