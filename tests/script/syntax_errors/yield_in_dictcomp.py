def f():
    g = (x for x in (yield 1) if (yield))
    return {(yield k): 1 for k in "ab"}
