# Python's random feeding tensor code: the draws are the same whether the
# functions run eagerly or compiled (under torch.compile a random call
# must run exactly once, never again while tracing).
import random

import torch


def scale_and_shift(x):
    a = random.random()
    b = random.gauss(0.0, 2.0)
    return x * a + b


def pick_rows(x, k):
    rows = random.sample(range(x.shape[0]), k)
    return x[rows].sum(dim=0) * random.uniform(1, 2)


def jitter(x, steps):
    for _ in range(steps):
        x = x + random.choice([-1.0, 0.5, 2.0])
    return x * 2


random.seed(0)
x = torch.arange(6, dtype=torch.float64).reshape(3, 2)
print(scale_and_shift(x))
print(scale_and_shift(x))
print(pick_rows(x, 2))
print(jitter(x, 5))
print(random.random())
random.seed(0)
r = random.Random(7)
print(r.random(), random.random())
