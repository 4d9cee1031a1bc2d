# Integer arithmetic: + - * / // % ** and bit operators, including negatives.

a = 17
b = 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2)
print(-a + b, -a - b, -a * b, -a / b)

# floor division and modulo with every sign combination
for x in [7, -7]:
    for y in [2, -2, 3, -3]:
        print(x, y, x // y, x % y, (x // y) * y + x % y == x)

print(0 // 5, 0 % 5, -1 // 10, -1 % 10, 1 // -10, 1 % -10)
print(2 ** 10, 2 ** 0, (-2) ** 3, (-3) ** 2, -3 ** 2)
print(2 ** -1, 10 ** -2)
print(2 ** 62, -(2 ** 62), 2 ** 40 * 3)
print(1000000 * 1000000, 123456789 * 1000)

# bit operations
print(12 & 10, 12 | 10, 12 ^ 10, ~12, ~-1, 1 << 10, 1024 >> 3, -16 >> 2)

# precedence
print(2 + 3 * 4, (2 + 3) * 4, 2 * 3 ** 2, -2 ** 2, 10 - 4 - 3, 2 ** 3 ** 2)
print(7 // 2 * 2, 7 % 4 % 3, 100 // 7 // 2)

# bools are ints
print(True + True, True * 7, False - 1, True / 2, True // 1)
print(int(True), int(False), True == 1, False == 0)

# int() conversions
print(int(3.99), int(-3.99), int("42"), int("-17"), int(" 8 "), int(7))
print(int(2.5e3), int(-0.5), int(1e15))
print(abs(-5), abs(5), abs(0), abs(-2 ** 40))

# comparisons of ints and floats
print(3 == 3.0, 3 < 3.5, -1 < 0 < 1, 2 != 2.0001)

# accumulate in a loop
total = 0
for i in range(1, 101):
    total += i * i
print("sum of squares 1..100 =", total)

fact = 1
for i in range(1, 21):
    fact *= i
print("20! =", fact)

n = 1
steps = 0
x = 27
while x != 1:
    if x % 2 == 0:
        x //= 2
    else:
        x = 3 * x + 1
    steps += 1
print("collatz(27) steps:", steps)
