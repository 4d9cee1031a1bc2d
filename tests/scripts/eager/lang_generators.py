# Generators: yield, yield from, send/throw/close, generator expressions,
# StopIteration values, exception state inside generators (PEP 479).


def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"


g = count_up(3)
print(type(g).__name__, g.__name__, g.__qualname__)
print(next(g), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("StopIteration", repr(e.value), e.args)
try:
    next(g)
except StopIteration as e:
    print("again", repr(e.value), e.args)
print(list(count_up(5)), sum(count_up(10)), max(count_up(4)))
print(iter(g) is g)


def echo():
    got = []
    try:
        while True:
            x = yield len(got)
            got.append(x)
    finally:
        print("echo finally", got)


e = echo()
print(e.send(None))
print(e.send("a"), e.send("b"))
e.close()
print("closed", e.gi_running)
try:
    e.send(1)
except StopIteration as ex:
    print("send after close", ex.args)

fresh = echo()
try:
    fresh.send(5)
except TypeError as ex:
    print("TypeError", ex)


def catcher():
    while True:
        try:
            yield "ready"
        except ValueError as ex:
            print("caught", ex)
            yield "after"


c = catcher()
print(next(c))
print(c.throw(ValueError("bad")))
print(next(c))
try:
    c.throw(KeyError, "k")
except KeyError as ex:
    print("propagated", repr(ex))
try:
    next(c)
except StopIteration:
    print("finished after error")


def inner():
    x = yield 1
    print("inner got", x)
    y = yield 2
    print("inner got", y)
    return x + y


def outer():
    r = yield from inner()
    print("inner returned", r)
    yield from [10, 20]
    yield from range(2)
    yield from "ab"
    return r * 2


o = outer()
print(next(o))
print(o.send(3))
print(o.send(4))
print(list(o))


def deleg_throw():
    def sub():
        try:
            yield "s1"
        except RuntimeError as ex:
            print("sub caught", ex)
            yield "s2"
        return "sub-ret"

    v = yield from sub()
    yield "outer " + v


d = deleg_throw()
print(next(d))
print(d.throw(RuntimeError("x")))
print(next(d))


def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2


s = stubborn()
next(s)
try:
    s.close()
except RuntimeError as ex:
    print("RuntimeError", ex)


def leaks_stop():
    yield 1
    raise StopIteration("oops")


try:
    list(leaks_stop())
except RuntimeError as ex:
    print("RuntimeError", ex, "cause", repr(ex.__cause__))

# Generator expressions are lazy.
seen = []


def note(x):
    seen.append(x)
    return x


ge = (note(x) * 2 for x in range(5) if x != 2)
print(type(ge).__name__, seen)
print(next(ge), seen)
print(list(ge), seen)
print(sum(x * x for x in range(10)))
print(any(x > 3 for x in range(10**6)), all(x < 3 for x in range(10**6)))
print(dict((k, k * k) for k in range(4)))
print(sorted((c for c in "hello"), reverse=True))
print("-".join(str(i) for i in range(4)))
nested = ((i, j) for i in range(3) for j in range(i))
print(list(nested))


# Closures, defaults, and generators as methods.
class Tree:
    def __init__(self, value, children=()):
        self.value = value
        self.children = list(children)

    def walk(self, depth=0):
        yield depth, self.value
        for ch in self.children:
            yield from ch.walk(depth + 1)

    def __iter__(self):
        for _, v in self.walk():
            yield v


t = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])
print(list(t.walk()))
print(list(t), 3 in t)


def make_counter(step):
    def gen(n):
        for i in range(n):
            yield i * step

    return gen


print(list(make_counter(3)(4)))


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


f = fib()
print([next(f) for _ in range(12)])
print(list(zip(fib(), "abc")))
print(list(enumerate(count_up(3), start=1)))


def with_exc_state():
    try:
        raise KeyError("outer")
    except KeyError:
        yield 1
        raise


w = with_exc_state()
print(next(w))
try:
    next(w)
except KeyError as ex:
    print("reraised", repr(ex))


def early_return(flag):
    if flag:
        return
    yield 1


print(list(early_return(True)), list(early_return(False)))

lam = lambda: (yield 5)
lg = lam()
print(next(lg))


def running_check():
    yield gen_self.gi_running


gen_self = running_check()
print(next(gen_self), gen_self.gi_running)


def reentrant():
    yield next(re_gen)


re_gen = reentrant()
try:
    next(re_gen)
except ValueError as ex:
    print("ValueError", ex)


def unpack_gen():
    yield 1, 2
    yield 3, 4


for a, b in unpack_gen():
    print(a + b)
x, y = (v for v in "xy")
print(x, y)
print([*count_up(3), *(i for i in "ab")])
