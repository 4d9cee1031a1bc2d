# ZeroDivisionError from integer modulo inside a method.

class Averager:
    def __init__(self):
        self.values = []

    def add(self, v):
        self.values.append(v)

    def mean(self):
        return sum(self.values) // len(self.values)

    def wrap(self, i):
        return i % len(self.values)

a = Averager()
for v in [3, 5, 10]:
    a.add(v)
print("mean", a.mean(), "wrap", a.wrap(7))
b = Averager()
print("empty mean next")
print(b.mean())
