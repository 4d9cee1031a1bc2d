# Slicing lists, tuples and strings with all combinations of start/stop/step.

a = list(range(10))
print(a[2:7], a[:3], a[7:], a[:], a[-3:], a[:-3], a[-5:-2])
print(a[::2], a[1::2], a[::-1], a[::-3], a[8:2:-2], a[2:8:-1], a[-1:-4:-1])
print(a[100:], a[-100:2], a[3:3], a[5:2], a[0:100:4])
s = "abcdefgh"
print(s[1:4], s[::-1], s[::2], s[-2:], s[:0] + "|", s[10:] + "|")
t = (0, 1, 2, 3, 4)
print(t[1:3], t[::-1], t[-2:], t[::2])
start, stop, step = 1, 9, 3
print(a[start:stop:step], a[start:], a[:stop])
n = len(a)
print(a[n // 2:], a[:n // 2])
b = a[:]
b[0] = 99
print(a[0], b[0])
c = a[2:5]
c.append(-1)
print(a[2:6], c)
# slice assignment
d = list(range(6))
d[1:3] = ["x", "y", "z"]
print(d)
d[::2] = [0, 0, 0, 0]
print(d)
d[:] = []
print(d)
e = [1, 2, 3, 4, 5]
del e[1:4]
print(e)
words = "one two three four".split()
print(words[1:3], words[-1][::-1], [w[:2] for w in words])
rows = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print(rows[1:], rows[::-1], [r[1:] for r in rows], rows[1][::-1])
