# User iterator classes with __iter__/__next__, StopIteration, iter()/next().

class Countdown:
    def __init__(self, start):
        self.current = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1

for v in Countdown(3):
    print("countdown", v)
print(list(Countdown(5)), sum(Countdown(4)))

class Range2:
    """Iterable (not an iterator): each iter() gets a fresh iterator."""
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return Range2Iter(self.n)

class Range2Iter:
    def __init__(self, n):
        self.i = 0
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= self.n:
            raise StopIteration()
        v = self.i * 2
        self.i += 1
        return v

r = Range2(4)
print(list(r), list(r), [x + 1 for x in r])
for a, b in zip(Range2(3), Countdown(10)):
    print("zip", a, b)
for i, v in enumerate(Range2(3)):
    print("enumerate", i, v)
print(max(Range2(5)), min(Range2(5)), sorted(Countdown(4)), any(Countdown(2)), all(Range2(3)))
print(dict(zip(Range2(3), "abc")), tuple(Countdown(2)))

it = iter(Countdown(2))
print(next(it), next(it), next(it, "exhausted"))
try:
    next(it)
except StopIteration:
    print("StopIteration raised")

class Fib:
    def __init__(self, limit):
        self.a = 0
        self.b = 1
        self.limit = limit

    def __iter__(self):
        return self

    def __next__(self):
        if self.a > self.limit:
            raise StopIteration
        v = self.a
        self.a, self.b = self.b, self.a + self.b
        return v

print(list(Fib(100)))

class Pairs:
    def __init__(self, items):
        self.items = items
        self.pos = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.pos + 1 >= len(self.items):
            raise StopIteration
        p = (self.items[self.pos], self.items[self.pos + 1])
        self.pos += 2
        return p

for x, y in Pairs([1, 2, 3, 4, 5]):
    print("pair", x, y)

lst_it = iter([1, 2, 3])
print(next(lst_it), list(lst_it), list(lst_it))
s_it = iter("ab")
print(next(s_it), next(s_it), next(s_it, "end"))
t_it = iter((7, 8))
print(next(t_it), next(t_it))
r_it = iter(range(3))
print(next(r_it), list(r_it))
print(list(map(lambda v: v * 10, Countdown(3))), list(filter(lambda v: v % 2, Countdown(6))))
found = None
for v in Countdown(100):
    if v % 17 == 0:
        found = v
        break
print("first multiple of 17 counting down from 100:", found)
