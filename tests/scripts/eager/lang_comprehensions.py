# List, dict and set comprehensions, nested, with conditions.

nums = list(range(10))
print([x * x for x in nums])
print([x for x in nums if x % 3 == 0])
print([x if x % 2 == 0 else -x for x in nums])
print([(i, j) for i in range(3) for j in range(i)])
print([[i * j for j in range(4)] for i in range(3)])
matrix = [[1, 2, 3], [4, 5, 6]]
print([row[i] for row in matrix for i in range(len(row)) if i != 1])
print([[row[i] for row in matrix] for i in range(3)])
flat = [v for row in matrix for v in row]
print(flat, sum(flat))
print({k: len(k) for k in ["a", "bb", "ccc"]})
print({i: [j for j in range(i)] for i in range(4)})
print(sorted({x % 3 for x in nums}))
print([c.upper() for c in "abc"])
words = ["apple", "Banana", "cherry", "date"]
print([w for w in words if len(w) > 4 and w[0] == w[0].lower()])
print([len(w) for w in words], [w[::-1] for w in words])
pairs = [(x, y) for x in [1, 2, 3] for y in [3, 1, 4] if x != y]
print(pairs, len(pairs))
print([f"{i}:{s}" for i, s in enumerate(words)])
print([a + b for a, b in zip([1, 2, 3], [10, 20, 30])])
print(sum([i for i in range(101)]), any([x > 8 for x in nums]), all([x < 10 for x in nums]))
# the loop variable does not leak out of a comprehension
x = "outer"
ys = [x for x in range(3)]
print(x, ys)
# comprehension using enclosing function variables
def scaled(values, factor):
    return [v * factor for v in values if v > 0]
print(scaled([-1, 2, 3, 0, 5], 10))
print([[0] * n for n in range(4)])
print({(i, i + 1): i for i in range(3)})
print([x for x in [] if x])
