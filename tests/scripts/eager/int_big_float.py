# Big ints and floats: int -> float rounded half to even, float -> int of
# large floats exactly, true division rounded once, exact int/float
# comparison, and hashes that agree for equal ints and floats.
import math


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


for v in [2**53 + 1, 2**53 + 3, 2**54 + 2, 2**54 + 6, 2**63 - 1, 2**64 - 1, 2**64 + 2**11,
          2**64 + 2**11 + 1, 2**100 + 2**47, 2**100 + 2**47 + 1, 3**200, -(3**200), 2**1023 * 3 // 2,
          2**1024 - 2**970, 2**1024 - 2**970 - 1]:
    show(str(v)[:30], lambda: float(v))
show("2**1024", lambda: float(2**1024))
show("-2**1024", lambda: float(-2**1024))
show("max edge", lambda: float(2**1024 - 2**970))
for f in [1e19, -1e19, 1e300, -1.5e20, 2.0**63, -2.0**63, 2.0**64, 1.7976931348623157e308, 123456789.9]:
    print(f, int(f), math.floor(f), math.ceil(f), math.trunc(f), round(f))
show("inf", lambda: int(float("inf")))
show("nan", lambda: int(float("nan")))
for a, b in [(2**64, 3), (2**200 + 3, 2**100 + 7), (10**30, 10**10), (-2**60 - 1, 2**50), (1, 2**2000),
             (-1, 2**2000), (2**2000, 2**1990 + 1), (3**500, 7**150), (2**53 + 1, 1), (0, -2**70),
             (2**1100, 2**80), (1, 3**700)]:
    show("div %d" % (a % 1000), lambda: a / b)
show("div overflow", lambda: 2**1024 / 1)
show("div overflow 2", lambda: 2**2000 / 3)
for v in [2**100, 2**53 + 1, 2**64, -2**64, 2**1023, 10**400, -10**400]:
    for f in [2.0**100, 2.0**53, 1.8446744073709552e19, -1.8446744073709552e19, float("inf"), float("-inf"), float("nan"), 1e308]:
        print(v == f, v != f, v < f, v <= f, v > f, v >= f, f < v, end=" | ")
    print()
print(2**53 + 1 == 2.0**53, 2**53 + 1 > 2.0**53, 2**64 == 2.0**64, float(2**64) == 2**64)
for v in [2**64, -2**64, 2**100, 2**61 - 1, 2**61, -(2**61), -(2**61) + 1, 2**1000, 3**100, -(3**100)]:
    print(hash(v), hash(float(v)) == hash(v) if abs(v) < 2**1000 else None)
print(2**64 + 0.5, 2**100 * 1.5, 0.5 * 2**100, 2**100 - 1e30, 1e30 // 2**64, 2**64 // 2.5, 2**64 % 2.5, divmod(2**64, 2.5))
print(2**64 ** 0.5, (2**64) ** 0.5, 2**100 ** 0.25, math.sqrt(2**100), math.isclose(2**100, 2.0**100))
show("mix overflow", lambda: 2**1024 + 0.5)
show("mix overflow 2", lambda: 1.0 * 10**400)
