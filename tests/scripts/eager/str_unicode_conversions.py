# ascii()/!a, int() and float() of Unicode digits and spaces (and of bytes),
# str.translate and str.maketrans.

s = "é☃"
print(f"{s!a} {s!r} {s!s:>5}", "{!a}".format(s), "{0!r:^8}".format(s), ascii(s))
print(int("١٢٣"), int(" 7\u2003"), float("١.٥"), int("٣", 16), int(b" 42 "), float(b"2.5"), int("-\u0966\u0967"))
print("héllo".translate({ord("é"): "e", ord("l"): None}), str.maketrans("é", "e"), "abc".translate(str.maketrans("ab", "☃é", "c")))
print(str.maketrans({"a": "x", 98: None}), "ab".translate({97: 0x1F600}))
for bad in ["12\u00bd", "١x", "½"]:
    try:
        int(bad)
    except ValueError as e:
        print(e)
try:
    float("١,٥")
except ValueError as e:
    print(e)
