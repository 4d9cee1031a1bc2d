def gen(xs):
    total = yield 0
    r = yield from inner(xs)
    return total, r


squares = (x * x for x in range(3))


class C(Base, metaclass=M, tag=1):
    pass
