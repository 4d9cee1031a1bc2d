# Assignment expressions (PEP 572): `name := value` in conditions, loops,
# displays, calls, subscripts and comprehensions, where the target binds
# in the enclosing function (or module), never in the comprehension.
data = [3, 8, 1, 9, 4]

if (n := len(data)) > 3:
    print("long list:", n)
print(n)

# while with a walrus, the classic read loop
chunks = iter(["ab", "cd", ""])
while (chunk := next(chunks)):
    print("chunk", chunk)
print(repr(chunk))

# values, displays, calls, subscripts
print((y := 5) * 2, y)
print([z := 1, z + 1, z + 2])
print(sorted({w := "k", w * 2}))
print(max(m := 7, 3), m)
print(data[(i := 2)], i)
print(data[j := 3], j)


def f(x):
    return x * 10


# comprehension: the target binds in the module (here), not the comprehension
total = 0
partial = [total := total + v for v in data]
print(partial, total)
print([last := v for v in data if v > 2], last)
print(any((hit := v) > 8 for v in data), hit)
filtered = [y2 for v in data if (y2 := f(v)) > 30]
print(filtered, y2)


def in_function(values):
    # binds a local of the function, read after the comprehension
    seen = [acc := v for v in values]
    return seen, acc


print(in_function([1, 2, 3]))


def counter():
    count = 0
    [count := count + 1 for _ in range(4)]
    return count


print(counter())


def nested_comprehensions():
    # the innermost comprehension's walrus still binds in the function
    grid = [[(cell := r * c) for c in range(3)] for r in range(3)]
    return grid, cell


print(nested_comprehensions())


def closure_sees_it():
    [found := v for v in "xyz"]

    def inner():
        return found

    return inner()


print(closure_sees_it())


def with_global():
    global gtarget
    [gtarget := v for v in (1, 2)]


with_global()
print(gtarget)


def shadow_in_lambda():
    fs = [lambda: (q := 99) for _ in range(1)]
    return fs[0]()


print(shadow_in_lambda())

# conditional expression and boolean operators
print((a := 0) or (b := "b"), a, b)
print(None if (c := 3) < 2 else c)
# nested walrus
print((p := (r := 4) + 1), p, r)
# in an f-string (parenthesized)
print(f"{(s := 'fs')!r} {s}")
# as the element of a generator expression passed to a call
print(sum(t := v for v in range(4)), t)
