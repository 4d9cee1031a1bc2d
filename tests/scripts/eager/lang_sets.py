# Sets of small ints (printed sorted or small), set operations, comprehension.

a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b))
print(sorted(a.union(b)), sorted(a.intersection(b)), sorted(a.difference(b)))
print(3 in a, 7 in a, 7 not in b, len(a))
a.add(10)
a.add(1)
print(sorted(a), len(a))
a.remove(10)
a.discard(99)
a.discard(2)
print(sorted(a))
print({1, 2} <= {1, 2, 3}, {1, 2} < {1, 2}, {1, 2, 3} >= {3}, {1} == {1}, {1, 2} == {2, 1})
print(set(), {1}, {5, 5, 5}, len(set([1, 1, 2, 2, 3])))
s = set([3, 1, 2, 3, 1])
print(sorted(s))
print(sorted(set("hello")))
sq = {x % 4 for x in range(20)}
print(sorted(sq), len(sq))
seen = set()
dups = []
for v in [4, 2, 4, 7, 2, 9, 4]:
    if v in seen:
        dups.append(v)
    else:
        seen.add(v)
print(sorted(seen), dups)
print(sum({1, 2, 3}), max({4, 9, 2}), min({4, 9, 2}))
print(bool(set()), bool({0}))
words = ["b", "a", "b", "c", "a"]
uniq = []
for w in words:
    if w not in uniq:
        uniq.append(w)
print(uniq, sorted(set(words)))
fs = set(range(5))
fs -= {0, 1}
fs |= {9}
print(sorted(fs))
