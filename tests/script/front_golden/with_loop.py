def run(items):
    total = 0
    with ctx() as c:
        for i, x in enumerate(items):
            if not x:
                continue
            if x > 10:
                break
            total += x
    return f"{total:>4} {c!r}"
