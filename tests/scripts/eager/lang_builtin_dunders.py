# Special methods of builtin types as attributes, bound and unbound, as
# CPython exposes them (keyword.py: `iskeyword = frozenset(kwlist).__contains__`).
kw = frozenset(["if", "else", "for"])
iskw = kw.__contains__
print(iskw("if"), iskw("x"), list(filter(iskw, ["a", "for", "b", "else"])))
print(frozenset.__contains__(kw, "else"), set.__contains__({1, 2}, 3))

# int and float arithmetic: bound, unbound, NotImplemented for foreign types
print((5).__add__(3), int.__add__(5, 3), (5).__radd__(3), int.__sub__(5, 3), (5).__rsub__(3))
print((7).__mul__(6), (7).__floordiv__(2), (7).__truediv__(2), (7).__mod__(4), (2).__pow__(10))
print((6).__and__(3), (6).__or__(3), (6).__xor__(3), (1).__lshift__(4), (64).__rshift__(2))
print((5).__add__(1.5), (5).__mul__("x"), (1.5).__add__(1), (1.5).__radd__(2), (1.5).__add__("s"))
print((5).__neg__(), (5).__pos__(), (-5).__abs__(), (5).__invert__(), (0).__bool__(), (3).__index__())
print((5).__eq__(5), (5).__eq__(5.0), (5).__lt__(7), (5).__ge__(7), (2.5).__lt__(3), (2.5).__eq__("x"))
print((7).__divmod__(2), (7.5).__floordiv__(2), (3.7).__int__(), (3).__float__(), (2.0).__mul__(True))
print(True.__and__(False), True.__or__(False), True.__add__(True), bool.__xor__(True, True))
print((10).__hash__() == hash(10), (1.5).__hash__() == hash(1.5), (12).__repr__(), (1.25).__repr__())

# str and bytes
s = "abc"
print(s.__add__("def"), str.__add__("x", "y"), s.__mul__(2), s.__rmul__(3))
print(s.__len__(), s.__getitem__(1), s.__getitem__(slice(1, None)), s.__contains__("bc"))
print(s.__eq__("abc"), s.__ne__("abc"), s.__lt__("b"), s.__eq__(1), s.__hash__() == hash(s))
print(s.__repr__(), s.__str__(), "%s-%d".__mod__(("a", 1)), list(s.__iter__()))
print("{}".__format__(""), s.__format__(">5"), str.__len__("xyz"))
b = b"xyz"
print(b.__add__(b"!"), b.__len__(), b.__getitem__(0), b.__contains__(b"y"), b.__mul__(2), b.__eq__(b"xyz"))

# list, tuple, dict
lst = [3, 1, 2]
print(lst.__len__(), list.__len__([1, 2]), lst.__getitem__(0), lst.__getitem__(slice(0, 2)))
print(lst.__contains__(2), lst.__add__([9]), lst.__mul__(2), lst.__eq__([3, 1, 2]), lst.__lt__([4]))
lst.__setitem__(0, 30)
lst.__delitem__(1)
print(lst, lst.__iadd__([7]), lst, lst.__imul__(2), list(lst.__iter__()), list(lst.__reversed__()))
print(lst.__eq__((30, 2)), lst.__ne__(5))
t = (1, 2, 3)
print(t.__len__(), t.__getitem__(-1), t.__contains__(2), t.__add__((4,)), t.__mul__(2), tuple.__iter__(t).__next__())
print(t.__hash__() == hash(t), t.__eq__((1, 2, 3)), t.__lt__((1, 3)), t.__eq__([1, 2, 3]))
d = {"a": 1}
getter = d.__getitem__
print(getter("a"), dict.__getitem__(d, "a"), d.__contains__("b"), d.__len__(), list(d.__iter__()))
d.__setitem__("b", 2)
print(d, d.__eq__({"a": 1, "b": 2}), d.__or__({"c": 3}), d.__or__(5))

# set operators
a, b2 = {1, 2, 3}, {2, 3, 4}
print(sorted(a.__and__(b2)), sorted(a.__or__(b2)), sorted(a.__sub__(b2)), sorted(a.__xor__(b2)))
print(a.__and__([1]), a.__le__({1, 2, 3, 4}), a.__eq__(frozenset(a)), a.__len__())
print(sorted(frozenset(a).__or__(b2)), type(frozenset(a).__or__(b2)).__name__)

# object's
o = object()
print(o.__eq__(o), o.__eq__(1), o.__ne__(1), o.__lt__(o), object.__eq__(1, 1))
print(object.__repr__(o) == repr(o), o.__hash__() == hash(o), o.__str__() == str(o))


class P:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, P) and object.__eq__(self, other) is NotImplemented


print(P(1) == P(2), P.__eq__ is not object.__eq__, P.__hash__ is None)


class Q:
    pass


print(Q.__eq__ is object.__eq__, Q().__eq__(1), Q.__repr__ is object.__repr__)


# subclasses calling the base class's method through super()
class MyList(list):
    def __getitem__(self, i):
        return ("item", super().__getitem__(i))

    def __len__(self):
        return super().__len__() * 10

    def __contains__(self, x):
        return list.__contains__(self, x) or x == "any"


ml = MyList([4, 5])
print(ml[1], len(ml), 4 in ml, "any" in ml, 9 in ml)


class MyDict(dict):
    def __getitem__(self, k):
        return super().__getitem__(k) * 2


md = MyDict(a=5)
print(md["a"], dict.__getitem__(md, "a"), md.get("a"))

# errors: a descriptor applied to the wrong type, a wrong argument count
try:
    int.__add__("x", 1)
except TypeError as e:
    print("TypeError:", e)
try:
    list.__len__((1, 2))
except TypeError as e:
    print("TypeError:", e)
try:
    (1).__add__()
except TypeError as e:
    print("TypeError:", e)
try:
    [].__getitem__(3)
except IndexError as e:
    print("IndexError:", e)

print(int.__add__.__name__, (1).__add__.__name__, str.__len__.__qualname__)


# object.__new__: a blank instance (no __init__ run), what super().__new__ reaches
class Blank:
    def __init__(self):
        self.ran = True


b0 = object.__new__(Blank)
print(type(b0).__name__, hasattr(b0, "ran"), object.__getattribute__(Blank(), "ran"))


class Single:
    _inst = None

    def __new__(cls, *args):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst

    def __init__(self, v):
        self.v = v


print(Single(1) is Single(2), Single(3).v)
for bad in [lambda: object.__new__(Blank, 1), lambda: object.__new__(MyList), lambda: object.__new__(5)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)


class NoInit:
    pass


try:
    object.__new__(NoInit, 1)
except TypeError as e:
    print("TypeError:", e)
