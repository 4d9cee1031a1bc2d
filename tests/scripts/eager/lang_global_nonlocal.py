# global and nonlocal statements, scoping rules.

counter = 0
config = {"debug": False}

def increment():
    global counter
    counter += 1
    return counter

increment()
increment()
print("counter", counter)

def set_debug():
    config["debug"] = True  # mutation of a global needs no declaration

set_debug()
print(config)

def shadow():
    counter = 100
    return counter

print(shadow(), counter)

def define_global():
    global created_later
    created_later = "made inside a function"

define_global()
print(created_later)

def reads_global():
    return counter * 10

print(reads_global())

def nested_nonlocal():
    a = 1
    b = 1
    def level1():
        nonlocal a
        a += 10
        def level2():
            nonlocal a, b
            a += 100
            b += 100
        level2()
    level1()
    return a, b

print(nested_nonlocal())

def mixed_scopes():
    global counter
    local_v = 5
    def inner():
        nonlocal local_v
        local_v *= 2
        return local_v + counter
    r = inner()
    counter = r
    return r

print(mixed_scopes(), counter)

x = "module x"

def f():
    x = "f x"
    def g():
        return x
    return g()

print(f(), x)

total = 0
for i in range(5):
    total += i
print("loop at module level", total, i)

def uses_loop_var():
    return i

print(uses_loop_var())
