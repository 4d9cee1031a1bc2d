# User-defined decorators: simple wrappers, decorator factories, stacking, on methods.

def shout(f):
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs).upper()
    return wrapper

@shout
def hello(name):
    return "hello " + name

print(hello("tc"))

def repeat(times):
    def deco(f):
        def wrapper(*args):
            return [f(*args) for _ in range(times)]
        return wrapper
    return deco

@repeat(3)
def one():
    return 1

print(one())

calls = []

def trace(f):
    def wrapper(*args, **kwargs):
        calls.append(("enter", args, sorted(kwargs.items())))
        r = f(*args, **kwargs)
        calls.append(("exit", r))
        return r
    return wrapper

@trace
def add(a, b=0):
    return a + b

print(add(1, 2), add(5, b=6))
print(calls)

def bracket(left, right):
    def deco(f):
        def wrapper(x):
            return left + f(x) + right
        return wrapper
    return deco

@bracket("[", "]")
@bracket("(", ")")
def ident(x):
    return x

print(ident("core"))

REGISTRY = {}

def register(name):
    def deco(f):
        REGISTRY[name] = f
        return f
    return deco

@register("double")
def double(x):
    return 2 * x

@register("neg")
def neg(x):
    return -x

print(sorted(REGISTRY), REGISTRY["double"](21), REGISTRY["neg"](5), double(4))

def count_calls(f):
    state = {"n": 0}
    def wrapper(*args):
        state["n"] += 1
        return f(*args), state["n"]
    return wrapper

@count_calls
def sq(x):
    return x * x

print(sq(2), sq(3), sq(4))

def log_method(f):
    def wrapper(self, *args):
        self.log.append(f(self, *args))
        return self.log[-1]
    return wrapper

class Machine:
    def __init__(self):
        self.log = []

    @log_method
    def run(self, n):
        return "ran " + str(n)

    @log_method
    def stop(self):
        return "stopped"

m = Machine()
m.run(1)
m.run(2)
print(m.stop(), m.log)

def memo(f):
    cache = {}
    def wrapper(n):
        if n in cache:
            return cache[n]
        v = f(n)
        cache[n] = v
        return v
    return wrapper

@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(60), fib(80))

def identity(f):
    return f

@identity
def unchanged():
    return "same"

print(unchanged())
