# collections: Counter, defaultdict, namedtuple, deque (and OrderedDict's
# neighbours) with CPython 3.11's results, reprs and error texts.
import collections
from collections import Counter, OrderedDict, defaultdict, deque, namedtuple


def check(label, fn):
    try:
        print(label, '->', repr(fn()))
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)


# Counter.
c = Counter('abracadabra')
print(c, c['a'], c['z'], len(c), c.total())
print(c.most_common(), c.most_common(2), c.most_common(0), c.most_common(-1))
print(sorted(c.elements()), list(Counter(a=2, b=0, c=-1).elements()))
c.update('aaz')
c.update({'b': 5})
c.update(q=1)
print(c)
c.subtract('aaaa')
c.subtract({'z': 3}, )
print(c, Counter(x=1).copy(), Counter())
d = Counter(a=3, b=1)
e = Counter(a=1, b=2, c=4)
print(d + e, d - e, e - d, d | e, d & e, +Counter(a=-1, b=2), -Counter(a=-1, b=2))
print(d == Counter(b=1, a=3), d == Counter(a=3, b=1, c=0), d != e, Counter(a=1) <= Counter(a=2))
print(Counter(a=1) < Counter(a=1), Counter(a=2) >= Counter(a=1, b=0), Counter(a=2) > Counter(a=1))
f = Counter(a=1, b=2)
f += Counter(a=-1, c=1)
print(f)
f -= Counter(b=1)
print(f)
f |= Counter(b=5)
print(f)
f &= Counter(b=2, c=3)
print(f)
g = Counter({'x': 2, 'y': 5})
del g['nope']
del g['x']
print(g, isinstance(g, dict), Counter([1, 1, 2]), Counter(Counter(k=2)))
print(Counter('hello world').most_common(3), Counter([3.5, 3.5, None]))
words = 'the cat and the hat and the bat'.split()
print(Counter(words).most_common(2), sum(Counter(words).values()))
check('Counter.fromkeys', lambda: Counter.fromkeys('ab'))
check('Counter() + 1', lambda: Counter() + 1)

# defaultdict.
dd = defaultdict(list)
for k, v in [('a', 1), ('b', 2), ('a', 3)]:
    dd[k].append(v)
print(dd, dd['a'], 'c' in dd, dd.get('c'), dd['c'], len(dd), dd.default_factory)
counts = defaultdict(int)
for ch in 'mississippi':
    counts[ch] += 1
print(counts, dict(counts), sorted(counts.items()))
nested = defaultdict(lambda: defaultdict(int))
nested['x']['y'] += 2
print(nested['x']['y'], repr(nested['x']))
plain = defaultdict()
print(plain, plain.default_factory)
check("plain['k']", lambda: plain['k'])
dd2 = defaultdict(set, {'s': {1}}, t={2})
dd2['u'].add(3)
print(dd2, dd2.copy(), type(dd2.copy()).__name__, isinstance(dd2, dict))
dd2.default_factory = str
print(repr(dd2['v']), dd2.default_factory)
check('defaultdict(1)', lambda: defaultdict(1))


class MyDD(defaultdict):
    pass


print(MyDD(tuple, a=(1,)))

# namedtuple.
Point = namedtuple('Point', ['x', 'y'])
p = Point(1, y=2)
print(p, p.x, p.y, p[0], p[-1], len(p), tuple(p), p == (1, 2), hash(p) == hash((1, 2)))
print(Point._fields, Point._field_defaults, Point, Point.__name__, Point.__doc__)
print(p._replace(x=10), p._asdict(), Point._make([3, 4]), isinstance(p, tuple))
x, y = p
print(x, y, p + (3,), p * 2, sorted([Point(2, 1), Point(1, 5)]), max(Point(2, 1)))
P3 = namedtuple('P3', 'a, b c', defaults=[0, 9])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults, P3.__doc__)
R = namedtuple('R', ['ok', 'def', '_x', 'ok'], rename=True)
print(R._fields, R(1, 2, 3, 4))
Empty = namedtuple('Empty', '')
print(Empty(), Empty._fields, namedtuple('S', 'a', module='mymod'))


class Vec(namedtuple('Vec', 'x y')):
    def norm2(self):
        return self.x ** 2 + self.y ** 2


v = Vec(3, 4)
print(v, v.norm2(), type(v).__name__, Vec._fields, v._replace(y=0))
check("p.x = 5", lambda: setattr(p, 'x', 5))
check("p.z", lambda: p.z)
check("Point(1)", lambda: Point(1))
check("Point(1, 2, 3)", lambda: Point(1, 2, 3))
check("Point(1, z=2)", lambda: Point(1, z=2))
check("Point(1, x=2)", lambda: Point(1, x=2))
check("Point._make([1])", lambda: Point._make([1]))
check("p._replace(z=1)", lambda: p._replace(z=1))
check("namedtuple('1a', 'x')", lambda: namedtuple('1a', 'x'))
check("namedtuple('T', 'x class')", lambda: namedtuple('T', 'x class'))
check("namedtuple('T', 'x _y')", lambda: namedtuple('T', 'x _y'))
check("namedtuple('T', 'x x')", lambda: namedtuple('T', 'x x'))
check("namedtuple('T', 'x', defaults=[1, 2])", lambda: namedtuple('T', 'x', defaults=[1, 2]))
check("namedtuple('T')", lambda: namedtuple('T'))

# deque.
q = deque([1, 2, 3])
q.append(4)
q.appendleft(0)
print(q, len(q), q[0], q[-1], q.pop(), q.popleft(), q)
q.extend('ab')
q.extendleft([8, 9])
print(q, list(q), 2 in q, 'z' in q, q.count(2), q.index('a'))
q.rotate(2)
print(q)
q.rotate(-3)
print(q)
q.rotate()
print(q, bool(q), bool(deque()))
q.remove('a')
q.insert(1, 'ins')
q[0] = 'first'
del q[2]
print(q, list(reversed(q)), q.copy(), q == deque(q), q == list(q))
q.reverse()
print(q)
q.clear()
print(q, len(q))
ring = deque(maxlen=3)
for i in range(6):
    ring.append(i)
print(ring, ring.maxlen, deque([1, 2], maxlen=2).maxlen, deque().maxlen)
ring.appendleft(-1)
print(ring)
ring.extend([10, 11])
print(ring, deque('abc', 2), deque(range(5), maxlen=0))
print(deque([1, 2]) + deque([3]), deque([1, 2]) * 2, deque([1]) < deque([2]), deque('ab') >= deque('ab'))
dq = deque([1])
dq += [2, 3]
dq *= 2
print(dq, dq.index(3, 3), dq.index(1, -3))
window = deque(maxlen=3)
avgs = []
for x in [4, 8, 15, 16, 23, 42]:
    window.append(x)
    avgs.append(sum(window) / len(window))
print(avgs)
check('deque().pop()', lambda: deque().pop())
check('deque().popleft()', lambda: deque().popleft())
check('deque([1])[5]', lambda: deque([1])[5])
check("deque([1])['a']", lambda: deque([1])['a'])
check('deque([1]).index(7)', lambda: deque([1]).index(7))
check('deque([1]).remove(7)', lambda: deque([1]).remove(7))
check('deque(maxlen=-1)', lambda: deque(maxlen=-1))
check('deque([1], 1).insert(0, 2)', lambda: deque([1], 1).insert(0, 2))
check('hash(deque())', lambda: hash(deque()))
check('deque([1]) + [2]', lambda: deque([1]) + [2])


def mutate():
    m = deque([1, 2, 3])
    for item in m:
        m.append(item)


check('mutate during iteration', mutate)

# OrderedDict still there; a name CPython lacks too.
print(OrderedDict(a=1), collections.OrderedDict is OrderedDict)
check('collections.nope', lambda: collections.nope)
