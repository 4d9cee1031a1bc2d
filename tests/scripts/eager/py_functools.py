# functools: partial (repr, attributes, flattening), reduce, wraps /
# update_wrapper, lru_cache / cache (hits, eviction, typed, methods),
# cmp_to_key, total_ordering, cached_property, and CPython 3.11's errors.
import functools
from functools import (cache, cached_property, cmp_to_key, lru_cache, partial, reduce,
                       total_ordering, update_wrapper, wraps)


def check(label, fn):
    try:
        print(label, '->', repr(fn()))
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)


def power(base, exp=2, *, mod=None):
    r = base ** exp
    return r if mod is None else r % mod


square = partial(power, exp=2)
cube = partial(power, exp=3)
print(square(5), cube(2), cube(2, exp=4), partial(power, 2)(10), partial(power, 2, 10, mod=7)())
p = partial(max, 1, key=abs)
print(repr(p), p.args, p.keywords, p.func is max, p(-5, 3))
flat = partial(partial(max, 1, key=abs), 2, key=None)
print(repr(flat), flat.func, flat.args, flat.keywords, flat(3, -7))
print(repr(partial(max)), partial(sorted, reverse=True)([3, 1, 2]), partial(int, base=2)('101'))


class MyPartial(partial):
    pass


print(repr(MyPartial(max, 4)), MyPartial(max, 4)(9), isinstance(MyPartial(max), partial))
p.note = 'hi'
print(p.note, repr(partial(p, 0)))

print(reduce(lambda a, b: a + b, [1, 2, 3, 4]), reduce(lambda a, b: a * b, range(1, 6), 10))
print(reduce(max, [], 'init'), reduce(lambda a, b: b + a, 'abc'), reduce(min, [5]))
print(reduce(lambda acc, x: acc + [x * 2], [1, 2], []), reduce(lambda a, b: a + b, [0.1, 0.2, 0.3]))


def logged(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        """wrapper doc"""
        return fn(*args, **kwargs)
    return wrapper


@logged
def greet(name):
    """Say hello."""
    return 'hello ' + name


print(greet('bob'), greet.__name__, greet.__qualname__, greet.__module__)
print(greet.__wrapped__('amy'), greet.__wrapped__.__name__)


def target():
    pass


target.extra = 42


def shell():
    pass


r = update_wrapper(shell, target)
print(r is shell, shell.__name__, shell.extra, shell.__wrapped__ is target)
print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES, type(wraps(target)))

calls = []


@lru_cache(maxsize=2)
def slow(x):
    calls.append(x)
    return x * 10


print(slow(1), slow(2), slow(1), slow(3), slow(2), slow(1), calls)
print(slow.cache_info(), slow.cache_parameters(), slow.__name__, slow.__wrapped__(7))
slow.cache_clear()
print(slow.cache_info(), slow(5), slow.cache_info())
info = slow.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize, info._fields, type(info).__name__)


@lru_cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(60), fib.cache_info())


@cache
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)


print(fact(20), fact.cache_info(), fact.cache_parameters())


@lru_cache(maxsize=None, typed=True)
def typed(x):
    calls.append(('typed', x))
    return x


calls.clear()
print(typed(1), typed(1.0), typed(1), typed(True), typed.cache_info(), calls)


@lru_cache()
def kw(a, b=0):
    return a + b


print(kw(1, b=2), kw(1, 2), kw(a=1, b=2), kw(1, b=2), kw.cache_info())


@lru_cache(maxsize=0)
def nocache(x):
    return x


print(nocache(1), nocache(1), nocache.cache_info())
check('unhashable arg', lambda: kw([1]))


class Circle:
    def __init__(self, r):
        self.r = r

    @lru_cache(maxsize=8)
    def area(self, scale=1):
        return 3 * self.r * self.r * scale

    @cached_property
    def diameter(self):
        print('computing diameter')
        return 2 * self.r


c = Circle(2)
print(c.area(), c.area(), c.area(2), Circle.area.cache_info().hits)
print(c.diameter, c.diameter, c.__dict__['diameter'], type(Circle.diameter).__name__)
c.diameter = 100
print(c.diameter)
del c.diameter
print(c.diameter)


def compare_len(a, b):
    return len(a) - len(b)


words = ['ccc', 'a', 'bb', 'dddd', 'e']
print(sorted(words, key=cmp_to_key(compare_len)), max(words, key=cmp_to_key(compare_len)))
K = cmp_to_key(lambda a, b: (a > b) - (a < b))
print(K(1) < K(2), K(2) <= K(2), K(3) == K(3), K(3) != K(3), K(5) > K(4), K(4) >= K(5), K(7).obj)
print(sorted([3, 1, 2], key=cmp_to_key(lambda a, b: b - a)))


@total_ordering
class Version:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n

    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.n < other.n


a, b = Version(1), Version(2)
print(a < b, a <= b, a > b, a >= b, b >= a, a <= Version(1), a >= Version(1), a > Version(1))
print(Version.__gt__.__name__, sorted([Version(3), Version(1)], key=lambda v: v.n)[0].n)


@total_ordering
class Desc:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n

    def __ge__(self, other):
        return self.n >= other.n


print(Desc(1) < Desc(2), Desc(1) > Desc(2), Desc(2) <= Desc(2), Desc(3) > Desc(2))
check('Version(1) < 5 (NotImplemented both ways)', lambda: Version(1) < 5)
check('Version(1) > 5', lambda: Version(1) > 5)


class NoOrder:
    pass


# Errors.
check('total_ordering(NoOrder)', lambda: total_ordering(NoOrder))
check('partial()', lambda: partial())
check('partial(1)', lambda: partial(1))
check('reduce(max, [])', lambda: reduce(max, []))
check('reduce(max)', lambda: reduce(max))
check('reduce(max, 1)', lambda: reduce(max, 1))
check('reduce(max, [], 1, 2)', lambda: reduce(max, [], 1, 2))
check('reduce(function=max, sequence=[1])', lambda: reduce(function=max, sequence=[1]))
check("lru_cache('x')", lambda: lru_cache('x'))
check('cmp_to_key()', lambda: cmp_to_key())
check('K(1) < 2', lambda: K(1) < 2)
check('hash(K(1))', lambda: hash(K(1)))
check('update_wrapper()', lambda: update_wrapper())
check('cached_property()', lambda: cached_property())
check('partial(max)()', lambda: partial(max)())
check('square()', lambda: square())
check('functools.nope', lambda: functools.nope)
