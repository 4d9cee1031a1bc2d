# A ZeroDivisionError raised inside a generator that another delegates to
# with `yield from`: the traceback passes through both generator frames.
def g():
    yield 1
    yield 1 / 0

def outer():
    yield from g()

for x in outer():
    print(x)
