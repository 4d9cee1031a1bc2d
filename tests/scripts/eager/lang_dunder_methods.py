# Common special methods on user classes: __repr__, __str__, __eq__, __len__,
# __getitem__, __contains__, __call__, __add__, __mul__, __lt__.

class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __repr__(self):
        return "Vec(" + ", ".join([repr(x) for x in self.xs]) + ")"

    def __str__(self):
        return "<" + " ".join([str(x) for x in self.xs]) + ">"

    def __len__(self):
        return len(self.xs)

    def __getitem__(self, i):
        return self.xs[i]

    def __contains__(self, v):
        return v in self.xs

    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs

    def __add__(self, other):
        return Vec(*[a + b for a, b in zip(self.xs, other.xs)])

    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])

    def __lt__(self, other):
        return self.norm2() < other.norm2()

    def norm2(self):
        return sum([x * x for x in self.xs])

v = Vec(1, 2, 3)
w = Vec(4, 5, 6)
print(v)
print(repr(v), str(v), [v, w])
print(len(v), v[0], v[-1], v[1:], 2 in v, 9 in v)
print(v + w, v * 3, v == Vec(1, 2, 3), v == w, v != w, v < w, w < v)
print(sorted([w, v, Vec(0, 0, 1)]))
print(f"{v} {v!r}")

class Affine:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __call__(self, x):
        return self.a * x + self.b

f = Affine(2, 1)
print(f(3), [f(x) for x in range(4)], list(map(f, [10, 20])))

class Table:
    def __init__(self):
        self.rows = {}

    def __setitem__(self, key, value):
        self.rows[key] = value

    def __getitem__(self, key):
        return self.rows[key]

    def __len__(self):
        return len(self.rows)

t = Table()
t["a"] = 1
t["b"] = [2, 3]
print(t["a"], t["b"], len(t), bool(t))
