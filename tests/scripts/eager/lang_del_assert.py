# del on names, list items, slices, dict keys and attributes; assert statements.

x = 10
del x
try:
    print(x)
except NameError as e:
    print("NameError after del:", e)

lst = [0, 1, 2, 3, 4, 5]
del lst[1]
print(lst)
del lst[-1]
print(lst)
del lst[1:3]
print(lst)

d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d, "b" in d)
try:
    del d["zzz"]
except KeyError as e:
    print("KeyError:", e)

class Obj:
    pass

o = Obj()
o.attr = 5
o.other = 6
del o.attr
print(hasattr(o, "attr"), hasattr(o, "other"))

a, b = 1, 2
del a, b
print("deleted two names")

assert True
assert 1 + 1 == 2, "math is broken"
assert [1], "non-empty list is truthy"

def checked_sqrt(v):
    assert v >= 0, "negative input: " + str(v)
    return v ** 0.5

print(checked_sqrt(16.0))
try:
    checked_sqrt(-4)
except AssertionError as e:
    print("AssertionError:", e)

try:
    assert False
except AssertionError as e:
    print("bare assert message: [" + str(e) + "]", repr(e))

try:
    assert 1 == 2, ("tuple", 1)
except AssertionError as e:
    print(e.args)

def validate_shape(shape):
    assert isinstance(shape, tuple), "shape must be a tuple"
    assert len(shape) == 2, "expected 2 dims, got " + str(len(shape))
    return shape[0] * shape[1]

for s in [(2, 3), (1, 2, 3), [2, 3]]:
    try:
        print(validate_shape(s))
    except AssertionError as e:
        print("invalid:", e)

def f():
    local = 1
    del local
    return "deleted local"

print(f())
