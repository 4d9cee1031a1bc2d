# re on non-ASCII str (spans in code points) and on bytes.
import re

s = "héllo wörld — naïve 東京 ①②"
print([(m.group(), m.span()) for m in re.finditer(r"\w+", s)])
print(re.findall(r"\W+", s), re.findall(r"\d", "٣4①"), re.findall(r"(?a)\w+", s))
print(re.search("ö", s).span(), re.search("東京", s), re.sub("ö", "oe", s), len(re.sub(".", "x", s)))
print(re.findall(r"\s", "a\u00a0b\u2003c\x1cd\u3000e"), re.findall(r"(?a)\s", "a\u00a0b c"))
print(re.split(r"\s+", "a\u2028b  c\x85d"), re.findall(r"\S+", "x\u200by z"))
print(re.findall(r"[à-ÿ]+", "voilà déjà vu"), re.findall(r"[^a-z ]", "voilà déjà"))
print(re.match(r"(?i)ÉCOLE", "école"), re.match(r"(?i)σ", "Σ").span(), re.findall(r"(?i)straße", "STRAßE"))
print(re.findall(r"(?ai)[a-z]+", "ÀbC dé"), re.search(r"(?i)[é]", "É"), re.search(r"(?ai)é", "É"))
print(re.findall(r"\bé\w*", "été éclair"), re.findall(r"(?a)\b\w", "été éclair"))
print(re.search("é+", "xééy", 2), re.compile("é+").search("xééy", 1, 2), re.match(".", "😀x").span())
print(re.sub(r"(\w)(\w)", r"\2\1", "日本語テキ"), re.split("—", s))
print(re.findall("\u00e9", "e\u0301 é"), re.findall("\\u00e9|\\U0001F600", "é 😀"), re.escape("é.ü"))
m = re.search(r"(?P<w>\w+)$", "clé")
print(m, m.span("w"), m.group("w"))

b = b"key=val; k2=v2\xff\n"
print(re.findall(rb"(\w+)=(\w+)", b), re.search(rb"\xff", b).span(), re.sub(rb"\d", b"#", b))
print(re.split(rb";\s*", b), re.findall(rb".", b"a\nb"), re.findall(rb"(?s).", b"a\nb"))
print(re.findall(rb"\w", b"a\xe9b"), re.findall(rb"(?i)K", b"k K"), re.match(b"a", bytearray(b"ab")))
m = re.match(rb"(?P<x>\w)", b"q")
print(m, m.groupdict(), m.group(1), re.compile(rb"\d+"), re.escape(b"a+b"))
for pat, subj in [("a", b"a"), (b"a", "a")]:
    try:
        re.match(pat, subj)
    except TypeError as e:
        print("TypeError", e)
