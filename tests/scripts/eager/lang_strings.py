# String operations and methods.

s = "Hello, World"
print(s, len(s), s[0], s[-1], s[7:], s[:5], s[::2], s[::-1], s[-5:-1])
print(s.upper(), s.lower(), s.replace("l", "L"), s.replace("World", "tc"))
print(s.startswith("Hell"), s.endswith("x"), s.find("o"), s.find("zz"), s.count("l"))
print(s.split(", "), "a b  c".split(), "a,b,,c".split(","))
print("-".join(["x", "y", "z"]), "".join(["ab", "cd"]), ", ".join([str(i) for i in range(4)]))
print("  padded  ".strip() + "|", "xxhixx".strip("x"), "  left".lstrip(), "right  ".rstrip() + "|")
print("ab" * 3, "a" + "b" + "c", "ab" < "ac", "b" > "abc", "abc" == "abc")
print("ell" in s, "xyz" in s, "W" not in s)
print("42".isdigit(), "4a".isdigit(), "abc".isalpha())
print(str(12), str(1.5), str(None), str(True), str([1, 2]), str((1,)), str("q"))
print(repr("text"), repr("it's"), repr('say "hi"'), repr("tab\there"), repr("line\nbreak"))
print("tab\there", "back\\slash")
print('single', "double", """triple
quoted""")
t = "a" "b" "c"
print(t, len(t))

words = "the quick brown fox jumps over the lazy dog".split()
print(len(words), words[2], sorted(words)[0], max(words, key=len))
caps = [w[0].upper() + w[1:] for w in words]
print(" ".join(caps))
print([c for c in "hello" if c != "l"])
for i, ch in enumerate("abc"):
    print(i, ch)

count = {}
for ch in "mississippi":
    count[ch] = count.get(ch, 0) + 1
print(count)

x = "value"
x += "s"
x *= 2
print(x)
print("%s|%s" % ("a", "b"), "{}-{}".format(1, 2), f"{x}")
print("abc".index("c"), "CamelCase".lower(), "a-b-c".split("-", 1))
