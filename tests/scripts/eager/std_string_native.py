# The native _string module: the parsers under CPython's string.Formatter
# (formatter_parser, formatter_field_name_split), lazily raising CPython's
# ValueErrors.
import _string

print(list(_string.formatter_parser("a{b}c{d!s:x}e")))
print(list(_string.formatter_parser("{{}}")), list(_string.formatter_parser("")))
first, rest = _string.formatter_field_name_split("obj.attr[3][key].x")
print(first, list(rest))
first, rest = _string.formatter_field_name_split("12")
print(repr(first), list(rest))
for bad in ["{", "}", "{0!", "{0!r x}", "{0:{", "a{b{c}"]:
    try:
        list(_string.formatter_parser(bad))
    except ValueError as e:
        print(repr(bad), "ValueError:", e)
for bad in ["a[", "a.", "a[0]b"]:
    try:
        list(_string.formatter_field_name_split(bad)[1])
    except ValueError as e:
        print(repr(bad), "ValueError:", e)
try:
    _string.formatter_parser(5)
except TypeError as e:
    print("TypeError:", e)

it = _string.formatter_parser("ok{0}{")
print(next(it))
try:
    next(it)
except ValueError as e:
    print("lazy ValueError:", e)
print(type(it).__name__, iter(it) is it)
