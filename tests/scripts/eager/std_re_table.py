# The pattern table (_re_table_data.py, made by scripts/gen_re_table.py):
# each pattern compiled with its flags and run on every subject; any place
# where tc's PCRE2-based re departs from CPython's _sre shows in the output.
import re

from _re_table_data import PATTERNS, SUBJECTS


def results(c, s):
    found = [(m.span(), m.groups(), m.lastindex) for m in c.finditer(s)]
    full = c.fullmatch(s)
    return found, full and full.span(), repr(c.sub("<\\g<0>>", s)), c.split(s)


for p, flags in PATTERNS:
    try:
        c = re.compile(p, flags)
    except Exception as e:
        print(repr(p), "raises", type(e).__name__, e)
        continue
    print(repr(p), c.groups, sorted(c.groupindex.items()))
    for s in SUBJECTS:
        print("  ", repr(s), *results(c, s))
