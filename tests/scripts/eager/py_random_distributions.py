# Python's random: the other real-valued distributions (triangular,
# expovariate, lognormvariate, vonmisesvariate, gammavariate in each of its
# three algorithms, betavariate, paretovariate, weibullvariate) and their
# errors, bit-identical to CPython 3.11.
import random
def attempt(f, *args, **kwargs):
    try:
        print(repr(f(*args, **kwargs)))
    except Exception as e:
        print(type(e).__name__ + ":", e)
for seed in [0, 1, 2, 99, "dist"]:
    random.seed(seed)
    print("seed", seed)
    print([random.triangular() for _ in range(3)], random.triangular(1, 10), random.triangular(1, 10, 2), random.triangular(10, 1, 9.5), random.triangular(0, 100, 100), random.triangular(5, 5), random.triangular(low=2, high=4, mode=3))
    print([random.expovariate(1.5) for _ in range(3)], random.expovariate(-2), random.expovariate(10))
    print([random.lognormvariate(0, 1) for _ in range(3)], random.lognormvariate(1.5, 0.25))
    print([random.vonmisesvariate(0, 4) for _ in range(3)], random.vonmisesvariate(1, 0), random.vonmisesvariate(-3, 0.5), random.vonmisesvariate(7, 100))
    print([random.gammavariate(a, b) for a, b in [(0.5, 1), (1, 2), (1.0, 1), (2.5, 1.5), (9, 0.5), (0.01, 3), (100, 1)]])
    print([random.betavariate(a, b) for a, b in [(0.5, 0.5), (2, 5), (1, 1), (10, 0.3)]])
    print([random.paretovariate(a) for a in [1, 2.5, 0.1, 50]])
    print([random.weibullvariate(a, b) for a, b in [(1, 1), (2, 0.5), (0.5, 3), (10, 100)]])
r = random.Random(3)
print(r.triangular(1, 1, 1), r.triangular(2, 2, 1), type(r.triangular(3, 3)).__name__)
attempt(r.triangular, 0, 10, -5)
attempt(r.expovariate, 0)
attempt(r.expovariate)
attempt(r.gammavariate, 0, 1)
attempt(r.gammavariate, 1, -1)
attempt(r.betavariate, 1, -1)
attempt(r.betavariate, -1, 1)
attempt(r.paretovariate, 0)
attempt(r.weibullvariate, 1, 0)
attempt(r.lognormvariate, 800, 1)
attempt(r.lognormvariate, 0)
attempt(r.paretovariate, 1e-300)
print(r.random())
