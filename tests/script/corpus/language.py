# Front-end corpus: a tour of the language subset (valid CPython 3.11).
import math
import torch.nn as nn
from math import sqrt, pi as PI

X = 0x1F + 0o17 + 0b1010 + 1_000_000
Y = 1e-5 + .5 + 5. + 3.25e+2
S = 'single' + "double" + '''triple
quoted''' + r"raw\n" + "esc\t\x41\u00e9\n"
counter = 0


def add(a, b=2, *args, scale=1.0, **kwargs):
    """Docstring."""
    global counter
    counter += 1
    total = (a + b) * scale
    for extra in args:
        total += extra
    return total, kwargs


def closures():
    count = 0

    def bump(step=1):
        nonlocal count
        count += step
        return count

    get = lambda: count
    return bump, get


def comprehensions(n):
    squares = [i * i for i in range(n) if i % 2 == 0]
    pairs = [(i, j) for i in range(n) for j in range(i) if i != j]
    table = {k: v for k, v in zip("abc", range(3))}
    uniq = {x % 3 for x in range(n)}
    total = sum(x for x in squares)
    nested = [[c for c in row] for row in [[1, 2], [3, 4]]]
    return squares, pairs, table, uniq, total, nested


def unpacking(seq):
    first, *middle, last = seq
    (a, b), c = (1, 2), 3
    head, = [1]
    d = {**{"x": 1}, "y": 2}
    merged = [*seq, *middle]
    return first, middle, last, a, b, c, head, d, merged


def slicing(x):
    return x[1:], x[::2], x[1:-1:2], x[:, None], x[..., 0], x[::-1]


def strings(value, width):
    name = "tc"
    return (f"{name!r} {value:.4f} {value:>10} {value:{width}.2f} {{braces}} {name=}"
            f"{'nested'} {value * 2:e}")


def control(n):
    out = []
    i = 0
    while i < n:
        i += 1
        if i == 2:
            continue
        elif i > 7:
            break
        else:
            out.append(i)
    else:
        out.append(-1)
    return out if out else None


def chained(a, b, c):
    return a < b <= c != a and not (a is None) or b in [1, 2] and c not in (3,) and a is not b


def operators(a, b):
    r = a + b - a * b / 2 // 1 % 3 ** 2
    r = -r + ~int(r) + (a << 2) + (a >> 1) + (a & b) + (a | b) + (a ^ b)
    m = [[1.0]]
    r2 = m
    if isinstance(r2, int):
        r2 @= m
    x = 5
    x **= 2
    x //= 3
    x -= 1
    x *= 2
    x /= 4
    x %= 3
    return r, x


if __name__ == "__main__":
    print(add(1, 2, 3, scale=2.0, k=1))
    bump, get = closures()
    bump()
    print(get(), comprehensions(5), unpacking([1, 2, 3, 4]))
    print(strings(math.pi, 8), control(10), chained(1, 2, 3), operators(3, 4))
    print(X, Y, S, sqrt(PI), nn)
