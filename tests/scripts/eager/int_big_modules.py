# Big ints in int's methods (bit_length, bit_count, to_bytes, from_bytes),
# round(x, -n), math's integer functions and logs of big ints, and the
# random module with big seeds, getrandbits(k > 64) and big ranges.
import math
import random


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


for v in [0, 1, -1, 2**63, -2**63, 2**64 - 1, 2**64, -2**64, 2**100 + 5, -(3**80)]:
    print(v.bit_length(), v.bit_count(), v.numerator, v.denominator, v.real, v.imag, v.conjugate(), v.as_integer_ratio())
show("to_bytes", lambda: (2**70).to_bytes(10, "big"))
show("to_bytes little", lambda: (2**70 + 258).to_bytes(12, "little"))
show("to_bytes signed", lambda: (-2**70).to_bytes(10, "big", signed=True))
show("to_bytes kw", lambda: (2**70).to_bytes(length=9, byteorder="little"))
show("to_bytes default", lambda: (1).to_bytes())
show("to_bytes -1", lambda: (-1).to_bytes(3, "big", signed=True))
show("to_bytes -128", lambda: (-128).to_bytes(1, "big", signed=True))
show("to_bytes -129", lambda: (-129).to_bytes(1, "big", signed=True))
show("to_bytes 0 len", lambda: (0).to_bytes(0, "big"))
show("too big", lambda: (2**64).to_bytes(2, "big"))
show("signed too big", lambda: (255).to_bytes(1, "big", signed=True))
show("negative unsigned", lambda: (-1).to_bytes(2, "big"))
show("bad order", lambda: (5).to_bytes(1, "middle"))
show("bad length", lambda: (5).to_bytes(-1, "big"))
show("from_bytes", lambda: int.from_bytes(b"\x01\x00" * 9, "big"))
show("from_bytes little", lambda: int.from_bytes(b"\xff" * 9, "little"))
show("from_bytes signed", lambda: int.from_bytes(b"\xff" * 9, "little", signed=True))
show("from_bytes list", lambda: int.from_bytes([1, 2, 3, 200] * 5, "big", signed=True))
show("from_bytes empty", lambda: int.from_bytes(b"", "big"))
show("from_bytes bytearray", lambda: int.from_bytes(bytearray(b"\x80" + b"\x00" * 10), byteorder="big", signed=True))
for v in [123456789012345678901234567890, -123456789012345678901234567890, 2**70, 5, 15, 25, -25, 10**30 + 5 * 10**9]:
    print(round(v, -5), round(v, -10), round(v, -1), round(v, 3), round(v, -40))
show("round big nd", lambda: round(2**70, 2**100))

print(math.factorial(30), math.factorial(0), math.factorial(100) % 10**20, len(str(math.factorial(1000))))
print(math.comb(100, 50), math.comb(2**70, 3), math.comb(10, 20), math.comb(2**70, 2**70 - 2))
print(math.perm(100, 50), math.perm(30), math.perm(2**64, 2), math.perm(5, 6))
print(math.gcd(2**100, 6**50), math.gcd(-2**70, 2**35 * 3), math.gcd(), math.gcd(0, -2**80))
print(math.lcm(2**64, 3, 10**20), math.lcm(-2**70, 6), math.lcm(), math.lcm(0, 2**70))
print(math.isqrt(10**50), math.isqrt(2**129), math.isqrt(2**128 - 1), math.isqrt(0))
print(math.prod(range(1, 40)), math.prod([2**40] * 5, start=-1))
for v in [2**1000, 10**400, 2**5000 + 1, 3**2000, 2**64, 7]:
    print(math.log(v), math.log2(v), math.log10(v), math.log(v, 7), math.log(v, 2**2000))
for bad in [lambda: math.factorial(-1), lambda: math.factorial(2**64), lambda: math.comb(-1, 2),
            lambda: math.comb(2**100, 2**70), lambda: math.perm(2**100, 2**70), lambda: math.isqrt(-2**70),
            lambda: math.log(-2**100), lambda: math.log(0), lambda: math.log2(-1), lambda: math.factorial(2.0),
            lambda: math.gcd(2**70, 1.5)]:
    show("err", bad)

for seed in [2**64 + 1, 2**64, -2**64, 2**100 - 1, -(3**90), 2**32, 2**63, 2**31 * 2**31]:
    random.seed(seed)
    print(seed, random.random(), random.getrandbits(100), random.getrandbits(64), random.getrandbits(65),
          random.getrandbits(33), random.randrange(2**100), random.randint(-2**70, 2**70))
r = random.Random(2**80 + 7)
print(r.randrange(10**30, 0, -7), r.randrange(-2**70, 2**70, 3), r.randrange(2**64, 2**65), r.getrandbits(1000) % 10**12)
print(r.choice(range(10)), r.random(), r.randrange(2**63, 2**63 + 5))
show("empty", lambda: r.randrange(2**70, 2**70))
show("empty step", lambda: r.randrange(2**70, 0, 5))
show("zero step", lambda: r.randrange(0, 2**70, 0))
