# The builtin warning categories: their hierarchy, raising and catching
# them as exceptions, and their names.
cats = [
    Warning, UserWarning, DeprecationWarning, PendingDeprecationWarning, SyntaxWarning,
    RuntimeWarning, FutureWarning, ImportWarning, UnicodeWarning, BytesWarning,
    ResourceWarning, EncodingWarning,
]
for c in cats:
    print(c.__name__, c.__mro__[1].__name__, issubclass(c, Warning), issubclass(c, Exception))
try:
    raise FutureWarning("later")
except Warning as e:
    print(type(e).__name__, e, repr(e))


class MyWarning(RuntimeWarning):
    pass


print([k.__name__ for k in MyWarning.__mro__])
