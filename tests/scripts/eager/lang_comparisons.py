# Comparison chains, is / is not, in / not in, and/or/not with short-circuiting.

x = 5
print(1 < x < 10, 1 < x > 4, 10 > x >= 5, 1 < 2 < 3 < 4, 1 < 3 < 2, 0 <= x <= 5 < 6)
print(1 == 1.0 == True, "a" < "b" < "c", [1] == [1] != [2])

trace = []

def val(v):
    trace.append(v)
    return v

print(val(1) < val(2) < val(3))
print(trace)
trace = []
print(val(3) < val(2) < val(1))
print(trace)  # the third operand is never evaluated

a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c, None is None, x is not None)
print(2 in a, 3 in a, 3 not in a, "b" in "abc", "k" in {"k": 1}, 1 in (1, 2), 5 in range(10))

print(True and "yes", False and "yes", 0 or "default", "value" or "default", None or 0)
print(not 0, not 1, not [], not [0], not None, not "")
print([] or [1], [2] and [3], 0 and 1 / 0, 1 or 1 / 0)
trace = []
r = val(0) and val(1)
r2 = val(2) or val(3)
print(r, r2, trace)

def between(v, lo=0, hi=10):
    return lo <= v < hi

print([between(v) for v in [-1, 0, 5, 10, 11]])
print(1 < 2 == 2, (1 < 2) == 2, 3 > 2 > 1 == 1)
print(max(1, 2) == 2 and min(1, 2) == 1 or False)
print(not 1 == 2, not (1 == 2), (not 1) == 2)
grades = []
for score in [95, 85, 72, 65, 40]:
    if 90 <= score <= 100:
        grades.append("A")
    elif 80 <= score < 90:
        grades.append("B")
    elif 70 <= score < 80:
        grades.append("C")
    elif score >= 60:
        grades.append("D")
    else:
        grades.append("F")
print(grades)
print(1 if x > 3 else 0, "even" if x % 2 == 0 else "odd", (x > 3) + (x > 4) + (x > 5))
v = None
print(v is None and "none" or "some", [1, 2] < [1, 3] < [2])
