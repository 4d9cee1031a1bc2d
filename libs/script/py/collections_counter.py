# collections.Counter, in the script language (CPython writes it in Python
# too): a dict subclass from element to count. Runs in the collections
# module's namespace when collections is first imported
# (libs/script/src/module_collections.cc), after the native part.

from itertools import chain as _chain, repeat as _repeat, starmap as _starmap


def _count_into(counter, iterable):
    get = counter.get
    for elem in iterable:
        counter[elem] = get(elem, 0) + 1


class Counter(dict):
    def __init__(self, iterable=None, /, **kwds):
        super().__init__()
        self.update(iterable, **kwds)

    def __missing__(self, key):
        # A missing element counts zero; the lookup adds nothing.
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        # Highest counts first; equal counts keep insertion order (sorted
        # is stable), which is also what heapq.nlargest gives CPython.
        ordered = sorted(self.items(), key=_count_of, reverse=True)
        if n is None:
            return ordered
        return ordered[:max(n, 0)]

    def elements(self):
        return _chain.from_iterable(_starmap(_repeat, self.items()))

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                if self:
                    get = self.get
                    for elem, count in iterable.items():
                        self[elem] = count + get(elem, 0)
                else:
                    # An empty counter takes the mapping's counts as they are.
                    dict.update(self, iterable)
            else:
                _count_into(self, iterable)
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            get = self.get
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    def __reduce__(self):
        return self.__class__, (dict(self),)

    def __delitem__(self, elem):
        # Deleting a missing element is not an error.
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        return f'{self.__class__.__name__}({dict(self.most_common())!r})'

    # Comparisons treat missing elements as zero counts.
    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all([self[e] == other[e] for c in (self, other) for e in c])

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all([self[e] <= other[e] for c in (self, other) for e in c])

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all([self[e] >= other[e] for c in (self, other) for e in c])

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    # Multiset arithmetic: results keep only positive counts.
    def _combine(self, other, op):
        # op on each element's two counts (0 where one side lacks it).
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            combined = op(count, other[elem])
            if combined > 0:
                result[elem] = combined
        for elem, count in other.items():
            if elem not in self:
                combined = op(0, count)
                if combined > 0:
                    result[elem] = combined
        return result

    def __add__(self, other):
        return self._combine(other, lambda a, b: a + b)

    def __sub__(self, other):
        return self._combine(other, lambda a, b: a - b)

    def __or__(self, other):
        return self._combine(other, max)

    def __and__(self, other):
        return self._combine(other, min)

    def __pos__(self):
        return self._combine(Counter(), lambda a, b: a)

    def __neg__(self):
        return self._combine(Counter(), lambda a, b: 0 - a)

    def _keep_positive(self):
        for elem in [e for e, count in self.items() if not count > 0]:
            del self[elem]
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, count in other.items():
            if count > self[elem]:
                self[elem] = count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in self.items():
            if other[elem] < count:
                self[elem] = other[elem]
        return self._keep_positive()


def _count_of(item):
    return item[1]
