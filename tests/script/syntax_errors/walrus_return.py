def f():
    return x := 1
