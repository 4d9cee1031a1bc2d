# operator: the function forms of the operators (results and TypeErrors are
# the operators' own), itemgetter / attrgetter / methodcaller with their
# reprs, and argument errors as CPython 3.11 words them.
import operator
from operator import attrgetter, itemgetter, methodcaller


def check(label, fn):
    try:
        print(label, '->', repr(fn()))
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)


print(operator.add(2, 3), operator.sub(2, 3), operator.mul(4, 2.5), operator.truediv(7, 2))
print(operator.floordiv(-7, 2), operator.mod(-7, 3), operator.pow(2, 10), operator.neg(5))
print(operator.pos(-1.5), operator.abs(-3), operator.not_(0), operator.truth([1]))
print(operator.and_(12, 10), operator.or_(12, 10), operator.xor(12, 10), operator.invert(5))
print(operator.inv(0), operator.lshift(1, 5), operator.rshift(256, 3), operator.index(True))
print(operator.eq(1, 1.0), operator.ne('a', 'b'), operator.lt(1, 2), operator.le(2, 2))
print(operator.gt([1, 2], [1]), operator.ge((1,), (2,)), operator.is_(None, None))
print(operator.is_not(1, None), operator.concat([1], [2]), operator.concat('ab', 'cd'))
print(operator.contains([1, 2, 3], 2), operator.contains('abc', 'z'), operator.countOf([1, 2, 1, 1], 1))
print(operator.indexOf('abcb', 'b'), operator.getitem({'k': 5}, 'k'), operator.getitem('hello', slice(1, 3)))
print(operator.add('a', 'b'), operator.mul([0], 3), operator.mod('%d-%s', (1, 'x')))
print(operator.truediv(1, 3), operator.pow(2.0, 0.5), operator.sub(0.3, 0.1))
print(operator.and_({1, 2}, {2, 3}), operator.or_({1}, {2}), operator.xor(True, False))
it = iter([1, 2, 3])
next(it)
print(operator.length_hint([1, 2, 3]), operator.length_hint(iter([]), 7), operator.length_hint(5, 9))
print(operator.length_hint(it), operator.length_hint(iter(range(10, 0, -3))), operator.length_hint(iter((1,))))
print(operator.call(max, 3, 9, 4), operator.call(sorted, [3, 1], reverse=True))
d = {}
print(operator.setitem(d, 'a', 1), d, operator.delitem(d, 'a'), d)
x = [1]
y = operator.iadd(x, [2])
print(x, y is x, operator.iconcat(x, [3]), operator.imul([1], 2), operator.isub(5, 2))
print(operator.itruediv(1, 4), operator.ifloordiv(9, 4), operator.imod(9, 4), operator.ipow(3, 3))
print(operator.iand(6, 3), operator.ior(6, 3), operator.ixor(6, 3), operator.ilshift(1, 3), operator.irshift(8, 1))
print(operator.__add__(1, 2), operator.__not__(1), operator.__getitem__([5, 6], 1), operator.__and__ is operator.and_)
print(operator.add, operator.__add__, operator.not_, operator.__name__)

# Used as functions.
from functools import reduce
print(reduce(operator.mul, range(1, 6)), list(map(operator.neg, [1, -2])), sorted([3, 1, 2], key=operator.neg))


class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __lt__(self, other):
        return self.x < other.x

    def __getitem__(self, i):
        return (self.x, self.y)[i]

    def __repr__(self):
        return f'Vec({self.x}, {self.y})'

    def scale(self, k, offset=0):
        return Vec(self.x * k + offset, self.y * k + offset)


v = operator.add(Vec(1, 2), Vec(3, 4))
print(v, operator.eq(v, Vec(4, 6)), operator.lt(Vec(0, 0), v), operator.getitem(v, 1))
print(operator.concat(Vec(1, 1), Vec(2, 2)))

# itemgetter, attrgetter, methodcaller.
g = itemgetter(1)
print(g([10, 20, 30]), g('xyz'), itemgetter(1, 0)('ab'), itemgetter('k')({'k': 'v'}))
print(itemgetter(slice(2))([1, 2, 3]), itemgetter(-1, 0, 1)(range(5)))
rows = [('b', 2), ('a', 3), ('c', 1)]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(0)), max(rows, key=itemgetter(1)))
print(repr(g), repr(itemgetter(1, 'a', None)), repr(itemgetter((1, 2))))


class Node:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child


n = Node('root', Node('leaf', Node('deep')))
print(attrgetter('name')(n), attrgetter('child.name')(n), attrgetter('child.child.name', 'name')(n))
print(repr(attrgetter('name')), repr(attrgetter('a.b', 'c')), attrgetter('x', 'y')(Vec(1, 2)))
print(sorted([Vec(3, 0), Vec(1, 0), Vec(2, 0)], key=attrgetter('x')))
m = methodcaller('scale', 2)
print(m(Vec(1, 2)), methodcaller('scale', 3, offset=1)(Vec(1, 1)), methodcaller('upper')('abc'))
print(methodcaller('split', ',', maxsplit=1)('a,b,c'), methodcaller('count', 'a')('banana'))
print(repr(m), repr(methodcaller('f', 1, 'two', k=2, j=None)), repr(methodcaller('g')))
print(type(g), type(attrgetter('a')), type(m), isinstance(g, itemgetter))

# Errors (CPython 3.11's texts).
check("add(1)", lambda: operator.add(1))
check("add(1, 2, 3)", lambda: operator.add(1, 2, 3))
check("add(a=1, b=2)", lambda: operator.add(a=1, b=2))
check("neg()", lambda: operator.neg())
check("neg(1, 2)", lambda: operator.neg(1, 2))
check("not_()", lambda: operator.not_())
check("add(1, 'a')", lambda: operator.add(1, 'a'))
check("lt(1, 'a')", lambda: operator.lt(1, 'a'))
check("truediv(1, 0)", lambda: operator.truediv(1, 0))
check("neg('a')", lambda: operator.neg('a'))
check("index(1.5)", lambda: operator.index(1.5))
check("concat(1, 2)", lambda: operator.concat(1, 2))
check("indexOf([1, 2, 1], 3)", lambda: operator.indexOf([1, 2, 1], 3))
check("getitem([1], 5)", lambda: operator.getitem([1], 5))
check("getitem({}, 'k')", lambda: operator.getitem({}, 'k'))
check("length_hint(1, 'a')", lambda: operator.length_hint(1, 'a'))
check("itemgetter()", lambda: itemgetter())
check("itemgetter(5)([1])", lambda: itemgetter(5)([1]))
check("itemgetter(1)()", lambda: itemgetter(1)())
check("attrgetter()", lambda: attrgetter())
check("attrgetter(1)", lambda: attrgetter(1))
check("attrgetter('nope')(1)", lambda: attrgetter('nope')(1))
check("attrgetter('child.nope')(n)", lambda: attrgetter('child.nope')(n))
check("methodcaller()", lambda: methodcaller())
check("methodcaller(1)", lambda: methodcaller(1))
check("methodcaller('nope')(1)", lambda: methodcaller('nope')(1))
