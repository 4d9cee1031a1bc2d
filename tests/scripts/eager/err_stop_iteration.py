# next() on an exhausted user iterator, outside any for loop.

class Two:
    def __init__(self):
        self.n = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.n >= 2:
            raise StopIteration
        self.n += 1
        return self.n

it = Two()
print(next(it), next(it))
print(next(it))
