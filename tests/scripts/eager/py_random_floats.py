# Python's random: uniform, gauss (its cached second value, cleared by
# seed), normalvariate, getstate/setstate, Random instances and a
# subclass, bit-identical to CPython 3.11.
import random

for seed in [0, 3, 77, "floats"]:
    random.seed(seed)
    print("seed", repr(seed))
    print(" uniform", [random.uniform(0, 1) for _ in range(3)], random.uniform(-2.5, 7.25),
          random.uniform(10, 1), random.uniform(3, 3), random.uniform(1, 1e9),
          random.uniform(True, 2.5))
    print(" gauss", [random.gauss() for _ in range(5)], random.gauss(10, 0.5),
          random.gauss(mu=-3, sigma=2), random.gauss(1.5, 0))
    print(" normalvariate", [random.normalvariate() for _ in range(5)],
          random.normalvariate(100, 15), random.normalvariate(sigma=0.1))

# gauss() caches the second value of each pair; seed() clears the cache.
random.seed(10)
g1 = random.gauss()
random.seed(10)
g2 = random.gauss()
print(g1 == g2)
random.seed(10)
pair = [random.gauss(), random.gauss()]
random.seed(10)
random.gauss()
random.seed(10)
print(pair[0] == random.gauss(), pair[1] == random.gauss())

# getstate / setstate: (3, 625 words + index, gauss_next).
random.seed(123)
random.gauss()
state = random.getstate()
print(state[0], len(state[1]), state[1][-1], state[2])
first = [random.random(), random.gauss(), random.randrange(1000), random.gauss()]
random.setstate(state)
print(first == [random.random(), random.gauss(), random.randrange(1000), random.gauss()])
random.setstate(state)
print(random.getstate() == state, type(state), type(state[1]))
# A state from the middle of a block.
random.seed(5)
for _ in range(700):
    random.random()
mid = random.getstate()
print(mid[1][-1], [random.random() for _ in range(2)])
random.setstate(mid)
print([random.random() for _ in range(2)])

# Independent instances: each its own state; the module functions are a
# hidden instance of their own.
r1 = random.Random(42)
r2 = random.Random(42)
random.seed(42)
print(r1.random() == r2.random() == random.random())
print(r1.randint(1, 100), r1.choice("xyz"), r1.sample(range(50), 4), r1.gauss(), r1.uniform(5, 6))
r3 = random.Random("words")
print(r3.random(), r3.getrandbits(40), r3.normalvariate(0, 1))
r3.seed(42)
r2.seed(42)
print(r3.random() == r2.random())
print(type(r1).__name__, isinstance(r1, random.Random), random.Random.VERSION)
r4 = random.Random()
print(0.0 <= r4.random() < 1.0)
r4.setstate(r1.getstate())
print(r4.random() == r1.random())


# A subclass that supplies its own random(): the derived methods draw from
# it (CPython's _randbelow_without_getrandbits for the integers).
class Quarter(random.Random):
    def __init__(self, x=None):
        self.calls = 0
        super().__init__(x)

    def random(self):
        self.calls += 1
        return 0.25


q = Quarter(1)
print(q.choice(range(8)), q.randrange(100), q.uniform(0, 8), q.sample(range(10), 3),
      q.choices("abcd", k=3), q.gauss(), q.calls)


# A subclass with its own getrandbits: _randbelow uses it.
class Counting(random.Random):
    def getrandbits(self, k):
        self.bits = getattr(self, "bits", 0) + k
        return super().getrandbits(k)


c = Counting(9)
print(c.randrange(1000), c.choice("abcdefgh"), c.bits, c.random())
plain = random.Random(9)
print(plain.randrange(1000), plain.choice("abcdefgh"))


# A subclass may add state and keep the core.
class Dice(random.Random):
    def roll(self, n):
        return [self.randint(1, 6) for _ in range(n)]


print(Dice(6).roll(10), random.Random(6).randint(1, 6))
