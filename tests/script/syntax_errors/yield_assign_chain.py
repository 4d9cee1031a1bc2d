def f():
    x = yield = 3
