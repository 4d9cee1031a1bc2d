# str methods on non-ASCII text: searching, splitting, stripping, replacing,
# padding and alignment counted in code points, encode.

s = "héllo wörld, héllo ☃"
print(s.find("é"), s.find("ö"), s.find("☃"), s.rfind("é"), s.index("wö"), s.rindex("llo"))
print(s.find("é", 2), s.find("é", 2, 8), s.find("o", -8), s.count("é"), s.count("l", 3), s.count(""))
print(s.startswith("hé"), s.startswith("é", 1), s.endswith("☃"), s.endswith("lo", 0, 5), s.startswith(("x", "hé")))
print(s.split(), s.split("é"), s.split("é", 1), s.rsplit("é", 1), s.rsplit(None, 2), s.split(", "))
print("a\u2003b\u3000c\xa0d\x1ce".split(), " \u2009 é \u2009 ".strip() + "|", "☃☃é☃".strip("☃"))
print("ééaéé".lstrip("é"), "ééaéé".rstrip("é"), "xé".removeprefix("x"), "xé".removesuffix("é"))
print(s.replace("é", "e"), s.replace("llo", "ĺĺø", 1), "ab☃".replace("", "·"), "ab☃".replace("", "-", 2))
print(s.partition("ö"), s.rpartition("é"), "abc".partition("☃"))
print("l1\u2028l2\u2029l3\x85l4\x1cl5\r\nl6".splitlines(), "a\u2028b".splitlines(True))
print("é".ljust(4, "·") + "|", "é".rjust(4) + "|", "é".center(6, "☃"), "é☃".center(5, "*"), "-ü".zfill(5), "ü".zfill(3))
print("a\té☃\tb".expandtabs(4), "é\t".expandtabs())
print("[%-6s|%6s|%.2s]" % ("é☃", "ñ", "éèà"), "%c%c%c" % (233, "☃", 0x1D11E), "%a" % "é☃")
print(f"[{'é':>4}] [{'☃':*^7}] [{'ab':é<5}] [{'€uro':★>8}] [{'éèàù':.2}] [{'🐍':^5}]")
print("{:^9}|{:<4}|{:>3}".format("éà☃", "ü", "ß"), format("ñ", "_>3"), f"{233:c}{0x2603:c}")
print(ascii("é☃𝄞\n"), ascii(["ñ"]), repr("é☃𝄞"), str("é"))
print("héllo".encode(), "☃".encode("utf-8"), "é".encode("latin-1"), "abc".encode("ascii"))
print("😀".encode(), "😀".encode("utf8"), "ÿ".encode("iso-8859-1"), "x".encode("US-ASCII"))
print("é☃".encode("ascii", "replace"), "é☃".encode("ascii", "ignore"), "é☃".encode("latin-1", "replace"))
print("é☃𝄞".encode("ascii", "backslashreplace"), "é☃".encode("ascii", "xmlcharrefreplace"))
print(str(b"h\xc3\xa9", "utf-8"), str(b"h\xe9", encoding="latin-1"), str(b"\xff", "utf-8", "replace"))
