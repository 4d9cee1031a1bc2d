# A SyntaxError in the middle of the file: 'invalid syntax' with a caret.
def f(x):
    return x + 1

print(f(1))
y = = 3
print(y)
