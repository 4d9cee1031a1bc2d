# Python's random: sample (the pool branch for small populations, the set
# branch for large ones, counts=) and choices (equal weights, weights,
# cum_weights, k), as CPython 3.11.
import random

for seed in [0, 5, 99, "seq"]:
    random.seed(seed)
    print("seed", repr(seed))
    print(" sample pool", random.sample(range(10), 10), random.sample([1, 2, 3, 4, 5], 3),
          random.sample("abcdefghij", 4), random.sample((1.5, 2.5, 3.5), 2))
    print(" sample k=0", random.sample(range(5), 0), random.sample([], 0))
    # n > setsize: the set branch (setsize 21 for k <= 5, 21 + 4**ceil(log4(3k)) above).
    print(" sample set", random.sample(range(1000000), 30))
    print(" sample set small k", random.sample(range(22), 5), random.sample(range(100), 5))
    print(" sample boundary", random.sample(range(21), 5), random.sample(range(85), 6),
          random.sample(range(86), 6))
    print(" sample big range", random.sample(range(-(2**40), 2**40, 3), 4))
    print(" sample counts", random.sample(["red", "blue"], counts=[4, 2], k=5),
          random.sample("xyz", 6, counts=[1, 2, 3]), random.sample(range(3), k=2, counts=[0, 5, 1]))
    print(" choices", random.choices("abc"), random.choices("abc", k=10),
          random.choices(range(100), k=5), random.choices([1.5, 2.5], k=0),
          random.choices("xy", k=-2))
    print(" choices weights", random.choices("abc", [1, 2, 3], k=10),
          random.choices("abc", weights=[0.1, 0.0, 0.9], k=6),
          random.choices(["a", "b"], [True, False], k=3),
          random.choices("abcd", [1, 0, 1099511627776, 3], k=4))
    print(" choices cum_weights", random.choices("abc", cum_weights=[1, 3, 6], k=10),
          random.choices("abc", cum_weights=(0.25, 0.5, 1.0), k=6),
          random.choices("ab", cum_weights=[0, 1], k=4))
    print(" choices one", random.choices(["solo"], k=3), random.choices(["solo"], [2.5], k=2))

# Equal weights use floor(random() * n); weights use bisect on the running
# sums: the same draws pick differently.
random.seed(1)
a = random.choices(range(10), k=8)
random.seed(1)
b = random.choices(range(10), [1] * 10, k=8)
print(a, b)

# sample leaves the population unchanged and returns a new list.
pop = [3, 1, 4, 1, 5, 9, 2, 6]
random.seed(8)
s = random.sample(pop, 8)
print(s, pop, sorted(s) == sorted(pop))
