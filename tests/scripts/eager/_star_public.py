# A helper module of lang_import_star.py: no __all__, so every public name.
import math as _math
import collections

alpha = 1
beta = [2, 3]
_gamma = "private"
__dunder = "private too"


def area(r):
    return round(_math.pi * r * r, 3)
