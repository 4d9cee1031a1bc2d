def f(x):
    return x
  y = 1
