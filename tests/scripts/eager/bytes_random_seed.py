# random.seed with bytes, bytearray and non-ASCII str (versions 1 and 2),
# as CPython 3.11's random.py seeds them.
import random

for seed in [b"", b"abc", b"\x00\xff\xfe", bytearray(b"abc"), "abc", "héllo ☃", "𝄞"]:
    random.seed(seed)
    print(repr(seed), random.random(), random.randint(0, 10 ** 6))
for seed in [b"abc", b"\xe9t\xe9", "\xe9t\xe9", "héllo ☃", ""]:
    random.seed(seed, version=1)
    print("v1", repr(seed), random.random())
r = random.Random(b"state")
print(r.random(), random.Random("state").random() == random.Random(b"state").random())
try:
    random.seed(bytearray(b"x"), version=1)
except TypeError as e:
    print("TypeError:", e)
