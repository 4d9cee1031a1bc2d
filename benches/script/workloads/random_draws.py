# Python's random module called from script loops: random() (the hot path
# the brief asks to be no slower than CPython), randint, choice, shuffle,
# gauss.
import random


def draws(n):
    random.seed(12345)
    total = 0.0
    for _ in range(n):
        total += random.random()
    ints = 0
    for _ in range(n // 4):
        ints += random.randint(1, 6)
    items = list(range(100))
    picked = 0
    for _ in range(n // 4):
        picked += random.choice(items)
    for _ in range(n // 400):
        random.shuffle(items)
    g = 0.0
    for _ in range(n // 4):
        g += random.gauss(0.0, 1.0)
    return round(total, 6), ints, picked, items[:3], round(g, 6)


print(draws(200000))
