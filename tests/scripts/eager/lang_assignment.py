# Assignment forms: chained, tuple unpacking, swaps, augmented for every operator.

a = b = c = 5
print(a, b, c)
x = y = []
x.append(1)
print(x, y, x is y)
p, q = 1, 2
p, q = q, p
print(p, q)
i, j, k = "xyz"
print(i, j, k)
(m, n), o = (1, 2), 3
print(m, n, o)
lst = [0, 0, 0]
lst[0], lst[2] = 7, 9
print(lst)
d = {}
d["a"] = d["b"] = 1
print(d)

v = 10
v += 5
print(v)
v -= 3
print(v)
v *= 4
print(v)
v /= 6
print(v)
v //= 2
print(v)
w = 17
w %= 5
print(w)
w **= 3
print(w)
w //= 3
print(w)
bits = 12
bits &= 10
print(bits)
bits |= 5
print(bits)
bits ^= 15
print(bits)
bits <<= 3
print(bits)
bits >>= 2
print(bits)
s = "ab"
s += "cd"
s *= 2
print(s)
t = (1,)
t += (2, 3)
print(t)
L = [1]
alias = L
L += [2]      # in place: alias sees it
print(L, alias, L is alias)
L = L + [3]   # rebinding: alias does not
print(L, alias, L is alias)

class Holder:
    def __init__(self):
        self.n = 1
        self.items = [1, 2]

h = Holder()
h.n += 10
h.n *= 2
h.items[0] += 100
h.items += [3]
print(h.n, h.items)
grid = [[1, 2], [3, 4]]
grid[1][0] -= 10
grid[0] *= 2
print(grid)
counts = {"a": 1}
counts["a"] += 1
counts["b"] = counts.get("b", 0) + 5
print(counts)
f = 1.5
f += 1
f *= 2
f -= 0.25
print(f)
n = 7
n /= 2
print(n, type(n))
acc = 0
for idx in range(1, 6):
    acc += idx
    acc *= 2 if idx % 2 else 1
print(acc)
first, second = second, first = 1, 2
print(first, second)
