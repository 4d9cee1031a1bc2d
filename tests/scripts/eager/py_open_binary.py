# Binary files and io.BytesIO (bytes values), and text files whose bytes
# are not valid in their encoding (UnicodeDecodeError / UnicodeEncodeError
# as CPython raises them). Files go to the harness's temporary directory.
import io
import os

tmp = os.environ.get("TC_SCRIPT_TMPDIR") or "/tmp"
path = os.path.join(tmp, "data.bin")

with open(path, "wb") as f:
    print(f.mode, f.write(b"\x00\x01abc\xff\n"), f.write(bytearray(b"tail")))
with open(path, "rb") as f:
    data = f.read()
    print(type(data).__name__, data, len(data), data[5])
    f.seek(2)
    print(f.read(3), f.tell(), f.readline(), f.read())
with open(path, "ab") as f:
    f.write(b"\nmore")
with open(path, "rb") as f:
    print(f.readlines())
    f.seek(0)
    print([line for line in f])

try:
    with open(path, "wb") as f:
        f.write("text")
except TypeError as e:
    print("TypeError:", e)

b = io.BytesIO(b"hello\nworld")
print(b.read(5), b.readline(), b.read(), b.tell())
b.seek(0)
b.write(b"J")
print(b.getvalue())
print(io.BytesIO().getvalue())

with open(path, "wb") as f:
    f.write("caf\u00e9 ok\n".encode("latin-1"))
try:
    with open(path, encoding="utf-8") as f:
        f.read()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError:", e)
    print(e.encoding, e.start, e.end, e.reason)
with open(path, encoding="latin-1") as f:
    print(repr(f.read()))
try:
    with open(path, "w", encoding="ascii") as f:
        f.write("na\u00efve")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError:", e)
