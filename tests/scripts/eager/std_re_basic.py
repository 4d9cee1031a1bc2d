# re: module functions, Pattern and Match objects, reprs, flags, cache.
import re

p = re.compile(r"(?P<key>\w+)=(?P<val>\d+)")
print(p, p.pattern, p.flags, p.groups, p.groupindex)
m = p.search("  alpha=12 beta=7")
print(m)
print(m.group(), m.group(0), m.group(1), m.group("val"), m.group(1, "val", 0))
print(m[0], m[1], m["key"], m.groups(), m.groupdict())
print(m.start(), m.end(), m.span(), m.start(2), m.end("key"), m.span("val"))
print(m.lastindex, m.lastgroup, m.string, m.re is p, m.pos, m.endpos, m.regs)
print(m.expand(r"\g<val>:\1 [\g<0>]"), bool(m))
print(p.match("  alpha=12"), p.match("  alpha=12", 2), p.fullmatch("beta=7"), p.fullmatch("beta=7x"))
print(p.search("a=1 b=2", 1), p.search("a=1 b=2", 2, 5), p.search("a=1", 0, 2), p.match("xa=1", 1, 100))
print(p.search("a=1", -5), p.search("a=1", 10), p.match("abc=5", 2, 1))

# match / fullmatch / search as module functions, with flags.
print(re.match("a", "ba"), re.search("a", "ba"), re.fullmatch("a|ab", "ab"))
print(re.match("hello", "HELLO world", re.I), re.match("hello", "HELLO", re.IGNORECASE).span())
print(re.findall(r"^\w+", "one\ntwo\nthree", re.M), re.findall(r"^\w+", "one\ntwo"))
print(re.findall(r"a.c", "a\nc abc", re.S), re.findall(r"a.c", "a\nc abc", re.DOTALL | re.I))
print(re.findall(r"""\d+  # digits
                     \.   # a dot
                     \d*  # more digits""", "pi 3.14 e 2.", re.X))
print(re.findall(r"\w+", "naïve café", re.A), re.findall(r"\w+", "naïve café", re.U))
print(re.search(r"(?i)STRASSE", "strasse").group(), re.search(r"(?m)^b$", "a\nb\nc").span())

# Groups: unmatched, optional, nested, repeated, lastindex.
m = re.match(r"(a)(b)?(c)?", "ac")
print(m.groups(), m.groups("-"), m.group(2), m.span(2), m.start(2), m.lastindex)
m = re.match(r"((a)(b))", "ab")
print(m.lastindex, m.groups(), m.regs)
m = re.match(r"(?:(a)|(b))+", "abab")
print(m.groups(), m.lastindex, m.span(1), m.span(2))
m = re.match(r"(?P<first>a)(?P<second>x)?", "a")
print(m.groupdict(), m.groupdict(0), m.lastgroup, m.lastindex)
print(re.match(r"(a)|b", "b").lastindex, re.match("b", "b").lastgroup)
for bad in (3, "nope", -1):
    try:
        re.match("(a)", "a").group(bad)
    except IndexError as e:
        print("IndexError", e)

# findall's group rules, finditer.
print(re.findall(r"\d", "a1b2"), re.findall(r"(\d)", "a1b2"), re.findall(r"(\w)(\d)?", "a1b"))
print(re.findall(r"(a)|(b)", "ab"), re.findall("", "ab"), re.findall("x*", "axx"))
it = re.finditer(r"\w+", "hi there you")
print([m.group() for m in it], [m.span() for m in re.finditer("a*", "baaac")])
print(p.findall("k=1 k=22", 2), [m.span() for m in p.finditer("k=1 k=22", 0, 6)])

# Reprs of patterns and flags.
print(re.compile("a+"), re.compile(r"\d", re.I | re.M), re.compile("x", re.A), re.compile(b"x", re.I))
print(re.compile("a", re.X | re.S), repr(re.compile("q" * 300))[-12:])
print(re.I, re.M | re.I, re.A | re.X, re.NOFLAG, re.I & re.M, re.S.value, re.S.name, int(re.X))
print(re.IGNORECASE == 2, re.I | 0, 0 | re.I, re.VERBOSE | re.MULTILINE | re.DOTALL, re.U, re.L)
print(re.compile("(?i)a").flags, re.compile("(?x)a").flags, re.compile(b"(?i)a").flags, re.compile("a", re.A).flags)

# The cache: the same object for the same (type, pattern, flags); purge.
print(re.compile("c+") is re.compile("c+"), re.compile("c+") is re.compile("c+", re.I))
print(re.compile(p) is p, re.compile("c+") == re.compile("c+"), re.compile("c") == re.compile("c", re.I))
old = re.compile("c+")
re.purge()
print(old is re.compile("c+"), old == re.compile("c+"), hash(old) == hash(re.compile("c+")))
print(re.escape("a.b*c?d+(e)[f]{g}|h^i$j\\k l#m&n~o-p"), re.escape(b"1.5"), re.escape("naïve_ok"))
