# NameError for an unknown name inside a function, after some output.

def compute(values):
    total = 0
    for v in values:
        total += v
    return total * undefined_scale_factor_q

print("start")
print("computing")
print(compute([1, 2, 3]))
