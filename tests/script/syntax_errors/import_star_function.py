def f():
    from os import *
