# str as a sequence of code points: len, indexing, slicing with steps,
# iteration, reversal, membership, comparisons and hashing of non-ASCII text.

s = "héllo wörld ☃ 𝄞!"
print(len(s), len("é"), len("☃"), len("𝄞"), len(""), len("naïve café"))
print(s[0], s[1], s[-1], s[-2], s[12], s[-3])
print(s[1:5], s[6:11], s[::2], s[1::3], s[::-1], s[-3::-2], s[100:], s[-100:3])
print(list("año☃𝄞"), [c for c in reversed("año☃")], "".join(reversed("𝄞ab€")))
for i, ch in enumerate("€→𝄞"):
    print(i, ch, ord(ch), hex(ord(ch)))
print("ö" in s, "wö" in s, "ö w" in s, "x" in s, "" in s, "𝄞" in s)
print(sorted(["é", "e", "z", "☃", "a", "É", "𝄞", "ÿ"]))
print("é" < "z", "é" > "z", "☃" < "𝄞", "a" < "é" < "☃", "ä" == "ä", "é" != "e")
print(max("héllo"), min("wörld"), sorted("naïve"))
d = {"clé": 1, "☃": 2, "𝄞": 3}
print(d["clé"], d["☃"], d["𝄞"], "clé" in d, hash("é") == hash("é"), len({"é", "é", "e"}))
print(chr(233), chr(0x2603), chr(0x1D11E), chr(0), repr(chr(0x7f)), ord("A"), ord("ÿ"), ord("\U0010ffff"))
print([ord(c) for c in "ﬁ€"], "".join(chr(c) for c in [72, 233, 108, 108, 246]))
t = "ab" + "çd" * 3
print(t, len(t), t[3], t[-1], t * 0 == "", ("é" * 4)[1:3])
u = "€" * 200 + "abc" + "☃" * 100
print(len(u), u[199], u[200], u[202], u[203], u[-1], u[150:205], u[::97], u.count("☃"))
total = 0
for i in range(len(u)):
    total += ord(u[i])
print(total)
print("x".join("añ☃"), "é".join(["a", "b"]), "☃".join([]))
