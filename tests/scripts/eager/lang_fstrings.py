# f-strings: expressions, conversions and common format specs.

name = "tc"
n = 42
pi = 3.14159265
neg = -7
items = [1, 2, 3]

print(f"hello {name}")
print(f"{n} {n + 1} {n * 2} {n // 5} {n % 5}")
print(f"{pi:.2f} {pi:.0f} {pi:8.3f}| {pi:<8.3f}| {pi:>10.4f}|")
print(f"{n:5d}|{n:<5d}|{n:^7d}|{n:05d}|{neg:4d}|{neg:05d}")
print(f"{name:>6}|{name:<6}|{name:^6}|")
print(f"{name!r} {items!r} {'q'!r}")
print(f"{1e-5:.3e} {12345.6789:.2e} {0.5:.1%} {0.25:%}")
print(f"{items} {items[0]} {len(items)} {sum(items)}")
print(f"{'nested'} {'a' + 'b'} {str(5) * 2}")
print(f"{{literal braces}} {n}")
print(f"{n if n > 10 else -n} {[x * x for x in items]}")
d = {"key": "value", "k2": 3}
print(f"{d['key']} {d['k2']:3d}")
print(f"{True} {None} {1.0} {1.5} {2.0 / 3}")
print(f"{3.0:g} {0.0001:g} {1e20:g} {123.456:g}")
width = 10
prec = 3
print(f"{pi:{width}.{prec}f}|")

class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

p = Point(1.5, -2)
print(f"Point({p.x}, {p.y}) dist2={p.x ** 2 + p.y ** 2:.3f}")

for i in range(4):
    print(f"row {i}: {'#' * i}{'.' * (3 - i)} {i / 3:.3f}")

rows = [("alpha", 1, 0.5), ("beta", 22, 12.25), ("gamma", 333, 100.125)]
for label, count, value in rows:
    print(f"{label:<8}|{count:>5}|{value:>9.2f}|")
