# -*- coding: latin-1 -*-
# A latin-1 source file (PEP 263): its bytes é ü ÿ decode to code points.

s = "café über ÿ µ"
print(s, len(s), [hex(ord(c)) for c in s[-5:]], s.encode(), s.encode("latin-1"))
print(b"caf\xe9" == s[:4].encode("latin-1"), s.upper())
