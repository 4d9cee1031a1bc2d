# `from module import *`: the module's __all__ when it has one, otherwise
# every name not starting with an underscore (imported modules included),
# bound in the importing module's namespace; CPython's errors for a bad
# __all__; standard modules built on it (heapq, bisect).
from _star_all import *

print(shown, "|", _private_but_listed, "|", Klass.__name__)
print("hidden" in globals())

from _star_public import *

print(alpha, beta, area(2.0))
print(collections.OrderedDict.__name__)
print("_gamma" in globals(), "__dunder" in globals(), "_math" in globals())

from _star_tuple_all import *

print(first, second, "third" in globals())

try:
    from _star_bad_item import *
except TypeError as e:
    print("TypeError:", e)
print("ok" in globals())

try:
    from _star_missing import *
except AttributeError as e:
    print("AttributeError:", e)
print(here)

# A star import rebinds names the script already had.
alpha = "mine"
from _star_public import *

print(alpha)


def uses_star_names():
    # Functions see the star-imported names as globals.
    return shown + "/" + str(first + second)


print(uses_star_names())

import heapq

h = []
for v in [5, 1, 8, 3, 9, 2]:
    heapq.heappush(h, v)
print([heapq.heappop(h) for _ in range(len(h))])
print(heapq.nsmallest(2, [4, 1, 7, 0]), heapq.nlargest(2, [4, 1, 7, 0]))
print(list(heapq.merge([1, 4, 7], [2, 5, 8])))

import bisect

xs = [1, 3, 5, 7]
print(bisect.bisect_left(xs, 5), bisect.bisect_right(xs, 5), bisect.bisect(xs, 0))
bisect.insort(xs, 4)
print(xs)
