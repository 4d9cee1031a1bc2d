# Class statements over int, float, str, list, tuple, dict and set: values
# that behave as their base in operators, conversions, hashing and
# formatting, keep attributes of their own, and come from __new__ as
# CPython makes them (int.__new__(cls, v), super().__new__). Also
# __slots__ without __dict__, and the descriptors' __get__/__set__.
from _catch_helper import catch


class I(int):
    def double(self):
        return I(self * 2)


x = I(7)
print(x, repr(x), type(x).__name__, x + 1, 1 + x, x * x, x == 7, 7 == x, hash(x) == hash(7), x < 8, -x, abs(x))
print(bool(I(0)), isinstance(x, int), [1, 2, 3, 4, 5, 6, 7, 8][x], range(x), f"{x:03d}", "%d|%x" % (x, x))
print(int(x), type(int(x)).__name__, float(x), str(x), x.bit_length(), x.real, x.double(), type(x.double()).__name__)
print(divmod(x, 2), x // 2, x % 3, x ** 2, x >> 1, x & 3, x | 8, ~x, round(x), sorted([I(3), 1, I(2)]))
x.note = "kept"
print(x.note, {x: "a"}[7], {7: "b"}[x], int.__new__(I, 3), type(int.__new__(I, 3)).__name__, I("12", 8))
catch(lambda: int.__new__(str, 3))
catch(lambda: int.__new__(3))


class J(int):
    def __new__(cls, v):
        self = super().__new__(cls, v * 2)
        self.orig = v
        return self

    def __repr__(self):
        return f"J({int(self)} from {self.orig})"


j = J(4)
print(j, repr(j), j.orig, j + 0, str(j))


class S(str):
    def shout(self):
        return self.upper() + "!"


s = S("hi")
print(s, repr(s), s + "x", "x" + s, s.shout(), len(s), s == "hi", {"hi": 1}[s], type(s).__name__, s[0])
print(isinstance(s, str), str(s), type(str(s)).__name__, S("a") < "b", "a" < S("b"), S("ab") * 2, S("a%s") % 1)
print(S("x") in "xyz", "x" in S("xyz"), S("A").lower(), S(" a ").strip(), f"{S('q'):>3}", sorted([S("b"), "a"]))
print(S("a,b").split(","), ",".join([S("a"), S("b")]), hash(S("k")) == hash("k"), type(S("ab")[0]).__name__)


class F(float):
    pass


f = F(1.5)
print(f, f + 1, f * 2, type(f).__name__, f.is_integer(), round(f), F("2.5") / 2, int(F(3.9)), f"{f:.3f}")


class L(list):
    pass


lst = L([1, 2])
print(lst + [3], [0] + lst, len(lst), lst[0], lst * 2, type(lst + [3]).__name__, lst == [1, 2])


class T(tuple):
    pass


print(T((1, 2)) + (3,), (0,) + T((1,)), T((1, 2)) == (1, 2), T("ab"))


class D(dict):
    pass


dd = D(a=1)
print(dd | {"b": 2}, {"z": 0} | dd, dd["a"], len(dd), type(dd | {}).__name__)


class St(set):
    pass


print(sorted(St({1, 2}) | {3}), sorted({0} | St({1})), St({1, 2}) & {2}, 2 in St({2}))


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self):
        self.a = 1


o = Slotted()
o.b = 2
print(o.a, o.b, hasattr(o, "__dict__"))
catch(lambda: setattr(o, "c", 3))


class WithDict:
    __slots__ = ("a", "__dict__")


w = WithDict()
w.z = 5
print(w.z, w.__dict__)


class C:
    def f(self):
        return 1

    @property
    def p(self):
        return 2

    @p.setter
    def p(self, v):
        self._p = v

    @classmethod
    def c(cls):
        return cls.__name__

    @staticmethod
    def s():
        return 3


c = C()
print(C.__dict__["f"].__get__(c)(), C.__dict__["p"].__get__(c), C.__dict__["c"].__get__(None, C)(), C.__dict__["s"].__get__(c)())
C.__dict__["p"].__set__(c, 9)
print(c._p, C.__dict__["f"].__get__(None, C) is C.__dict__["f"], hasattr(len, "__get__"))
