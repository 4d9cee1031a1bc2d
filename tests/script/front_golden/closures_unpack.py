def outer(*args, **kw):
    first, *rest = args
    def inner(y=first):
        nonlocal rest
        rest = [*rest, y]
        return {**kw, "n": len(rest)}
    return inner
