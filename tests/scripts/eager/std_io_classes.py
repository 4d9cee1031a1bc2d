# io's class hierarchy as CPython's io module has it: the ABCs IOBase,
# RawIOBase, BufferedIOBase, TextIOBase over the concrete streams,
# UnsupportedOperation, and user streams built on the bases (what
# shutil and tempfile rely on).
import io
import os


def show(name, f):
    print(name, [isinstance(f, c) for c in (io.IOBase, io.RawIOBase, io.BufferedIOBase,
                                           io.TextIOBase)])


show("StringIO", io.StringIO())
show("BytesIO", io.BytesIO())
print(io.IOBase, io.TextIOBase, io.BufferedIOBase, io.RawIOBase)
print(issubclass(io.TextIOBase, io.IOBase), issubclass(io.StringIO, io.TextIOBase),
      issubclass(io.BufferedReader, io.BufferedIOBase), issubclass(io.BytesIO, io.RawIOBase))
print(io.UnsupportedOperation.__mro__[1:3], issubclass(io.UnsupportedOperation, OSError))
print(io.TextIOWrapper.__name__, io.BufferedReader.__name__, io.BufferedWriter.__name__)

name = "_std_io_classes.tmp"
with open(name, "w") as f:
    show("text file", f)
    f.write("one\ntwo\n")
with open(name, "rb") as f:
    show("binary file", f)
    print(f.read())
os.remove(name)


class Upper(io.TextIOBase):
    """A write-only text stream that upper-cases what it gets."""

    def __init__(self):
        self.parts = []

    def writable(self):
        return True

    def write(self, s):
        self.parts.append(s.upper())
        return len(s)


u = Upper()
show("Upper", u)
print(u.writable(), u.readable(), u.seekable(), u.closed)
u.writelines(["a\n", "b\n"])
print(u.parts)
with u:
    print(u.write("in with"), u.closed)
print(u.closed)
try:
    u.write("x")
    u.flush()
except ValueError as e:
    print("ValueError:", e)
for meth in ("read", "readline", "fileno", "seek", "truncate"):
    try:
        getattr(Upper(), meth)(*([0] if meth == "seek" else []))
    except io.UnsupportedOperation as e:
        print(meth, "UnsupportedOperation:", e)
print(Upper().encoding, Upper().errors, Upper().newlines)


class Countdown(io.RawIOBase):
    """A raw stream of n bytes b'9', b'8', ... read through readinto."""

    def __init__(self, n):
        self.n = n

    def readable(self):
        return True

    def readinto(self, b):
        k = min(len(b), self.n)
        for i in range(k):
            b[i] = ord("0") + (self.n - i) % 10
        self.n -= k
        return k


c = Countdown(12)
show("Countdown", c)
print(c.read(5), c.read(), c.read(3))
print(Countdown(3).readall())


class Lines(io.BufferedIOBase):
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def readable(self):
        return True

    def read(self, n=-1):
        if n is None or n < 0:
            n = len(self.data) - self.pos
        out = self.data[self.pos:self.pos + n]
        self.pos += len(out)
        return out


ls = Lines(b"alpha\nbeta\ngamma")
print(ls.readline(), list(ls))
buf = bytearray(4)
print(Lines(b"xyz").readinto(buf), buf)
print(Lines(b"a\nb\n").readlines())
try:
    Lines(b"").write(b"x")
except io.UnsupportedOperation as e:
    print("write:", e)
