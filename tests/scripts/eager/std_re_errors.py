# re.error: CPython's messages, positions, lines and columns; other errors.
import re

PATTERNS_REJECTED = [
    "(a", "a)", "*a", "a**", "a{2,1}", "[z-a]", "[a", "[", "\\", "a\\", "\\q", "[\\q]",
    "(?P<1>a)", "(?P<a>x)(?P<a>y)", "(?P=n)", "(?P<n>a(?P=n))", "(?P", "(?Px)", "(?P<>a)",
    "(?P=)", "(?", "(?y)", "(?<x)", "(?#abc", "x(?i)y", "a|(?i)b", "(?i", "(?i-", "(?i-i:a)",
    "(?-:a)", "(?L)a", "(?au)a", "(?-a:a)", "(?(1)a)", "(?(0)a)", "(?(x)a)", "(?(1a)b)",
    "(a)(?(1)b|c|d)", "\\1", "(a)\\2", "(a\\1)", "[a-\\d]", "\\x1", "\\u12", "\\U0011ffff",
    "\\8", "\\400", "[\\400]", "(?<=a*)b", "(?<=a|bc)d", "(?<!x+)y", "^*", "\\b+", "|*",
    "()(?<=\\1)", "(?<=(a)\\1)b", "a{1,2}{3}", "(?x)a #c\n  )", "ab\ncd\n(ef",
]
for p in PATTERNS_REJECTED:
    try:
        re.compile(p)
        print(repr(p), "compiles")
    except re.error as e:
        print(repr(p), "->", e, "|", e.msg, e.pos, e.lineno, e.colno, e.pattern == p)
try:
    re.compile(b"(?u)x")
except re.error as e:
    print("bytes:", e, e.pattern)
try:
    re.compile(b"\\q(")
except re.error as e:
    print("bytes:", e)
for args in [("a", re.L), ("a", re.A | re.U), (b"a", re.U), (b"a", re.A | re.L)]:
    try:
        re.compile(*args)
    except ValueError as e:
        print("ValueError", e)
try:
    re.compile(re.compile("a"), re.I)
except ValueError as e:
    print("ValueError", e)
WRONG_ARGUMENTS = [(5, TypeError), (None, TypeError), (bytearray(b"a"), TypeError),
                   ("a{99999999999}", OverflowError)]
for bad, kind in WRONG_ARGUMENTS:
    try:
        re.compile(bad)
    except kind as e:
        print(kind.__name__, e)
e = re.error("plain")
print(e, e.msg, e.pos, e.lineno, isinstance(e, Exception), re.error.__name__)
print(issubclass(re.error, Exception), type(e).__module__)
