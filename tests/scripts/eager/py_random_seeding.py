# Python's random: seeding (int of any sign and size tc holds, bool, str,
# float, version=1 strings, None), random() and getrandbits() streams, and
# getstate() right after seeding, bit-identical to CPython 3.11.
import random


def head(seed, n=4):
    random.seed(seed)
    return [random.random() for _ in range(n)]


int_seeds = [0, 1, 2, 5, 42, 1234, 5489, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1,
             2**32, 2**32 + 5, 2**40 + 3, 2**53 + 1, 2**62, 9223372036854775807,
             -1, -5, -42, -(2**32), -9223372036854775807 - 1]
for s in int_seeds:
    print("int", s, head(s))

# seed(-n) is seed(n); True is 1.
print(head(-42) == head(42), head(True) == head(1), head(False) == head(0))

str_seeds = ["", "a", "hello", "Hello, World!", "random seed", "x" * 100,
             "h\u00e9llo w\u00f6rld", "\u65e5\u672c\u8a9e", "\U0001f600 emoji", "0", "42"]
for s in str_seeds:
    print("str", repr(s), head(s, 3))
# A str seed is not its int: "42" and 42 differ.
print(head("42") == head(42))

float_seeds = [0.0, 1.0, 3.5, -3.5, 0.1, 2.5e-300, 1e300, 123456.789, -0.0,
               float("inf"), float("-inf")]
for s in float_seeds:
    print("float", s, head(s, 3))
# An integral float hashes to its int.
print(head(3.0) == head(3), head(2.0**40) == head(2**40))

for s in ["", "a", "hello", "h\u00e9llo", "\u65e5\u672c"]:
    random.seed(s, version=1)
    print("v1", repr(s), random.random(), random.getrandbits(20))

# seed() and seed(None) draw from OS entropy: two of them differ.
random.seed()
a = random.random()
random.seed(None)
print(a != random.random(), 0.0 <= a < 1.0)

# getrandbits(k): the first (high) draw's top k bits for k <= 32, the low
# word first above that.
for s in [0, 7, 99]:
    random.seed(s)
    print("bits", s, [random.getrandbits(k) for k in [0, 1, 2, 7, 8, 16, 31, 32, 33, 48, 63]])

# A long stream crosses several twists of the state.
random.seed(2024)
vals = [random.random() for _ in range(2000)]
print(vals[0], vals[623], vals[624], vals[1247], vals[1999])
random.seed(2024)
print([random.getrandbits(32) for _ in range(5)])

# getstate() right after seeding: index 624 (the first draw twists).
random.seed(5489)
state = random.getstate()
print(state[0], len(state[1]), state[1][:4], state[1][-2:], state[2])
random.seed("state")
state = random.getstate()
print(state[1][:3], state[1][620:])
