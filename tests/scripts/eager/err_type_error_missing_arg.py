# TypeError: calling a function without a required positional argument.

def scale(x, factor):
    return x * factor

print(scale(2, 3))
print(scale(4))
