def f(a, b=2):
    if a < b < 3:
        return [x * a for x in b]
    try:
        g(a, k=b)
    except E as e:
        return e
    finally:
        a.m(1)
    return a
