# Starred assignment targets, unpacking in displays and calls.

a, *b = [1, 2, 3, 4]
print(a, b)
*a, b = [1, 2, 3, 4]
print(a, b)
a, *b, c = range(6)
print(a, b, c)
a, *b, c = [1, 2]
print(a, b, c)
first, *rest = "hello"
print(first, rest)
(x, *y), z = [1, 2, 3], 4
print(x, y, z)
for head, *tail in [(1, 2, 3), (4,), (5, 6)]:
    print("head", head, "tail", tail)
print([*range(3), *[10, 11], *"ab"])
print((*[1, 2], 3))
print({**{"a": 1}, "b": 2, **{"a": 3}})
print(sorted({*[1, 2], *(2, 3)}))
nums = [3, 1, 2]
print(*nums)
print(max(*nums), sorted([*nums, 0]))

def f(a, b, c):
    return a * 100 + b * 10 + c

print(f(*[1, 2, 3]), f(1, *[2, 3]), f(*(1, 2), 3), f(**{"a": 1, "b": 2, "c": 3}))
rows = [[1, 2, 3], [4, 5, 6]]
cols = list(zip(*rows))
print(cols)
print(list(zip(*cols)))
*init, last = [0]
print(init, last)
h, *m = (9,)
print(h, m)
key, *values = "k v1 v2 v3".split()
print(key, values, len(values))
