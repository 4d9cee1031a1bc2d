# def: defaults, keyword arguments, multiple returns, recursion, functions as values.

def greet(name, greeting="Hello", punct="!"):
    return greeting + ", " + name + punct

print(greet("Ann"))
print(greet("Bob", "Hi"))
print(greet("Cy", punct="?"))
print(greet(greeting="Yo", name="Di"))

def no_return():
    x = 1

print(no_return())

def early(x):
    if x > 0:
        return "pos"
    return

print(early(1), early(-1))

def divmod_like(a, b):
    return a // b, a % b

q, r = divmod_like(17, 5)
print(q, r, divmod_like(-17, 5))

def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

print([fact(i) for i in range(10)])

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

print([fib(i) for i in range(15)])

def is_even(n):
    return True if n == 0 else is_odd(n - 1)

def is_odd(n):
    return False if n == 0 else is_even(n - 1)

print(is_even(10), is_odd(7), is_even(7))

def apply(f, values):
    return [f(v) for v in values]

def square(x):
    return x * x

print(apply(square, [1, 2, 3]), apply(abs, [-1, 2, -3]), apply(str, [1, 2]))
fns = [square, abs, fact]
print([f(-3 if f is abs else 4) for f in fns])
alias = square
print(alias(9), alias is square)

def documented(a, b):
    """Adds two numbers."""
    return a + b

print(documented(2, 3))

def compose(f, g):
    def h(x):
        return f(g(x))
    return h

inc = lambda x: x + 1
print(compose(square, inc)(3), compose(inc, square)(3))

def mutate(lst):
    lst.append(len(lst))

data = []
for _ in range(3):
    mutate(data)
print(data)

def rebinding(lst):
    lst = [99]
    return lst

print(rebinding(data), data)

def defaults_evaluated_once(item, acc=[]):
    acc.append(item)
    return acc

print(defaults_evaluated_once(1), defaults_evaluated_once(2))

def none_default(item, acc=None):
    if acc is None:
        acc = []
    acc.append(item)
    return acc

print(none_default(1), none_default(2))

def hanoi(n, a, b, c, moves):
    if n == 0:
        return
    hanoi(n - 1, a, c, b, moves)
    moves.append((a, c))
    hanoi(n - 1, b, a, c, moves)

moves = []
hanoi(4, "A", "B", "C", moves)
print(len(moves), moves[:5])
