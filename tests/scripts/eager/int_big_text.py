# Big ints as text: str/repr, hex/oct/bin, format specs (d x X o b n c,
# grouping, width, sign, #), % formatting and f-strings; int(str, base)
# with prefixes, underscores, whitespace, Unicode digits and CPython's
# errors, including the 4300-digit limit.
import sys


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


for v in [2**64, -2**64, 2**100 + 12345, -(3**70), 2**63, -2**63 - 1]:
    print(str(v), repr(v), hex(v), oct(v), bin(v))
    for spec in ["", "d", "x", "X", "o", "b", "n", ",", "_", "_x", "_b", "#x", "#_o", "#X", "+", " ",
                 "=+50", ">60,", "<45_", "^70", "*^60x", "0=50", "060,", "e", ".3f", "g", "%", "10.2E"]:
        show(spec, lambda: format(v, spec))
    print(f"{v}|{v:>40}|{v:+_}|{v:#b}"[:200])
    print("%d|%i|%x|%X|%o|%s|%r|%40d|%-40d|%+d|%e" % (v, v, v, v, v, v, v, v, v, v, v))

show("c", lambda: format(2**70, "c"))
show("%c", lambda: "%c" % 2**70)
show("prec", lambda: format(2**70, ".3d"))
show("comma x", lambda: format(2**70, ",x"))
show("float inf", lambda: format(10**400, "f"))
show("%f inf", lambda: "%f" % 10**400)
show("%d float", lambda: "%d" % 1e30)

for text, base in [("123456789012345678901234567890", 10), ("-0x_ff_ff_ff_ff_ff_ff_ff_ff_ff", 0),
                   ("  +1_000_000_000_000_000_000_000  ", 10), ("0b" + "1" * 100, 0), ("0o777" * 10, 0),
                   ("z" * 30, 36), ("ZZZZZZZZZZZZZZZZZZZZZZZZZZ", 36), ("0x_1f", 0), ("0x_1f", 16),
                   ("0_0", 0), ("000", 0), ("١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨٩٠", 10), ("1" * 4300, 10),
                   ("f" * 5000, 16), ("\t-99999999999999999999\n", 10)]:
    show(text[:40], lambda: int(text, base))
for text, base in [("010", 0), ("1__0", 10), ("_10", 10), ("10_", 10), ("0x", 16), ("0x", 0),
                   ("12", 37), ("12", 1), ("1e5", 10), ("", 10), ("-", 10), ("0b2", 0), ("9" * 4301, 10),
                   ("1" * 5000, 7), ("x" * 300, 10), ("0x__1", 0), ("1 2", 10)]:
    show(text[:40], lambda: int(text, base))
show("bytes", lambda: int(b"123456789012345678901234567890"))
show("bytes bad", lambda: int(b"12x"))
show("too long str", lambda: str(10**4300))
show("too long repr", lambda: repr(-10**5000))
show("4300 digits", lambda: len(str(10**4299)))
show("hex has no limit", lambda: len(hex(10**5000)))
show("limit", lambda: sys.get_int_max_str_digits())
show("set small", lambda: sys.set_int_max_str_digits(100))
sys.set_int_max_str_digits(640)
show("640", lambda: str(10**700))
sys.set_int_max_str_digits(0)
show("unlimited", lambda: len(str(10**5000)))
sys.set_int_max_str_digits(4300)
