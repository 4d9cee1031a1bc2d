class C:
    x = 1
    from os import *
