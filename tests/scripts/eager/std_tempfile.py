# tempfile (CPython's own tempfile.py): TemporaryDirectory (with and
# cleanup()), mkdtemp, mkstemp, NamedTemporaryFile (text and binary,
# delete on close or not), TemporaryFile, gettempdir; names are checked by
# shape, not printed, as they are random.
import os
import shutil
import tempfile

base = os.path.abspath("_std_tempfile_tmp")
os.makedirs(base, exist_ok=True)

with tempfile.TemporaryDirectory(dir=base, prefix="run_", suffix="_x") as d:
    name = os.path.basename(d)
    print(os.path.isdir(d), os.path.dirname(d) == base, name.startswith("run_"),
          name.endswith("_x"), len(name))
    with open(os.path.join(d, "f.txt"), "w") as f:
        f.write("data")
    os.makedirs(os.path.join(d, "sub", "deeper"))
print(os.path.exists(d))

td = tempfile.TemporaryDirectory(dir=base)
print(os.path.isdir(td.name), repr(td).startswith("<TemporaryDirectory "))
td.cleanup()
print(os.path.exists(td.name))

d2 = tempfile.mkdtemp(dir=base)
print(os.path.isdir(d2), oct(os.stat(d2).st_mode & 0o777))
fd, path = tempfile.mkstemp(suffix=".bin", dir=d2)
os.write(fd, b"abc")
os.close(fd)
print(path.endswith(".bin"), os.path.getsize(path), oct(os.stat(path).st_mode & 0o777))

with tempfile.NamedTemporaryFile("w+", dir=d2, suffix=".txt") as f:
    f.write("hello\n")
    f.flush()
    f.seek(0)
    print(f.read(), end="")
    print(os.path.exists(f.name), f.name.endswith(".txt"), f.mode)
print(os.path.exists(f.name))

with tempfile.NamedTemporaryFile(dir=d2, delete=False) as f:
    f.write(b"\x00\x01")
    kept = f.name
print(os.path.exists(kept), open(kept, "rb").read())

with tempfile.TemporaryFile(dir=d2) as f:
    f.write(b"temp")
    f.seek(0)
    print(f.read())

print(os.path.isdir(tempfile.gettempdir()), isinstance(tempfile.gettempprefix(), str))
shutil.rmtree(base)
print(os.path.exists(base))
