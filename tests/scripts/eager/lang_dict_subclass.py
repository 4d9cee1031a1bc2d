# dict subclasses act as dict unless they override a special method;
# collections.OrderedDict: repr, order-sensitive equality, move_to_end, popitem.
from collections import OrderedDict
import collections


class Plain(dict):
    pass


d = Plain()
d["a"] = 1
d["b"] = 2
d[3] = [4]
print(type(d).__name__, d, repr(d), str(d), len(d), bool(d), bool(Plain()))
print(d["a"], d.get("zz", 0), "a" in d, "zz" not in d, isinstance(d, dict))
del d[3]
print(d, list(d), dict(d), sorted(d), d.keys(), d.values(), d.items())
d.update({"c": 3}, e=5)
print(d.pop("c"), d.setdefault("z", 9), d.setdefault("a", 100), d)
print(d == {"a": 1, "b": 2, "e": 5, "z": 9}, {"a": 1} != d, d == Plain(d))
for k in d:
    print(k, d[k], end="; ")
print()
for k, v in d.items():
    print(k, v, end="; ")
print()


def kw(**kwargs):
    return kwargs


print(kw(**d), {**d, "w": 0}, d.copy(), type(d.copy()).__name__)
print(Plain(x=1, y=2), Plain([(1, 2)]), Plain({"q": 1}), Plain.fromkeys("ab", 0))
print(type(Plain.fromkeys("ab")).__name__, f"{d}", "%s" % (d,))
d.clear()
print(d, len(d), bool(d))
d.attr = "kept"
print(d.attr, d)
try:
    d["missing"]
except KeyError as e:
    print("KeyError", e)
try:
    hash(Plain())
except TypeError as e:
    print(e)


class Upper(dict):
    def __init__(self, *args, **kwargs):
        super().__init__()
        self.writes = 0
        self.update(*args, **kwargs)  # dict.update does not call __setitem__
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def __setitem__(self, key, value):
        self.writes = getattr(self, "writes", 0) + 1
        super().__setitem__(key.upper(), value)

    def __getitem__(self, key):
        return super().__getitem__(key.upper())

    def __repr__(self):
        return "Upper(" + super().__repr__() + ")"


u = Upper(a=1)
u["b"] = 2
print(u["a"], u["B"], u, dict.__repr__(u), u.writes, "A" in u, "a" in u, len(u))
print(str(u), [u], dict(u), dict.__getitem__(u, "B"), dict.__contains__(u, "B"))


class Default(dict):
    def __missing__(self, key):
        return key * 2


m = Default(a=1)
print(m["a"], m["bc"], m.get("bc"), "bc" in m, m)


class Sized(dict):
    def __len__(self):
        return 7

    def __iter__(self):
        return iter(["zz"])

    def __contains__(self, key):
        return key == "yes"


s = Sized(a=1)
print(len(s), list(s), bool(s), "a" in s, "yes" in s, s, dict.__len__(s))


class Eq(dict):
    def __eq__(self, other):
        return True


print(Eq(a=1) == {}, {} == Eq(a=1), Eq(a=1) != {"a": 1})

# OrderedDict
od = OrderedDict()
print(od, repr(od), type(od).__name__, type(od), isinstance(od, dict), len(od), bool(od))
od["b"] = 1
od["a"] = 2
od["c"] = [1, "x"]
print(od)
print(od.keys(), od.values(), od.items())
print(type(od.keys()).__name__, type(od.values()).__name__, type(od.items()).__name__)
print(list(od.keys()), len(od.items()), "a" in od.keys(), ("a", 2) in od.items(), 2 in od.values())
od.move_to_end("b")
print(od)
od.move_to_end("b", last=False)
print(od)
print(od.popitem(), od)
print(od.popitem(last=False), od)
x = OrderedDict([("x", 1), ("y", 2)])
y = OrderedDict([("y", 2), ("x", 1)])
print(x == y, x != y, x == {"y": 2, "x": 1}, {"y": 2, "x": 1} == x, x == dict(y), x != dict(y))
print(dict(x), list(x), collections.OrderedDict(a=1), OrderedDict.fromkeys("ab", 0))
c = x.copy()
c["z"] = 3
print(c, x, type(c).__name__)


class MyOD(OrderedDict):
    pass


print(MyOD(a=1), MyOD(), MyOD(a=1) == OrderedDict(a=1), type(MyOD(a=1).copy()).__name__)
try:
    OrderedDict().popitem()
except KeyError as e:
    print("KeyError", e)
try:
    x.move_to_end("q")
except KeyError as e:
    print("KeyError", e)
print(kw(**x), {**x, "w": 0}, sorted(x, reverse=True))
x.update(q=5)
del x["x"]
print(x, x.get("q"), x.pop("q"), x.setdefault("n", 1), x)
nested = OrderedDict(a=OrderedDict(b=1), l=[OrderedDict()])
print(nested, str(nested), f"{nested}")
x.clear()
print(x, len(x))
