# Python's arbitrary-precision ints: + - * // % divmod ** & | ^ << >> and
# comparisons over the int64 boundaries (2**63, 2**64), big values and
# negative operands; results that fit int64 go back to the small form.
VALUES = [0, 1, -1, 7, -7, 2**31, 2**63 - 1, 2**63, -2**63, -2**63 - 1, 2**64, -2**64,
          2**64 + 1, 2**200, -2**200 + 3, 3**100]


def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


for a in VALUES:
    for b in VALUES:
        print(a, b, a + b, a - b, a * b, a & b, a | b, a ^ b, a < b, a <= b, a == b, a != b)
        if b != 0:
            print("  div", a // b, a % b, divmod(a, b), a / b)

for a in VALUES:
    print(a, -a, +a, ~a, abs(a), type(-a) is int, a == -(-a), hash(a))
    for n in [0, 1, 3, 31, 63, 64, 65, 130]:
        print("  shift", n, a << n, a >> n)
    for e in [0, 1, 2, 3, 5]:
        print("  pow", e, a ** e)

print(2**63 - 1 + 1 - 1, type(2**63 - 1 + 1 - 1), 2**64 - 2**64, (2**64) // (2**32), (-2**63) // -1)
print(-9223372036854775808, 9223372036854775808, 0xFFFF_FFFF_FFFF_FFFF_FFFF, 0o7777777777777777777777777,
      0b1_0000000000000000000000000000000000000000000000000000000000000000)
print(pow(3, 2**70, 2**64 + 13), pow(3, -1, 2**64 + 13), pow(-3, 5, -7), pow(2, -1, 1), pow(2**100, 3, -2**65 - 1))
print(pow(2, -1), 2 ** -64, (2**100) ** -1, pow(-2**70, 3), (-1) ** (2**70), (-1) ** (2**70 + 1), 1 ** (2**100), 0 ** (2**100))
print(True + 2**64, 2**64 * True, 2**64 - False, sum([2**62, 2**62, 2**62, 2**62]), sum([2**64, -2**64, 5]))
x = 1
for i in range(100):
    x = x * 3 + i
print(x, x % 1000007, x.bit_length())
y = x
for i in range(95):
    y = y // 2 - i
print(y, type(y))
show("zero div", lambda: 2**64 // 0)
show("zero mod", lambda: 2**64 % 0)
show("zero divmod", lambda: divmod(-2**70, 0))
show("zero truediv", lambda: 2**64 / 0)
show("neg shift", lambda: 2**64 >> -1)
show("neg lshift", lambda: 1 << -1)
show("pow mod 0", lambda: pow(2**70, 3, 0))
show("not invertible", lambda: pow(6, -1, 4))
show("float mod", lambda: pow(2.0, 3, 5))
show("zero neg pow", lambda: 0 ** -1)
show("big neg pow", lambda: (2**1100) ** -1)
show("index", lambda: [1, 2][2**64])
show("repeat", lambda: "ab" * 2**64)
print([1, 2, 3, 4][:2**100], [1, 2, 3, 4][-2**100:2], [1, 2, 3, 4][::-2**70], "hello"[2**65:])
d = {2**64: "a", -2**64: "b", 2**63 - 1: "c"}
d[2**64] = "A"
d[2**63 + 0] = "D"
print(d, 2**64 in d, (2**64 + 1) - 1 in d, sorted([2**70, -2**70, 5, 2**64, -1]))
print({2**70, 2**70 + 0, 2**35 * 2**35}, max(2**100, 3), min(-2**100, 2.5))
