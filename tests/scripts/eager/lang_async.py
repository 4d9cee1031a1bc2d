# async / await: coroutines driven by hand, await chains, async with / for,
# async generators, async comprehensions, and CPython's errors.


def iterable_coroutine(func):
    """types.coroutine's path for a generator function: its code is marked
    CO_ITERABLE_COROUTINE (0x100), which makes its generators awaitable."""
    co = func.__code__
    func.__code__ = co.replace(co_flags=co.co_flags | 0x100)
    return func


def run(coro):
    """Drives `coro` to its end: what it yields (an await passing values up) is collected."""
    yielded = []
    value = None
    while True:
        try:
            value = coro.send(value)
        except StopIteration as e:
            return e.value, yielded
        yielded.append(value)
        value = len(yielded) * 10


class Ticket:
    """An awaitable: yields its number once, then returns what was sent back."""

    def __init__(self, n):
        self.n = n

    def __await__(self):
        got = yield self.n
        return ("ticket", self.n, got)


@iterable_coroutine
def pause(x):
    got = yield ("pause", x)
    return got


async def leaf(x):
    return x * 2


async def middle(x):
    a = await leaf(x)
    b = await Ticket(x)
    c = await pause(x + 1)
    return a, b, c


async def top():
    r = await middle(3)
    return ["top", r]


print("--- coroutines")
c = top()
print(type(c).__name__, c.__name__, c.__qualname__, repr(c).startswith("<coroutine object top at 0x"))
print(c.cr_running, c.cr_suspended, c.cr_await, c.cr_code.co_name)
print(run(c))
print(c.cr_suspended, c.cr_await)
try:
    c.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)

c = leaf(21)
try:
    c.send(None)
except StopIteration as e:
    print("StopIteration value", e.value)

c = middle(1)
print(c.send(None), type(c.cr_await).__name__)
print(c.send(5), type(c.cr_await).__name__, c.cr_suspended)
c.close()
print("closed:", c.cr_suspended, c.cr_await)

c = middle(1)
try:
    c.send(3)
except TypeError as e:
    print("TypeError:", e)
c.close()

# __await__ gives an iterator
c = leaf(4)
w = c.__await__()
print(type(w).__name__, iter(w) is w)
try:
    next(w)
except StopIteration as e:
    print("wrapper StopIteration", e.value)


print("--- throw into awaits")


async def guarded():
    try:
        v = await Ticket(1)
    except KeyError as e:
        return "caught " + repr(e)
    return v


c = guarded()
print(c.send(None))
try:
    c.throw(KeyError("k"))
except StopIteration as e:
    print(e.value)

c = guarded()
c.send(None)
try:
    c.throw(ValueError, "bad")
except ValueError as e:
    print("ValueError:", e)


async def stubborn():
    try:
        await Ticket(1)
    finally:
        await Ticket(2)


c = stubborn()
c.send(None)
try:
    c.close()
except RuntimeError as e:
    print("RuntimeError:", e)


print("--- await errors")


async def await_it(x):
    return await x


for bad in [1, "s", [1], None]:
    try:
        await_it(bad).send(None)
    except TypeError as e:
        print("TypeError:", e)


class BadAwait:
    def __await__(self):
        return 5


class CoroAwait:
    def __await__(self):
        c = leaf(1)
        c.close()
        return c


for obj in [BadAwait(), CoroAwait()]:
    try:
        await_it(obj).send(None)
    except TypeError as e:
        print("TypeError:", e)


def plain_gen():
    yield 1


try:
    await_it(plain_gen()).send(None)
except TypeError as e:
    print("TypeError:", e)

inner = middle(2)


async def twice():
    return await inner


t1 = twice()
print(t1.send(None))
try:
    twice().send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
inner.close()


async def raises():
    await Ticket(0)
    raise StopIteration(5)


c = raises()
c.send(None)
try:
    c.send(None)
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)


def gen_from_coro(c):
    yield from c


closed_coro = leaf(1)
closed_coro.close()
try:
    next(gen_from_coro(closed_coro))
except TypeError as e:
    print("TypeError:", e)


@iterable_coroutine
def gen_from_coro_ok():
    r = yield from leaf(5)
    return r


async def use_gen_from_coro():
    return await gen_from_coro_ok()


print(run(use_gen_from_coro()))


print("--- async with")
log = []


class Manager:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    async def __aenter__(self):
        log.append("enter " + self.name)
        await Ticket(self.name)
        return self.name.upper()

    async def __aexit__(self, typ, val, tb):
        log.append("exit %s %s" % (self.name, typ.__name__ if typ else None))
        await Ticket("x" + self.name)
        return self.suppress


async def use_managers():
    async with Manager("a") as a, Manager("b") as b:
        log.append("body " + a + b)
    async with Manager("c", suppress=True):
        raise KeyError("swallowed")
    try:
        async with Manager("d"):
            raise ValueError("passes")
    except ValueError as e:
        log.append("caught " + str(e))
    for i in range(3):
        async with Manager("loop%d" % i):
            if i == 1:
                break
    async with Manager("ret"):
        return "returned"


print(run(use_managers()))
for line in log:
    print(" ", line)


class NoAExit:
    async def __aenter__(self):
        return 1


class SyncOnly:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


class BadAEnter:
    def __aenter__(self):
        return 1

    async def __aexit__(self, *a):
        return False


async def use(m):
    async with m:
        pass


for m in [NoAExit(), SyncOnly(), BadAEnter()]:
    try:
        use(m).send(None)
    except TypeError as e:
        print("TypeError:", e)


print("--- async for")


class Countdown:
    def __init__(self, n):
        self.n = n

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.n <= 0:
            raise StopAsyncIteration
        self.n -= 1
        await Ticket(self.n)
        return self.n


async def loop_over():
    out = []
    async for i in Countdown(4):
        if i == 2:
            continue
        out.append(i)
    else:
        out.append("else")
    async for i in Countdown(5):
        if i == 3:
            break
        out.append(i * 100)
    else:
        out.append("no else after break")
    return out


print(run(loop_over()))


class NoAIter:
    pass


class AIterNoANext:
    def __aiter__(self):
        return self


class ANextNotAwaitable:
    def __aiter__(self):
        return self

    def __anext__(self):
        return 3


async def loop(x):
    async for i in x:
        pass


for x in [NoAIter(), AIterNoANext(), ANextNotAwaitable(), [1, 2]]:
    try:
        loop(x).send(None)
    except TypeError as e:
        print("TypeError:", e, "| cause:", repr(e.__cause__))


class FailingANext:
    def __aiter__(self):
        return self

    async def __anext__(self):
        raise KeyError("from anext")


try:
    loop(FailingANext()).send(None)
except KeyError as e:
    print("KeyError:", e)


print("--- async generators")


async def agen(n):
    for i in range(n):
        got = await Ticket(i)
        received = yield i * 10
        if received is not None:
            print("  agen received", received)
    print("  agen done")


g = agen(3)
print(type(g).__name__, g.__name__, repr(g).startswith("<async_generator object agen at 0x"))
print(g.__aiter__() is g, type(g.__anext__()).__name__, g.ag_running)


async def consume():
    out = []
    async for v in agen(3):
        out.append(v)
    return out


print(run(consume()))

# driving asend by hand
g = agen(2)
a = g.__anext__()
print(a.send(None))
try:
    a.send("resumed")
except StopIteration as e:
    print("first item", e.value)
try:
    a.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
a2 = g.asend("hello")
print(a2.send(None))
try:
    a2.send(None)
except StopIteration as e:
    print("second item", e.value)
a3 = g.__anext__()
try:
    a3.send(None)
except StopAsyncIteration:
    print("StopAsyncIteration")
try:
    g.__anext__().send(None)
except StopAsyncIteration:
    print("StopAsyncIteration again")


async def agen_cleanup():
    try:
        yield 1
        yield 2
    finally:
        print("  cleanup runs")


async def close_early():
    g = agen_cleanup()
    async for v in g:
        print("  got", v)
        break
    await g.aclose()
    try:
        await g.__anext__()
    except StopAsyncIteration:
        print("  exhausted after aclose")
    return "closed"


print(run(close_early()))


async def athrow_demo():
    async def inner():
        try:
            yield 1
        except ValueError as e:
            yield "handled " + str(e)

    g = inner()
    print("  first", await g.__anext__())
    print("  athrow ->", await g.athrow(ValueError("v")))
    try:
        await g.athrow(KeyError("k"))
    except KeyError as e:
        print("  KeyError propagated", e)
    return "ok"


print(run(athrow_demo()))


async def ignores_exit():
    try:
        yield 1
    except GeneratorExit:
        pass
    yield 2


async def close_ignored():
    g = ignores_exit()
    await g.__anext__()
    try:
        await g.aclose()
    except RuntimeError as e:
        print("  RuntimeError:", e)


run(close_ignored())


async def agen_stop():
    yield 1
    raise StopAsyncIteration


async def consume_stop():
    try:
        async for v in agen_stop():
            pass
    except RuntimeError as e:
        print("  RuntimeError:", e)


run(consume_stop())


print("--- async comprehensions")


async def comprehensions():
    a = [i async for i in Countdown(3)]
    b = {i: i * i async for i in Countdown(3) if i != 1}
    c = {i async for i in agen(3)}
    d = [await leaf(i) for i in range(3)]
    e = [[j async for j in Countdown(i)] for i in range(3)]
    g = (i * 2 async for i in Countdown(3))
    f = [x async for x in g]
    h = (await leaf(i) for i in range(2))
    return a, b, sorted(c), d, e, f, type(g).__name__, [x async for x in h]


print(run(comprehensions()))


def plain():
    return (await leaf(i) for i in range(2))


print(type(plain()).__name__)

print("--- flags")
print(hex(top.__code__.co_flags & 0x3A0), hex(agen.__code__.co_flags & 0x3A0))
print(hex(pause.__code__.co_flags & 0x3A0), hex(plain_gen.__code__.co_flags & 0x3A0))
try:
    raise StopAsyncIteration("x")
except Exception as e:
    print(type(e).__name__, e, StopAsyncIteration.__mro__[1].__name__)
