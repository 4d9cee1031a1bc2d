# open() and io: text and binary-free text modes, encodings, newline
# handling, read/readline/readlines/iteration/seek/tell, `with`, and
# CPython's errors; io.StringIO. Files go to the harness's temporary
# directory (TC_SCRIPT_TMPDIR).
import io
import os

tmp = os.environ.get("TC_SCRIPT_TMPDIR") or "/tmp"
path = os.path.join(tmp, "data.txt")

with open(path, "w") as f:
    print(f.mode, f.closed, f.writable(), f.readable(), repr(f.name) == repr(path))
    print(f.write("first line\n"), f.write("zweite Zeile: héllo\n"))
    f.writelines(["third\n", "last without newline"])
print(f.closed)

with open(path) as f:
    print(f.encoding, f.mode)
    print(repr(f.readline()))
    print(repr(f.read(6)), f.tell())
    print(repr(f.readline()))
    rest = f.readlines()
    print(rest)
    print(repr(f.read()), repr(f.readline()))
    f.seek(0)
    print([line.rstrip("\n") for line in f])

with open(path, "a", encoding="utf-8") as f:
    f.write("\nappended")
with open(path, encoding="utf-8") as f:
    print(f.read().split("\n")[-2:])

# Newlines: universal on read, kept with newline="", translated on write.
nl = os.path.join(tmp, "nl.txt")
with open(nl, "w", newline="") as f:
    f.write("a\r\nb\rc\nd")
with open(nl) as f:
    print(repr(f.read()))
with open(nl, newline="") as f:
    print([repr(l) for l in f])
with open(nl, newline="\r\n") as f:
    print(repr(f.readline()))
with open(nl, "w", newline="\r\n") as f:
    f.write("x\ny\n")
with open(nl, newline="") as f:
    print(repr(f.read()))

# Encodings.
lat = os.path.join(tmp, "latin.txt")
with open(lat, "w", encoding="latin-1") as f:
    print(f.write("café ñ"))
print(os.path.getsize(lat))
with open(lat, encoding="latin-1") as f:
    print(f.read(), f.encoding)
with open(lat, "w", encoding="ascii") as f:
    f.write("plain")
with open(lat, encoding="ascii") as f:
    print(f.read())

# Read-write, truncate, x mode.
rw = os.path.join(tmp, "rw.txt")
with open(rw, "w+") as f:
    f.write("hello world")
    f.seek(0)
    print(f.read(5), f.tell())
    f.seek(0, 2)
    f.write("!")
    f.seek(0)
    print(f.read())
    print(f.truncate(5))
    f.seek(0)
    print(f.read())
try:
    open(rw, "x")
except FileExistsError as e:
    print("FileExistsError", e.errno, e.strerror, e.filename == rw)
with open(os.path.join(tmp, "new.txt"), "x") as f:
    print(f.mode)


def err(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__ + ":", str(e).replace(tmp, "<tmp>"))


err(lambda: open(os.path.join(tmp, "missing.txt")))
err(lambda: open(tmp))
err(lambda: open(path, "rw"))
err(lambda: open(path, "rbt"))
err(lambda: open(path, "q"))
err(lambda: open(path, newline="x"))
err(lambda: open(path, encoding="no-such-codec"))
err(lambda: open(3.5))
err(lambda: open(path).write("x"))
err(lambda: open(path, "w").read())
f = open(path)
f.close()
err(lambda: f.read())
err(lambda: f.readline())
with open(path) as g:
    err(lambda: g.seek(1, 1))
    err(lambda: g.seek(-1))
    err(lambda: g.seek(0, 5))
with open(path, "w") as g:
    err(lambda: g.write(5))
e = FileNotFoundError(2, "No such file or directory", "x.txt")
print(e, e.args, e.errno, e.filename, isinstance(e, OSError))
print(type(OSError(2, "x")).__name__, type(OSError(17, "x")).__name__, OSError("plain"))
print(OSError(2, "a", "b", None, "c"))
print(io.open is open)

s = io.StringIO()
print(s.write("hello\n"), s.write("wörld\n"))
print(repr(s.getvalue()), s.tell())
s.seek(0)
print(repr(s.readline()), repr(s.read(3)), s.tell())
print(s.readlines())
s.seek(0)
print([l for l in s])
s = io.StringIO("abc\ndef")
print(s.read(), s.tell())
s.seek(1)
s.write("X")
print(s.getvalue())
print("print to a StringIO:", end=" ")
out = io.StringIO()
print("a", 1, [2], sep="-", end="!\n", file=out)
print(repr(out.getvalue()))
s.close()
err(lambda: s.getvalue())
