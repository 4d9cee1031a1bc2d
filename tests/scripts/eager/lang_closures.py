# Closures, nonlocal, capturing loop variables, counters and accumulators.

def make_counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc

c1 = make_counter()
c2 = make_counter()
print(c1(), c1(), c1(), c2(), c1(), c2())

def make_adder(n):
    def add(x):
        return x + n
    return add

add5 = make_adder(5)
add10 = make_adder(10)
print(add5(1), add10(1), add5(add10(0)))

def make_multipliers():
    fs = []
    for i in range(4):
        fs.append(lambda x: x * i)
    return fs

print([f(10) for f in make_multipliers()])

def make_multipliers_bound():
    fs = []
    for i in range(4):
        fs.append(lambda x, i=i: x * i)
    return fs

print([f(10) for f in make_multipliers_bound()])

def accumulator(start):
    total = start
    def add(v):
        nonlocal total
        total += v
        return total
    def get():
        return total
    return add, get

add, get = accumulator(100)
add(5)
add(-20)
print(get(), add(0))

def outer():
    x = "outer"
    def middle():
        def inner():
            nonlocal x
            x = "changed by inner"
        inner()
        return x
    r = middle()
    return r, x

print(outer())

def read_only_capture():
    items = []
    def push(v):
        items.append(v)  # mutation needs no nonlocal
        return len(items)
    push(1)
    push(2)
    return items

print(read_only_capture())

def memoize(f):
    cache = {}
    def wrapper(n):
        if n not in cache:
            cache[n] = f(n)
        return cache[n]
    return wrapper

calls = [0]

def slow_square(n):
    calls[0] += 1
    return n * n

fast = memoize(slow_square)
print(fast(4), fast(4), fast(5), calls[0])

def late_binding():
    x = 1
    def show():
        return x
    x = 2
    return show()

print(late_binding())

def counter_gen(step):
    state = {"n": 0}
    def nxt():
        state["n"] += step
        return state["n"]
    return nxt

n3 = counter_gen(3)
print(n3(), n3(), n3())
