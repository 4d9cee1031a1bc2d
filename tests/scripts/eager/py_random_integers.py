# Python's random: randrange (one argument, two, any positive or negative
# step), randint, choice and shuffle, draw for draw as CPython 3.11
# (_randbelow draws getrandbits of n's bit length until below n).
import random

for seed in [0, 1, 42, 2024, -7, "ints"]:
    random.seed(seed)
    print("seed", repr(seed))
    print(" randrange(n)", [random.randrange(n) for n in [1, 2, 3, 4, 7, 8, 10, 16, 100, 1000, 2**31, 2**32, 2**32 + 1, 2**53, 2**62 + 12345]])
    print(" randrange(a, b)", [random.randrange(-5, 5) for _ in range(12)])
    print(" randrange big", [random.randrange(-(2**62), 2**62) for _ in range(3)],
          random.randrange(-9223372036854775807 - 1, 9223372036854775807))
    print(" step 3", [random.randrange(0, 20, 3) for _ in range(12)])
    print(" step -2", [random.randrange(10, -10, -2) for _ in range(12)])
    print(" step -7", [random.randrange(3, -40, -7) for _ in range(12)])
    print(" step 1000", [random.randrange(-10000, 10000, 1000) for _ in range(8)])
    print(" kwargs", random.randrange(start=3, stop=9), random.randrange(5, step=1),
          random.randrange(1, 100, step=7))
    print(" randint", [random.randint(1, 6) for _ in range(20)])
    print(" randint wide", [random.randint(-1000000, 1000000) for _ in range(5)],
          random.randint(0, 9223372036854775807), random.randint(-9223372036854775807 - 1, -1))
    print(" randint equal ends", random.randint(7, 7), random.randint(-3, -3))
    print(" choice", [random.choice([10, 20, 30, 40, 50]) for _ in range(10)],
          random.choice("abcdef"), random.choice((1.5, 2.5)), random.choice(range(10, 1000, 7)),
          random.choice(["only"]))
    deck = list(range(52))
    random.shuffle(deck)
    print(" shuffle", deck)
    words = ["alpha", "beta", "gamma", "delta", "epsilon"]
    random.shuffle(words)
    print(" shuffle words", words)
    two = [1, 2]
    random.shuffle(two)
    print(" shuffle two", two)
    empty = []
    random.shuffle(empty)
    print(" shuffle empty", empty)

# Indexing uses __len__ and __getitem__: a user sequence works with choice
# and shuffle.
class Ring:
    def __init__(self, items):
        self.items = list(items)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def __setitem__(self, i, v):
        self.items[i] = v


random.seed(3)
ring = Ring("abcdefg")
print(random.choice(ring), end=" ")
random.shuffle(ring)
print(ring.items)

# A bool is an int; so is an object with __index__.
class Five:
    def __index__(self):
        return 5


random.seed(11)
print(random.randrange(True, 10), random.randrange(Five()), random.randrange(1, Five()),
      random.randint(False, True))
