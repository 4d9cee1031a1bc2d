# itertools: every iterator of CPython 3.11's module, its results and reprs,
# and the argument errors worded as CPython words them.
import itertools
from itertools import (accumulate, chain, combinations, combinations_with_replacement, compress,
                       count, cycle, dropwhile, filterfalse, groupby, islice, pairwise,
                       permutations, product, repeat, starmap, takewhile, tee, zip_longest)
import operator


def check(label, fn):
    try:
        print(label, '->', repr(fn()))
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)


# Infinite iterators.
c = count()
print(next(c), next(c), next(c), repr(c))
print(list(islice(count(10, 3), 4)), repr(count(2, 3)), repr(count(0, -1)))
print(list(islice(count(1.5, 0.25), 4)), repr(count(1.0, 1.0)), repr(count(1, True)))
c = count(5)
for i in c:
    if i > 7:
        break
print(repr(c))
print(list(islice(cycle('abc'), 7)), list(islice(cycle([]), 3)))
print(list(repeat('x', 3)), list(repeat(1, -2)), list(islice(repeat(None), 2)))
r = repeat('a', 3)
next(r)
print(repr(r), repr(repeat([1, 2])), repr(repeat(1, -5)), r.__length_hint__())
print(list(map(pow, range(5), repeat(2))))

# Iterators terminating on the shortest input.
print(list(accumulate([1, 2, 3, 4, 5])), list(accumulate([1, 2, 3], operator.mul)))
print(list(accumulate([3, 1, 4, 1, 5], max)), list(accumulate([], initial=7)))
print(list(accumulate([1, 2, 3], initial=100)), list(accumulate('abc')))
print(list(accumulate([1, 2, 3], func=lambda a, b: a * 10 + b, initial=None)))
print(list(accumulate([0.1, 0.2, 0.3])))
print(list(chain('ab', [1, 2], (), range(2))), list(chain()))
print(list(chain.from_iterable(['ab', 'cd', []])), list(chain.from_iterable([])))
print(list(compress('ABCDEF', [1, 0, 1, 0, 1, 1])), list(compress(range(10), [0, 1, True])))
print(list(dropwhile(lambda x: x < 5, [1, 4, 6, 3, 8])), list(dropwhile(bool, [])))
print(list(takewhile(lambda x: x < 5, [1, 4, 6, 3, 8])), list(takewhile(bool, [1, 0, 1])))
print(list(filterfalse(lambda x: x % 2, range(10))), list(filterfalse(None, [0, 1, '', 'a'])))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])), list(starmap(max, [[1, 5, 2], 'xz'])))
print(list(pairwise('ABCDE')), list(pairwise('A')), list(pairwise([])))
print(list(islice('ABCDEFG', 2)), list(islice('ABCDEFG', 2, 4)), list(islice('ABCDEFG', 2, None)))
print(list(islice('ABCDEFG', 0, None, 2)), list(islice('ABCDEFG', None)), list(islice('AB', 5, 3)))
print(list(islice(range(100), 3, 30, 7)), list(islice('abc', None, None, None)))
it = iter(range(10))
print(list(islice(it, 2, 4)), next(it))
it = iter(range(10))
print(list(islice(it, 5, 3)), next(it))
print(list(zip_longest('ABCD', 'xy', fillvalue='-')), list(zip_longest()))
print(list(zip_longest([1], [2, 3], [4, 5, 6])), list(zip_longest('ab')))

# groupby.
print([(k, list(g)) for k, g in groupby('AAAABBBCCDAABBB')])
print([k for k, g in groupby('AAAABBBCCD')], list(groupby([])))
print([(k, list(g)) for k, g in groupby([1, 3, 2, 4, 5, 7, 6], key=lambda x: x % 2)])
groups = list(groupby('aabbb'))
print([(k, list(g)) for k, g in groups])
gb = groupby('xxyyz')
k, g = next(gb)
print(k, next(g))
k2, g2 = next(gb)
print(k2, list(g), list(g2))
words = ['apple', 'avocado', 'banana', 'blueberry', 'cherry']
for letter, group in groupby(words, key=lambda w: w[0]):
    print(letter, list(group))

# tee.
a, b = tee([1, 2, 3, 4])
print(next(a), next(a), list(b), list(a))
x, y, z = tee(iter('abc'), 3)
print(list(x), list(y), list(z), tee([1], 0))
a, b = tee(range(3))
c, d = tee(a)
print(list(c), list(d), list(b), list(a))
a, = tee(count(), 1)
print(next(a), next(a), type(a).__name__)
a, b = tee(iter([1, 2, 3]))
a2 = a.__copy__()
print(next(a), list(a2), list(b))

# Combinatorics.
print(list(product('AB', 'xy')), list(product(range(2), repeat=3)))
print(list(product('ab', [1], repeat=2)), list(product()), list(product('ab', [])))
print(list(product(repeat=0)), len(list(product(range(3), range(4), range(5)))))
print(list(permutations('ABC')), list(permutations(range(3), 2)))
print(list(permutations('ABCD', 2))[:7], list(permutations([], 0)), list(permutations('ab', 3)))
print(list(permutations('abc', 0)), len(list(permutations(range(5)))), list(permutations('ab', None)))
print(list(combinations('ABCD', 2)), list(combinations(range(4), 3)))
print(list(combinations('ab', 3)), list(combinations('ab', 0)), list(combinations([], 0)))
print(len(list(combinations(range(10), 4))))
print(list(combinations_with_replacement('ABC', 2)), list(combinations_with_replacement([], 2)))
print(list(combinations_with_replacement('ab', 0)), list(combinations_with_replacement([1, 2], 3)))

# Types and reprs.
print(itertools.count, itertools.chain, itertools.product, type(groupby('a')))
print(type(next(groupby('a'))[1]), type(tee([1])[0]), isinstance(chain(), itertools.chain))
print(iter(c) is c if False else iter(chain()) is not None)

# Errors (CPython 3.11's texts).
check("count('a')", lambda: count('a'))
check("count(1, 'a')", lambda: count(1, 'a'))
check("count(1, 2, 3)", lambda: count(1, 2, 3))
check("repeat()", lambda: repeat())
check("repeat(1, 'x')", lambda: repeat(1, 'x'))
check("islice([1], -1)", lambda: islice([1], -1))
check("islice([1], 1, -1)", lambda: islice([1], 1, -1))
check("islice([1], 'a')", lambda: islice([1], 'a'))
check("islice([1], 0, 2, 0)", lambda: islice([1], 0, 2, 0))
check("islice([1])", lambda: islice([1]))
check("islice([1], 1, 2, 3, 4)", lambda: islice([1], 1, 2, 3, 4))
check("islice(1, 2)", lambda: islice(1, 2))
check("combinations('abc')", lambda: combinations('abc'))
check("combinations('abc', -1)", lambda: combinations('abc', -1))
check("combinations_with_replacement('a', -2)", lambda: combinations_with_replacement('a', -2))
check("permutations('abc', -1)", lambda: permutations('abc', -1))
check("permutations('abc', 'x')", lambda: permutations('abc', 'x'))
check("permutations()", lambda: permutations())
check("product([1], repeat=-1)", lambda: product([1], repeat=-1))
check("product([1], foo=2)", lambda: product([1], foo=2))
check("product(1)", lambda: product(1))
check("list(chain(1))", lambda: list(chain(1)))
check("chain.from_iterable(1)", lambda: chain.from_iterable(1))
check("cycle(1)", lambda: cycle(1))
check("tee([1], -1)", lambda: tee([1], -1))
check("tee(1)", lambda: tee(1))
check("zip_longest([1], x=1)", lambda: zip_longest([1], x=1))
check("zip_longest(1)", lambda: zip_longest(1))
check("accumulate([1], initial=1, foo=2)", lambda: accumulate([1], initial=1, foo=2))
check("accumulate(1)", lambda: accumulate(1))
check("list(accumulate([1, 'a']))", lambda: list(accumulate([1, 'a'])))
check("starmap(len)", lambda: starmap(len))
check("list(starmap(len, [1]))", lambda: list(starmap(len, [1])))
check("pairwise()", lambda: pairwise())
check("compress([1])", lambda: compress([1]))
check("groupby()", lambda: groupby())
check("groupby([1], 1, 2)", lambda: groupby([1], 1, 2))
check("dropwhile(len)", lambda: dropwhile(len))
check("filterfalse(None)", lambda: filterfalse(None))
check("next(chain())", lambda: next(chain()))
check("itertools.batched", lambda: itertools.batched)
