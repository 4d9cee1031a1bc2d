# CPython's struct.py over tc's native _struct: every format code, the byte
# orders, repeat counts, native alignment, Struct objects, the buffer
# functions and CPython's error texts.
import struct


def show(label, f, *args):
    try:
        print(label, repr(f(*args)))
    except Exception as e:
        print(label, type(e).__module__, type(e).__name__, e)


codes = ['x', 'c', 'b', 'B', '?', 'h', 'H', 'i', 'I', 'l', 'L', 'q', 'Q', 'n', 'N', 'e', 'f',
         'd', 's', 'p', 'P', '3s', '5p', '2h', '0i']
for order in ['@', '=', '<', '>', '!']:
    for code in codes:
        show('calcsize', struct.calcsize, order + code)
for fmt in ['@bi', '@bq', '@hd', '@bhiq', '@c3si', '<bhiq', '@iP', '@0q', 'b0q', '@?e', 'xh']:
    show('calcsize', struct.calcsize, fmt)

values = [
    ('<b', -128), ('<b', 127), ('<B', 255), ('>h', -2), ('>H', 65535), ('!i', -7), ('<I', 4294967295),
    ('<l', -2147483648), ('<L', 123456789), ('<q', -(2**63)), ('<Q', 2**64 - 1), ('>q', 2**63 - 1),
    ('@n', -5), ('@N', 2**64 - 1), ('@P', 4096), ('<?', 7), ('<?', 0), ('<e', 1.5), ('<e', -0.0),
    ('<e', 65504.0), ('<e', 1e-7), ('>f', 3.141592653589793), ('<f', 1e-45), ('<d', 0.1),
    ('>d', float('inf')), ('<d', float('-inf')), ('<c', b'z'), ('<5s', b'ab'), ('<2s', b'abcdef'),
    ('<5p', b'ab'), ('<3p', b'abcdef'), ('<0s', b'x'), ('<1p', b'abc'), ('@?', [])]
for fmt, v in values:
    show('pack ' + fmt + ' ' + repr(v), struct.pack, fmt, v)
    try:
        packed = struct.pack(fmt, v)
        print('  back', struct.unpack(fmt, packed))
    except Exception as e:
        print('  err', type(e).__name__, e)

print(struct.pack('@bhiqd', 1, 2, 3, 4, 5.0))
print(struct.unpack('@bhiqd', struct.pack('@bhiqd', 1, 2, 3, 4, 5.0)))
print(struct.pack('<3h2xi', 1, 2, 3, 4))
print(struct.pack('>2c3?', b'a', b'b', 1, 0, 'x'))
print(struct.unpack('<4B', b'\x01\x02\x03\xff'))
print(struct.unpack('>hH', b'\xff\xfe\xff\xfe'))
print(struct.pack('<d', float('nan')))
print(struct.unpack('<e', b'\x00\x7c'), struct.unpack('<e', b'\x01\x00'))
print(struct.unpack('<f', b'\x00\x00\xc0\x7f')[0])
print(struct.pack('<e', 65519.0), struct.pack('<e', 0.00006103515625))
print(struct.pack(b'<i', 9), struct.unpack(b'>i', b'\x00\x00\x01\x00'))
print(struct.pack('< i h', 1, 2), struct.calcsize('<  2i  h'))
print(struct.unpack('<?', b'\x05'), struct.unpack('<5p', b'\x09abcd'))

s = struct.Struct('<hi')
print(s.format, s.size, s.pack(1, 2), s.unpack(b'\x01\x00\x02\x00\x00\x00'))
print(type(s).__name__, struct.Struct(b'>q').format)
buf = bytearray(12)
s.pack_into(buf, 2, -1, -2)
struct.pack_into('<h', buf, -2, 513)
print(buf)
print(s.unpack_from(buf, 2), struct.unpack_from('<h', buf, offset=-2), struct.unpack_from('<b', b'\x05\x06'))
print(struct.unpack_from('<h', memoryview(b'\x01\x02\x03'), 1))
print(list(struct.iter_unpack('<h', b'\x01\x00\x02\x00\x03\x00')))
it = s.iter_unpack(b'\x00' * 12)
print(type(it).__name__, it.__length_hint__(), next(it), list(it))
print(struct.unpack('<i', memoryview(b'\x04\x00\x00\x00')))
print(struct.error.__module__, struct.error.__name__, issubclass(struct.error, Exception))
print(struct.pack('<h', True), struct.pack('<d', 3), struct.pack('<f', True))


class Idx:
    def __index__(self):
        return 7


print(struct.pack('<i', Idx()))

# errors
show('e1', struct.pack, '<h', 40000)
show('e2', struct.pack, '<H', -1)
show('e3', struct.pack, '<b', 200)
show('e4', struct.pack, '<B', 256)
show('e5', struct.pack, '<i', 2**31)
show('e6', struct.pack, '<I', -1)
show('e7', struct.pack, '<q', 2**63)
show('e8', struct.pack, '<Q', -1)
show('e9', struct.pack, '@b', 200)
show('e10', struct.pack, '@B', -1)
show('e11', struct.pack, '@h', 2**15)
show('e12', struct.pack, '@H', 2**16)
show('e13', struct.pack, '@i', 2**31)
show('e14', struct.pack, '@I', 2**32)
show('e15', struct.pack, '@l', 2**63)
show('e16', struct.pack, '@L', -1)
show('e17', struct.pack, '@q', 2**63)
show('e18', struct.pack, '@Q', 2**64)
show('e19', struct.pack, '@n', 2**63)
show('e20', struct.pack, '@N', -1)
show('e21', struct.pack, '<i', 1.5)
show('e22', struct.pack, '<i', '1')
show('e23', struct.pack, '<f', 'x')
show('e24', struct.pack, '<f', 1e300)
show('e25', struct.pack, '<e', 1e6)
show('e26', struct.pack, '<c', b'ab')
show('e27', struct.pack, '<c', 'a')
show('e28', struct.pack, '<s', 'a')
show('e29', struct.pack, '<p', 5)
show('e30', struct.pack, '<hh', 1)
show('e31', struct.pack, '<h', 1, 2)
show('e32', struct.pack, '<y', 1)
show('e33', struct.calcsize, '<n')
show('e34', struct.calcsize, '>P')
show('e35', struct.calcsize, '3')
show('e36', struct.calcsize, 'i3')
show('e37', struct.unpack, '<i', b'\x00\x00')
show('e38', struct.unpack, '<i', 'abcd')
show('e39', struct.unpack_from, '<i', b'\x00\x00\x00\x00', 1)
show('e40', struct.unpack_from, '<i', b'\x00\x00\x00\x00', -10)
show('e41', struct.pack_into, '<i', bytearray(5), 2, 1)
show('e42', struct.pack_into, '<i', bytearray(5), -2, 1)
show('e43', struct.pack_into, '<i', bytearray(5), -10, 1)
show('e44', struct.pack_into, '<i', b'12345', 0, 1)
show('e45', struct.iter_unpack, '<i', b'\x00' * 6)
show('e46', struct.iter_unpack, '<0i', b'')
show('e47', struct.Struct, 5)
show('e48', struct.pack, '<?')
show('e49', struct.pack)
show('e50', struct.calcsize, 'q' * 0 + '99999999999999999999i')
show('e51', struct.pack, '<i', 2**70)
show('e52', struct.unpack_from, '<i', b'\x00\x00\x00\x00\x00', 2)
show('e53', struct.pack, '<d', 2**2000)
