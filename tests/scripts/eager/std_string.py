# CPython's own string.py under tc: the constants, capwords, Formatter
# (over the native _string parsers) and a Formatter subclass.
import string

print(string.ascii_letters)
print(string.ascii_lowercase, string.ascii_uppercase)
print(string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), len(string.printable), string.punctuation)
print(string.capwords("hello   wide world"), string.capwords("a-b c-d", "-"))

f = string.Formatter()
print(f.format("{} + {} = {}", 1, 2, 3))
print(f.format("{0}{1}{0}", "ab", "cd"))
print(f.format("{name:>8}|{x:.3f}|{y!r}", name="tc", x=3.14159, y="q"))
print(f.format("{p.real} {d[key]} {l[1]}", p=5, d={"key": "v"}, l=[7, 8]))
print(f.format("{{literal}} {0:{1}}", 42, "06d"))
print(f.vformat("{a}-{b}", (), {"a": 1, "b": 2}))
print(list(f.parse("x{0!r:>4}y{name}z{{w}}")))

for fmt, args in [("{} {1}", (1, 2)), ("{missing}", ())]:
    try:
        f.format(fmt, *args)
    except (ValueError, KeyError) as e:
        print(type(e).__name__ + ":", e)


class Upper(string.Formatter):
    def format_field(self, value, format_spec):
        return super().format_field(value, format_spec).upper()

    def get_value(self, key, args, kwargs):
        if isinstance(key, str) and key not in kwargs:
            return "<" + key + ">"
        return super().get_value(key, args, kwargs)


print(Upper().format("{0} and {who}", "first", who="you"), Upper().format("{nobody}"))
