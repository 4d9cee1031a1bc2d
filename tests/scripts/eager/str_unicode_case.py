# Case mapping and character classes beyond ASCII, as CPython's Unicode
# data has them: full mappings (ß -> SS), final sigma, title case digraphs.

words = ["straße", "ǆemal", "ΣΊΣΥΦΟΣ", "İstanbul", "ﬁnance", "ŉ", "Ⅻ", "ὈΔΥΣΣΕΎΣ", "ᾳ", "Ǆ"]
for w in words:
    print(w, w.upper(), w.lower(), w.title(), w.capitalize(), w.swapcase(), w.casefold(), len(w.upper()))
print("ΣΑΣ ΟΔΟΣ.".lower(), "AΣ'Σ".lower(), "Σ".lower(), "ΑΣ1".lower(), "ᾼΣ".lower())
print("hello wörld-ÿes".title(), "ÉCOLE".capitalize(), "éCOLE".capitalize(), "straße".upper().lower())
print("ß".islower(), "ẞ".isupper(), "ǅ".istitle(), "Ǆ".istitle(), "Hé Là".istitle(), "HÉ".isupper(), "hé1".islower())
for t in ["١٢٣", "½", "²", "Ⅻ", "٣x", "é", "ǅ", "中文", "₀", "𝟘", "\u2003", "\xa0", "\u200b", "a_é", "é1", "1é", "_x", "ℕ", "·", "\x85"]:
    print(repr(t), t.isalpha(), t.isdigit(), t.isdecimal(), t.isnumeric(), t.isalnum(), t.isspace(),
          t.isidentifier(), t.isprintable(), t.isascii(), t.isupper(), t.islower())
print("".isalpha(), "".isprintable(), "".isidentifier(), "".isascii(), "".isspace())
print(sorted(set("Straße Ölçü".upper())), "ǈ".upper(), "ǈ".lower(), "ǈ".title())
