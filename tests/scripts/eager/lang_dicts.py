# Dicts: displays, methods, iteration order, nesting, comprehension.

d = {"a": 1, "b": 2, "c": 3}
print(d, len(d), d["b"], "a" in d, "z" in d, "z" not in d)
d["d"] = 4
d["a"] = 10
print(d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.get("a"), d.get("zz"), d.get("zz", -1))
print(d.pop("b"), d)
print(d.pop("nope", "default"))
print(d.setdefault("e", 5), d.setdefault("a", 99), d)
d.update({"f": 6, "a": 0})
print(d)
d.update(g=7)
print(d)
del d["c"]
print(d)
for k in d:
    print("key", k, "->", d[k])
for k, v in d.items():
    print(k, v * 2)
print(sorted(d), sorted(d.values()), max(d, key=lambda k: d[k]))

print(dict(x=1, y=2), dict([("p", 1), ("q", 2)]), dict(zip(["u", "v"], [8, 9])))
print({}, dict(), {1: "one", 2.5: "float", (1, 2): "tuple", None: "none", True: "bool?"})
inv = {v: k for k, v in {"one": 1, "two": 2}.items()}
print(inv)
sq = {i: i * i for i in range(5) if i != 2}
print(sq)

nested = {"model": {"layers": 2, "hidden": [16, 32]}, "lr": 0.01}
print(nested["model"]["hidden"][1], nested)
nested["model"]["layers"] += 1
print(nested["model"])

counts = {}
for w in "a b a c b a".split():
    if w in counts:
        counts[w] += 1
    else:
        counts[w] = 1
print(counts)
by_count = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
print(by_count)
copy = dict(counts)
copy["a"] = 0
print(counts["a"], copy["a"], counts == copy, dict(a=1) == {"a": 1})
merged = {**counts, "z": 26}
print(merged)
keys = list(merged)
print(keys, len(merged))
e = {}
print(bool(e), bool(merged))
m2 = {1: "a"}
m2[1.0] = "b"
print(m2)
print(d.clear(), d)
