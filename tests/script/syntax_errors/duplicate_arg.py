def f(x, x):
    pass
