# %-formatting and str.format for common cases.

print("%d items" % 5)
print("%s and %s" % ("this", "that"))
print("%d/%d = %.3f" % (1, 3, 1 / 3))
print("%5d|%-5d|%05d|" % (42, 42, 42))
print("%8.2f|%-8.2f|%.0f|%f" % (3.14159, 3.14159, 2.5, 1.5))
print("%r %r %s" % ("q", 1.5, [1, "a"]))
print("%e %.2e" % (12345.678, 0.000123))
print("%g %g %g" % (0.0001, 123456789.0, 100.0))
print("100%% done, %s" % "ok")
print("%s" % (1, ) + "|", "%s" % None, "%s" % True, "%i" % 7)
print("%-6s|%6s|" % ("ab", "cd"))

print("{} {}".format("a", "b"))
print("{0} {1} {0}".format("x", "y"))
print("{name} is {age}".format(name="Ann", age=30))
print("{:.3f} {:>6} {:<6}| {:^7}|".format(2 / 3, "r", "l", "c"))
print("{:5d}|{:05d}|{:d}".format(42, 42, 1000000))
print("{!r} {!s}".format("s", "s"))
print("{:e} {:.1%}".format(1234.5, 0.123))
template = "{}: {:.2f}"
for name, v in [("loss", 0.12345), ("acc", 0.9876)]:
    print(template.format(name, v))
print("{{}} {}".format("braces"))
print("a{}b{}c".format(1, 2.5))
