# Every listed builtin: len range enumerate zip isinstance type int float bool str list
# tuple dict set min max sum abs round sorted reversed any all map filter getattr
# setattr hasattr id repr iter next.

print(len([1, 2]), len("abc"), len({"a": 1}), len((1,)), len(set([1, 2, 2])), len(range(5)))
print(list(range(4)), list(range(1, 4)), list(range(0, 10, 3)), list(range(3, 0, -1)))
print(list(enumerate("ab")), list(enumerate([5, 6], 10)))
print(list(zip("ab", [1, 2])), list(zip([1], [2], [3])))
print(isinstance(1, int), isinstance(1.0, float), isinstance("s", str), isinstance([], list))
print(isinstance(True, int), isinstance(1, (str, float)), isinstance(None, int), isinstance((), tuple))
print(isinstance({}, dict), isinstance(set(), set), isinstance(1, bool))
print(type(1), type(1.5), type("s"), type([]), type(()), type({}), type(set()), type(None), type(True))
print(type(1) is int, type("x") == str, type(1.5) is float)
print(int("12"), int(3.7), int(-3.7), int(True), int())
print(float("1.25"), float(2), float(), float("inf"), float("-inf"))
print(bool(0), bool(1), bool(""), bool("x"), bool([]), bool([0]), bool(None), bool(0.0), bool())
print(str(1), str(1.0), str([1, "a"]), str(), str(None) + "!")
print(list("ab"), list((1, 2)), list({"k": 1}), list(), tuple([1]), tuple(), dict(a=1), dict())
print(sorted(set([3, 1, 2])), set())
print(min(3, 1, 2), min([4, 5]), min("bca"), max(3, 1, 2), max([4, 5]), max("bca"))
print(min([], default=0), max([1, 5, 3], key=lambda v: -v), min(["aa", "b"], key=len))
print(sum([1, 2, 3]), sum([0.5, 0.25]), sum([], 10), sum([[1], [2]], []), sum(range(11)))
print(abs(-3), abs(2.5), abs(-0.5), abs(0))
print(round(2.567, 1), round(2.5), round(-1.5), round(7))
print(sorted([3, 1, 2]), sorted("cab"), sorted([3, 1, 2], reverse=True), sorted([-3, 1, 2], key=abs))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed((1, 2))))
print(any([]), any([0, 0, 1]), any([False]), all([]), all([1, 2]), all([1, 0]))
print(list(map(lambda x: x + 1, [1, 2])), list(filter(lambda x: x > 1, [1, 2, 3])))

class Box:
    kind = "box"
    def __init__(self):
        self.size = 3

b = Box()
print(getattr(b, "size"), getattr(b, "kind"), getattr(b, "missing", "dflt"))
setattr(b, "size", 7)
setattr(b, "color", "red")
print(b.size, b.color, hasattr(b, "color"), hasattr(b, "weight"), hasattr(Box, "kind"))
alias = b
print(id(b) == id(b), id(b) == id(alias), id(b) == id(Box()), type(id(b)) is int)
print(repr(1), repr("a"), repr([1, "a"]), repr(None), repr(1.5), repr((1,)), repr({"k": [1]}))
it = iter([10, 20, 30])
print(next(it), next(it), next(it), next(it, "done"), next(it, None))
it2 = iter("xy")
print(next(it2), list(it2))
d_it = iter({"a": 1, "b": 2})
print(next(d_it), next(d_it))
print(isinstance(b, Box), type(b) is Box, isinstance(b, object))
