# Tuples: displays, unpacking, nesting, comparison.

t = (1, 2, 3)
print(t, len(t), t[0], t[-1], t[1:], t[::-1])
print((), (5,), (5), tuple([1, 2]), tuple("ab"), tuple(range(3)))
a, b, c = t
print(a, b, c)
a, b = b, a
print(a, b)
(p, q), r = (10, 20), 30
print(p, q, r)
x, (y, z) = 1, (2, 3)
print(x, y, z)
print(t + (4, 5), t * 2, 2 in t, 9 not in t)
print((1, 2) < (1, 3), (1, 2, 3) > (1, 2), (2,) > (1, 100), (1, 2) == (1, 2))
print(t.index(2), (1, 1, 2).count(1))

def min_max(values):
    return min(values), max(values)

lo, hi = min_max([4, -2, 9, 0])
print(lo, hi)
res = min_max([1.5, 2.5])
print(res, type(res) is tuple)

pairs = [(1, "one"), (2, "two"), (3, "three")]
for num, word in pairs:
    print(num, word)
print(sorted([(2, "b"), (1, "z"), (2, "a")]))
nested = ((1, 2), (3, (4, 5)))
print(nested, nested[1][1][0])
single = 1,
print(single, len(single))
print(tuple([x * 2 for x in [1, 2, 3]]))
d = {(0, 1): "a", (1, 0): "b"}
print(d[(0, 1)], d[1, 0])
