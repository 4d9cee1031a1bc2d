# IndexError: list index out of range, raised at module level inside a loop.
data = [10, 20, 30]
for i in range(5):
    print(i, data[i])
