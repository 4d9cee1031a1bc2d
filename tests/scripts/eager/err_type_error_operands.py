# TypeError: unsupported operand types, from adding an int to a str.

def label(n):
    return "item-" + n

print(label("a"))
print(label(1))
