# The native modules under CPython's weakref.py and threading.py: _weakref
# (references die with their object and then call their callbacks),
# _thread's locks, and atexit callbacks running when the script ends, last
# registered first. (weakref.py and threading.py themselves also need
# CPython's _collections_abc and collections.abc.)
import _thread
import _weakref
import atexit


class Thing:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"Thing({self.name!r})"


# In functions: tc's module-level name lookups cache what they read, which
# keeps it alive longer than CPython would.
def basics():
    t = Thing("a")
    r = _weakref.ref(t)
    print(r() is t, _weakref.ref(t) is r, _weakref.getweakrefcount(t), r.__callback__)
    dead = []
    r2 = _weakref.ref(t, lambda ref: dead.append(ref is r2))
    print(_weakref.getweakrefcount(t), r == _weakref.ref(t), hash(r) == hash(t), r != r2)
    print(type(r).__name__, type(r).__module__, _weakref.ReferenceType is _weakref.ref)
    del t
    print(r(), dead, r2.__callback__, r == r2, _weakref.getweakrefs(r))
    try:
        hash(r2)
    except TypeError as e:
        print("TypeError:", e)


basics()

for bad in ([1, 2], "s", 3, (1,), {}):
    try:
        _weakref.ref(bad)
    except TypeError as e:
        print("TypeError:", e)


class KeyedRef(_weakref.ref):
    __slots__ = ("key",)

    def __new__(cls, ob, callback, key):
        self = _weakref.ref.__new__(cls, ob, callback)
        self.key = key
        return self

    def __init__(self, ob, callback, key):
        super().__init__(ob, callback)


def keyed():
    cache = {}
    removed = []
    value = Thing("v")
    cache["v"] = KeyedRef(value, lambda wr: removed.append(wr.key), "v")
    print(cache["v"]() is value, cache["v"].key, isinstance(cache["v"], _weakref.ref))
    del value
    print(cache["v"](), removed)
    _weakref._remove_dead_weakref(cache, "v")
    print(cache)


keyed()


def fn():
    pass


print(_weakref.ref(fn)() is fn, _weakref.ref(Thing)() is Thing)

lock = _thread.allocate_lock()
print(lock.acquire(), lock.locked(), lock.acquire(False), lock.acquire(True, 0.01))
lock.release()
with lock:
    print("inside with", lock.locked())
print(lock.locked(), type(lock).__name__)
try:
    lock.release()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    lock.acquire(False, 1)
except ValueError as e:
    print("ValueError:", e)

rl = _thread.RLock()
with rl:
    with rl:
        print("reentered", rl._is_owned())
print(rl._is_owned())
try:
    rl.release()
except RuntimeError as e:
    print("RuntimeError:", e)
print(_thread.TIMEOUT_MAX, _thread.stack_size(), _thread._count(), _thread.error)


@atexit.register
def goodbye():
    print("goodbye from atexit")


def with_args(word, *, times):
    print("atexit", word * times)


atexit.register(with_args, "ab", times=2)
atexit.register(print, "unregistered")
atexit.unregister(print)
print("callbacks", atexit._ncallbacks())
print("end of script")
