# Lists: displays, methods, nesting, aliasing, comparison.

a = [3, 1, 4, 1, 5, 9, 2, 6]
print(a, len(a), a[0], a[-1], a[2:5], a[::-1], a[::3])
a.append(7)
a.extend([8, 9])
a.insert(0, 0)
print(a)
print(a.pop(), a.pop(0), a.pop(2), a)
print(a.index(5), a.count(1), 9 in a, 100 in a)
a.remove(1)
print(a)
b = sorted(a)
print(b, a)
a.sort()
print(a)
a.sort(reverse=True)
print(a)
a.reverse()
print(a)
c = a.copy()
c[0] = 100
print(a[0], c[0])

# aliasing
x = [1, 2]
y = x
y.append(3)
print(x, y, x is y, x == [1, 2, 3])
z = x + [4]
print(z, x)
x += [5]
print(x, y)

# nested lists and repetition
grid = [[0] * 3 for _ in range(2)]
grid[0][1] = 5
print(grid)
rep = [[1, 2]] * 2
print(rep, len(rep))
print([1, 2] * 3, [] * 5, [0] * 0)

# comparison
print([1, 2, 3] < [1, 2, 4], [1, 2] < [1, 2, 0], [2] > [1, 9], [1, 2] == [1, 2])

# mixed types and repr
m = [1, "two", 3.0, None, True, [5, [6]], (7, 8), {"k": 9}]
print(m)
print(len(m), m[5][1][0], m[6][1], m[7]["k"])

# build with loops
squares = []
for i in range(6):
    squares.append(i * i)
print(squares, sum(squares), max(squares), min(squares))
evens = [v for v in squares if v % 2 == 0]
print(evens)

# slice assignment and del
s = list(range(10))
s[2:5] = [20, 30]
print(s)
del s[0]
print(s)
del s[::2]
print(s)
s.clear()
print(s, len(s))
stack = []
for i in range(4):
    stack.append(i)
while stack:
    print("pop", stack.pop())
print(list("abc"), list((1, 2)), list(range(3)))
