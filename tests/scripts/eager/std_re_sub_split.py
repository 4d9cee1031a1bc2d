# re.sub / subn / split: templates, callables, counts, empty matches.
import re

print(re.sub(r"(\w+) (\w+)", r"\2 \1", "hello world, good day"))
print(re.sub(r"(?P<a>\d)", r"<\g<a>|\g<1>|\g<0>>", "x1y22"))
print(re.sub(r"a", r"\n\t\\-\x", "bab") if False else re.sub(r"a", r"\n\t\\-", "bab"))
print(repr(re.sub("a", r"\101\0\07", "a")), repr(re.sub("(a)(b)?", r"[\2]", "ac a")))
print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "a1 b22 c333"))
print(re.sub(r"\d", lambda m: None, "a1b2"), re.subn(r"\d", "#", "a1b2c3"), re.subn("z", "#", "abc"))
print(re.sub("a", "b", "aaaa", 2), re.sub("a", "b", "aaaa", count=3), re.subn("a", "b", "aaaa", 0))
print(re.sub("x*", "-", "abxd"), re.sub("x*", "-", ""), re.sub("", "-", "abc"), re.sub("a|", "-", "bab"))
print(re.sub("(?m)^", "> ", "one\ntwo\n"), re.sub("$", "!", "a\nb\n"), re.sub(r"\b", "|", "ab cd"))
print(re.sub("A", "b", "aAa", flags=re.I), re.compile("o").sub("0", "foo boo", 1))
print(re.compile(r"(\d)").subn(r"<\1>", "a1b2"), re.sub("é", "e", "café née"))
print(re.split(r"\W+", "Words, words, words."), re.split(r"(\W+)", "Words, words, words."))
print(re.split(r"\W+", "Words, words, words.", 1), re.split(r"\W+", "Words, words, words.", maxsplit=2))
print(re.split("[a-f]+", "0a3B9", flags=re.I), re.split(r"(a)|(b)", "xaybz"))
print(re.split("x*", "axbc"), re.split("", "abc"), re.split(r"\b", "a b"), re.split("(?=b)", "abab"))
print(re.split(",", ""), re.split(",", ",a,"), re.compile(",").split("a,b,c", 1))
print(re.sub(b"a", b"\\x", b"bab") if False else re.sub(b"(a)", rb"<\1>", b"bab"))
m = re.search(r"(\d+)-(\d+)", "range 10-20")
print(m.expand(r"\2 to \1"), m.expand(r"\g<2>\g<1>"))

# Bad templates and replacement values.
for tmpl in [r"\g<3>", r"\3", r"\g<x>", r"\g<", r"\g<1", r"\g<a-b>", r"\q", "\\", r"\g"]:
    try:
        re.sub(r"(a)(b)", tmpl, "ab")
    except (re.error, IndexError) as e:
        print(repr(tmpl), type(e).__name__, e)
for repl in [lambda m: 5, 3]:
    try:
        re.sub("a", repl, "xa")
    except TypeError as e:
        print("TypeError", e)
try:
    re.sub("a", b"b", "a")
except TypeError as e:
    print("TypeError", e)
