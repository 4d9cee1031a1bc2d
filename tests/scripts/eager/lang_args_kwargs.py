# *args, **kwargs, keyword-only parameters, calls with * and ** unpacking.

def f(*args):
    return len(args), args

print(f(), f(1), f(1, "two", 3.0))

def g(a, b=2, *args, **kwargs):
    return a, b, args, kwargs

print(g(1))
print(g(1, 3))
print(g(1, 3, 5, 7))
print(g(1, x=9, y=8))
print(g(1, 2, 3, z=0))

def kw_only(a, *, scale=1.0, shift=0):
    return a * scale + shift

print(kw_only(3), kw_only(3, scale=2.0), kw_only(3, shift=1), kw_only(3, shift=-1, scale=0.5))

def kw_only_required(*, name, count):
    return name * count

print(kw_only_required(count=3, name="ab"))

def mixed(a, b, *rest, flag=False, **options):
    return [a, b, list(rest), flag, sorted(options.items())]

print(mixed(1, 2))
print(mixed(1, 2, 3, 4, flag=True, beta=2, alpha=1))

args = [10, 20]
kwargs = {"flag": True, "mode": "fast"}
print(mixed(*args, **kwargs))
print(mixed(*[1, 2, 3], *(4, 5), **{"x": 1}, **{"y": 2}))

def point(x, y, z=0):
    return (x, y, z)

print(point(*[1, 2]), point(**{"x": 1, "y": 2, "z": 3}), point(1, *[2], **{"z": 5}))

def forward_all(*args, **kwargs):
    return point(*args, **kwargs)

print(forward_all(4, 5), forward_all(4, y=6, z=7))

def count_kwargs(**kw):
    total = 0
    for k in kw:
        total += kw[k]
    return total, list(kw)

print(count_kwargs(), count_kwargs(a=1, b=2, c=3))

def sum_all(*nums, start=0):
    total = start
    for n in nums:
        total += n
    return total

print(sum_all(1, 2, 3), sum_all(1, 2, 3, start=100), sum_all(*range(5)))
print(max(*[3, 9, 2]), min(4, *[8, 1]))
print(*[1, 2, 3])
print(*"abc", sep="-")
values = {"sep": ", ", "end": ".\n"}
print("x", "y", **values)
