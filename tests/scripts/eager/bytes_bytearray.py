# bytearray mutation (append, extend, insert, pop, remove, item and slice
# assignment, deletion, +=) and the bytes/bytearray mix in results.

ba = bytearray(b"abc")
print(ba, len(ba), ba[0], ba[-1], ba[1:], type(ba[1:]).__name__, bytes(ba), bytearray(), bytearray(3))
ba.append(100)
ba.extend(b"ef")
ba.extend([103, 104])
ba.extend(bytearray(b"i"))
print(ba)
ba[0] = 65
ba[-1] = 0x49
ba[1:3] = b"XYZ"
print(ba, len(ba))
ba[::2] = b"\x00" * len(ba[::2])
print(ba)
del ba[0]
del ba[-2:]
print(ba, ba.pop(), ba.pop(0), ba)
ba.insert(0, 33)
ba.insert(100, 63)
ba.insert(-1, 46)
print(ba)
ba.remove(0)
print(ba, ba.count(b"\x00"), ba.find(b"?"), 33 in ba)
ba += b"++"
print(ba, ba + b"!", b"!" + ba, type(ba + b"!").__name__, type(b"!" + ba).__name__)
c = ba.copy()
c.reverse()
print(c, ba == c, ba == bytes(ba), bytes(ba) == ba, c < ba)
c.clear()
print(c, len(c), repr(bytearray(b"q'\"")), bytearray("é☃", "utf-8"), bytearray([1, 2]))
print(bytearray(b"abc").decode(), bytearray(b"a b").split(), bytearray(b"x").hex(), bytearray(b"AB").lower())
