# lambda expressions with map/filter/sorted/min/max and default arguments.

sq = lambda x: x * x
add = lambda a, b=10: a + b
const = lambda: "const"
print(sq(7), add(1), add(1, 2), const())
print((lambda x, y: x - y)(10, 3))
print(list(map(lambda x: x * 2, [1, 2, 3])))
print(list(map(lambda a, b: a + b, [1, 2, 3], [10, 20, 30])))
print(list(filter(lambda x: x % 2 == 1, range(10))))
print(list(filter(None, [0, 1, "", "a", None, [], [0]])))
people = [("ann", 31), ("bob", 25), ("cy", 40), ("di", 25)]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: (-p[1], p[0])))
print(min(people, key=lambda p: p[1]), max(people, key=lambda p: len(p[0])))
ops = {"add": lambda a, b: a + b, "mul": lambda a, b: a * b, "pow": lambda a, b: a ** b}
for name in ops:
    print(name, ops[name](3, 4))
compose = lambda f, g: lambda x: f(g(x))
inc_then_sq = compose(sq, lambda x: x + 1)
print(inc_then_sq(4))
print(list(map(str, [1, 2.5, None])), list(map(len, ["a", "bb", ""])))
print(list(map(abs, [-1, -2])), list(map(int, ["3", "4"])))
varargs = lambda *a, **k: (a, sorted(k))
print(varargs(1, 2, z=3, y=4))
kw = lambda x, *, scale=2: x * scale
print(kw(5), kw(5, scale=3))
cond = lambda v: "big" if v > 100 else "small"
print([cond(v) for v in [5, 500]])
m = map(lambda x: x + 1, [1, 2])
print(next(m), next(m))
print(sum(map(lambda x: x * x, range(4))))
