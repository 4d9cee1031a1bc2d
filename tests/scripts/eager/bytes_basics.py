# bytes and bytearray: literals and escapes, indexing to ints, slicing,
# iteration, comparisons, concatenation, membership, hex/fromhex, repr.

b = b"ab\x00\xffc'"
print(b, len(b), b[0], b[-1], b[1:3], b[::-1], b[::2], list(b), b[4:100], b[-100:1])
print(rb"\x41\n", br'a"b', b'a"b\'', b"\101\0\777", b"\u1234\N{DASH}", B"x" + b"y", b"ab" * 3, 3 * b"z")
print(b"""multi
line""", b"tab\tnl\ncr\rbs\\", b"\x7f\x80", b'"', b"'", b"'\"", repr(b""))
print(b"b" in b, b"\x00\xff" in b, 0 in b, 255 in b, 7 in b, b"" in b)
print(b == b"ab\x00\xffc'", b"a" < b"b", b"ab" < b"abc", b"b" > b"abc", b"a" == "a", b"a" != "a", b"" < b"\x00")
print(bytes(), bytes(3), bytes([1, 2, 255]), bytes(b"copy"), bytes(range(65, 70)), bytes(bytearray(b"ba")))
print(bytes("héllo", "utf-8"), bytes("é", "latin-1"), bytes("x", encoding="ascii"))
print(b.hex(), b"\x01\x02\x03".hex(":"), b"\x01\x02\x03\x04\x05".hex("-", 2), b"\x01\x02\x03\x04\x05".hex(" ", -2), b"".hex())
print(bytes.fromhex("de ad BE ef"), bytes.fromhex(""), bytearray.fromhex("0a 0b"), type(bytearray.fromhex("00")).__name__)
for x in b"hi!":
    print(x, chr(x))
print([x * 2 for x in b"\x01\x02"], sum(b"\x01\x02\x03"), max(b"az"), sorted(b"cab"), b"abc"[1] == 98)
print(hash(b"abc") == hash(b"abc"), {b"k": 1}[b"k"], len({b"a", b"a", b"b"}), ord(b"a"), ord(bytearray(b"z")))
print(b"a,b,,c".split(b","), b"  a b  ".split(), b"a b c".split(None, 1), b"-".join([b"1", b"2", bytearray(b"3")]))
print(b" pad ".strip(), b"xxhixx".strip(b"x"), b"  l".lstrip(), b"r  ".rstrip(), b"abc".upper(), b"ABC".lower())
print(b"a.b.c".replace(b".", b"--"), b"a.b.c".replace(b".", b"", 1), b"hello".find(b"l"), b"hello".rfind(b"l"))
print(b"hello".count(b"l"), b"hello".index(108), b"hello".find(b"z"), b"hello".startswith(b"he"), b"hello".endswith((b"x", b"lo")))
print(b"123".isdigit(), b"ab".isalpha(), b"a1".isalnum(), b" \t".isspace(), b"".isdigit(), b"\xe9".isalpha())
print(str(b"x"), f"{b'q'}|{b'q'!r}", "%s" % b"p", [b"in", b"list"], (b"t",), {b"d": b"v"})
print(b"a-b-c".partition(b"-"), b"a-b-c".rpartition(b"-"), b"abc".partition(b"x"), bytearray(b"k=v").partition(b"="))
print(b"prefix.txt".removeprefix(b"prefix"), b"name.txt".removesuffix(b".txt"), b"abcabc".rindex(b"b"), b"abcabc".rfind(b"c"))
print(b"ABC".isupper(), b"AbC".isupper(), b"abc1".islower(), b"123".islower(), b"\x7f".isascii(), b"\x80".isascii(), b"".isascii())
