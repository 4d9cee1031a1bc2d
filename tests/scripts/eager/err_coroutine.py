# An error raised inside an awaited coroutine: the traceback runs through the
# driver, the outer coroutine and the inner one, as CPython prints it.
async def inner(x):
    return 1 / x


async def outer(x):
    v = await inner(x)
    return v


def drive(c):
    try:
        c.send(None)
    except StopIteration as e:
        return e.value


print(drive(outer(2)))
drive(outer(0))
