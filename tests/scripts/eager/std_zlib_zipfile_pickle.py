# zlib and binascii checksums, then CPython's own zipfile (stored entries,
# in memory and on disk) and pickle (protocol 2, as torch.save uses it)
# running over them.
import binascii
import io
import os
import pickle
import tempfile
import zipfile
import zlib
from collections import OrderedDict

print(zlib.crc32(b''), zlib.crc32(b'hello world'), zlib.crc32(b'world', zlib.crc32(b'hello ')))
print(zlib.adler32(b''), zlib.adler32(b'hello world'), zlib.adler32(b'x' * 100000))
print(zlib.crc32(bytearray(b'abc')), zlib.crc32(memoryview(b'abc')), zlib.crc32(b'abc', -1))
print(binascii.crc32(b'hello world'), binascii.hexlify(b'\x00\xffab'), binascii.unhexlify('00ff6162'))
print(binascii.b2a_hex(b'\x10'), binascii.a2b_hex(b'4142'))
for bad in ['abc', 'zz']:
    try:
        binascii.unhexlify(bad)
    except binascii.Error as e:
        print(type(e).__module__, type(e).__name__, e, isinstance(e, ValueError))
try:
    zlib.crc32('text')
except TypeError as e:
    print('TypeError', e)
print(zlib.error.__module__, zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, zlib.MAX_WBITS)

buf = io.BytesIO()
with zipfile.ZipFile(buf, 'w') as z:
    z.writestr('archive/data.pkl', b'\x80\x02}q\x00.')
    z.writestr('archive/version', '3\n')
    z.writestr('archive/data/0', bytes(range(256)) * 4)
raw = buf.getvalue()
print(len(raw), raw[:4])
with zipfile.ZipFile(io.BytesIO(raw)) as z:
    print(z.namelist())
    for info in z.infolist():
        print(info.filename, info.file_size, info.compress_size, info.compress_type, info.CRC)
    print(z.read('archive/version'), len(z.read('archive/data/0')), z.testzip())
    with z.open('archive/data/0') as f:
        f.seek(250)
        print(f.read(10))
    try:
        z.read('missing')
    except KeyError as e:
        print('KeyError', e)

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'a.zip')
    with zipfile.ZipFile(path, 'w', compression=zipfile.ZIP_STORED) as z:
        z.writestr('x.txt', 'hello\n' * 3)
        z.writestr(zipfile.ZipInfo('dir/y.bin'), b'\x00\x01')
    print(zipfile.is_zipfile(path), os.path.getsize(path))
    with zipfile.ZipFile(path, 'a') as z:
        z.writestr('z.txt', 'appended')
    with zipfile.ZipFile(path) as z:
        print(z.namelist(), z.read('x.txt'), z.read('z.txt'))
    bad = os.path.join(d, 'bad.zip')
    with open(bad, 'wb') as f:
        f.write(b'not a zip file at all')
    print(zipfile.is_zipfile(bad))
    try:
        zipfile.ZipFile(bad)
    except zipfile.BadZipFile as e:
        print('BadZipFile', e)

values = [None, True, False, 0, 1, -1, 255, 256, 65535, 65536, -2**31, 2**31, 2**70, -2**40, 0.1,
          -0.0, float('inf'), 'text', 'ünï', '', b'bytes\x00\xff', (), (1,), (1, 2), (1, 2, 3),
          (1, 2, 3, 4), [], [1, [2, 3]], {}, {'a': 1, 'b': [1.5, None]}, {1, 2}, frozenset({3}),
          OrderedDict([('w', 1), ('b', 2)]), complex(1, 2), bytearray(b'xy')]
for v in values:
    data = pickle.dumps(v, protocol=2)
    back = pickle.loads(data)
    print(repr(v), data.hex(), back == v and type(back) is type(v))
shared = [1, 2]
obj = {'x': shared, 'y': shared, 'big': list(range(1500))}
back = pickle.loads(pickle.dumps(obj, protocol=2))
print(back['x'] is back['y'], len(back['big']), back['big'][-1])
for proto in [2, 3, 4, 5]:
    print(proto, pickle.loads(pickle.dumps({'k': (1, 2.5, 'v', [None])}, protocol=proto)))
od = OrderedDict(a=1)
od._metadata = OrderedDict({'': {'version': 1}})
data = pickle.dumps(od, protocol=2)
back = pickle.loads(data)
print(data.hex())
print(back, back._metadata)
