# for over ranges, lists, tuples, dicts, strings, zip, enumerate, reversed, sorted.

for i in range(3):
    print("range", i)
for i in range(2, 8, 2):
    print("step", i)
for i in range(5, 0, -2):
    print("down", i)
print(list(range(0)), list(range(-3, 3)), list(range(10, 0, -3)), len(range(0, 100, 7)))
for x in [1.5, "s", None]:
    print("list item", x)
for x in (10, 20):
    print("tuple item", x)
d = {"one": 1, "two": 2, "three": 3}
for k in d:
    print("dict key", k)
for v in d.values():
    print("dict value", v)
for k, v in d.items():
    print("dict item", k, v)
for ch in "hey":
    print("char", ch)
for a, b in zip([1, 2, 3], "abc"):
    print("zip", a, b)
for a, b, c in zip(range(3), [5, 6, 7, 8], (9, 8, 7)):
    print("zip3", a, b, c)
for i, v in enumerate(["x", "y", "z"]):
    print("enum", i, v)
for i, v in enumerate(["x", "y"], start=1):
    print("enum1", i, v)
for i, (a, b) in enumerate(zip([1, 2], [3, 4])):
    print("enum-zip", i, a, b)
for v in reversed([1, 2, 3]):
    print("rev", v)
for v in sorted([3, 1, 2], reverse=True):
    print("sorted", v)
for v in reversed(range(3)):
    print("rev range", v)
total = 0
for row in [[1, 2], [3, 4], [5, 6]]:
    for v in row:
        total += v
print("total", total)
# modifying loop variable does not affect iteration
for i in range(3):
    i = i * 10
    print("i", i)
print("last", i)
acc = []
for x, y in [(1, 2), (3, 4)]:
    acc.append(x * y)
print(acc)
n = 0
for _ in range(1000):
    n += 1
print(n)
print(list(zip([1, 2], ["a", "b"], [True, False])), list(enumerate("ab")))
print(list(zip([1, 2, 3], [4])), list(zip()))
