# Conditional expressions, truthiness of values, None handling.

values = [0, 1, -1, 0.0, 0.5, "", "0", [], [0], (), {}, {"k": 0}, None, True, False]
for v in values:
    print(repr(v), "truthy" if v else "falsy")

def describe(n):
    return "zero" if n == 0 else ("positive" if n > 0 else "negative")

print([describe(n) for n in [-2, 0, 3]])
x = None
y = x if x is not None else "fallback"
print(y)
cfg = {}
lr = cfg.get("lr") or 0.01
print(lr)
items = []
print("empty" if not items else "has items")
items.append(0)
print("empty" if not items else "has items", len(items))
print(None == None, None is None, None != 0, [] == [], () == ())
a = 3
b = 7
print(a if a > b else b, min(a, b) if a != b else None)
nested = "big" if a > 5 else "medium" if a > 2 else "small"
print(nested)
flags = [True, False, True]
print(sum(flags), sum([1 for f in flags if f]), any(flags), all(flags))
count = 0
while items:
    items.pop()
    count += 1
print(count, items)
if []:
    print("not printed")
elif {}:
    print("not printed either")
else:
    print("both empty containers are falsy")
