def f():
    return [x for x in (y := [1])]
