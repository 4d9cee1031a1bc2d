# Float arithmetic, repr of floats, floor division/modulo of negative floats.

print(0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0, 10.0 / 4)
print(1e16, 1e-5, 1.5e300, 100.0, 123456789.0, 1.0e22, 0.0001, 12345.678)
print(-0.0, 0.5, -2.5, 3.0 * 1.5, 7 / 2, 6 / 3, 1 / 8)
print(float(3), float("2.5"), float("-1e3"), float(" 0.25 "), float(True))

# floor division and modulo for floats with every sign combination
for x in [7.5, -7.5]:
    for y in [2.0, -2.0]:
        print(x, y, x // y, x % y)
print(5.0 // 0.5, 5.5 % 1.0, -5.5 % 1.0, 1e10 % 7.0)

# mixing int and float
print(3 + 0.5, 3 * 0.5, 3 - 0.5, 2 ** 0.5, 4 ** 0.5, 10 // 3.0, 10 % 3.0)
print(2.0 ** 10, 2.0 ** -2, (-2.0) ** 3, 0.0 ** 0)

# round: banker's rounding and ndigits
print(round(2.5), round(3.5), round(-2.5), round(0.5), round(1.5), round(-0.5))
print(round(3.14159, 2), round(2.675, 2), round(1234.5678, 1), round(7.0), round(-7.6))
print(round(12345, -2), round(1.23456789, 5))
print(type(round(2.5)), type(round(2.5, 1)))

# int truncation toward zero
print(int(2.9), int(-2.9), int(0.9999), int(-0.1))

# float comparisons and special values
inf = float("inf")
print(inf, -inf, inf > 1e308, -inf < -1e308, inf == inf)
nan = float("nan")
print(nan == nan, nan != nan, nan < 1.0, nan > 1.0)
print(1e308 * 10, -1e308 * 10)

# small accumulations
s = 0.0
for i in range(10):
    s += 0.1
print(s, s == 1.0, abs(s - 1.0) < 1e-9)

h = 1.0
for i in range(5):
    h = h / 2 + 1 / h
print("sqrt(2) approx:", h)

vals = [1.5, -0.25, 3.75, 2.0]
print(sum(vals), max(vals), min(vals), sum(vals) / len(vals))
print(abs(-3.5), abs(2.25), abs(-0.0))
print(1.0 == 1, 1.5 > 1, 2.0 < 3, 0.1 * 3 == 0.3)
