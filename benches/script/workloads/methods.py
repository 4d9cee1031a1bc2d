# Method calls and attribute access on objects.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def dot(self, other):
        return self.x * other.x + self.y * other.y


class Acc:
    def __init__(self):
        self.total = 0

    def push(self, v):
        self.total += v


def run(n):
    acc = Acc()
    v = Vec(1, 2)
    w = Vec(3, 4)
    for i in range(n):
        v = v.add(w)
        acc.push(v.dot(w) % 1000)
    return acc.total


print(run(200000))
