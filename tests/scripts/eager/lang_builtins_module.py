# The builtins module: the builtins themselves as module attributes (the
# same objects), and assigning or deleting one of its attributes changes
# what every module sees as that builtin.
import builtins

print(builtins.__name__, type(builtins).__name__)
print(builtins.print is print, builtins.len is len, builtins.open is open)
print(builtins.int is int, builtins.ValueError is ValueError, hasattr(builtins, "None"))
print(builtins.sum([1, 2, 3]), builtins.max(4, 9), builtins.sorted("cba"))
print(getattr(builtins, "abs")(-3), hasattr(builtins, "zip"), hasattr(builtins, "nope"))
print("len" in dir(builtins), "print" in vars(builtins), "__name__" in vars(builtins))

import builtins as b2

print(b2 is builtins)
from builtins import len as L, isinstance

print(L([1, 2]), isinstance(1, int))

try:
    builtins.no_such_builtin
except AttributeError as e:
    print("AttributeError:", e)

# A new builtin is visible everywhere, as a global of no module.
builtins.shout = lambda s: s.upper() + "!"
print(shout("hi"))


def use_shout():
    return shout("from a function")


print(use_shout())
import _builtins_helper

print(_builtins_helper.call_shout())

# Replacing a builtin changes it for every caller; a module global of the
# same name still wins over it.
original_len = builtins.len
builtins.len = lambda x: 42


def use_len():
    return len("abc")


print(use_len(), _builtins_helper.length("abcd"))
len = lambda x: -1
print(len("x"), use_len())
del len
builtins.len = original_len
print(len([1, 2, 3]), use_len(), _builtins_helper.length("abcd"))

del builtins.shout
try:
    use_shout()
except NameError as e:
    print("NameError:", e)
