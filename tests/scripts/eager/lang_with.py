# with statements and user context managers (__enter__/__exit__), suppression, nesting.

class Tracker:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            print("exit", self.name, "cleanly")
        else:
            print("exit", self.name, "with", repr(exc), "is ValueError:", exc_type is ValueError)
        return self.suppress

with Tracker("a") as t:
    print("inside", t.name)

with Tracker("b", suppress=True):
    print("about to raise")
    raise ValueError("suppressed")
print("after suppressed block")

try:
    with Tracker("c"):
        raise KeyError("propagates")
except KeyError as e:
    print("caught outside:", repr(e))

with Tracker("outer") as o, Tracker("inner") as i:
    print("both:", o.name, i.name)

with Tracker("x"):
    with Tracker("y"):
        print("nested body")

class Timer:
    """Counts 'ticks' instead of time so output is deterministic."""
    def __init__(self):
        self.ticks = 0

    def __enter__(self):
        self.ticks = 0
        return self

    def tick(self, n=1):
        self.ticks += n

    def __exit__(self, exc_type, exc, tb):
        print("timer stopped at", self.ticks)
        return False

with Timer() as tm:
    for i in range(5):
        tm.tick(i)
print("ticks", tm.ticks)

def use_in_function():
    with Tracker("fn"):
        return "returned from inside with"

print(use_in_function())

for i in range(3):
    with Tracker("loop" + str(i)):
        if i == 1:
            continue
        print("loop body", i)

class Resource:
    opened = 0

    def __enter__(self):
        Resource.opened += 1
        return "handle" + str(Resource.opened)

    def __exit__(self, exc_type, exc, tb):
        Resource.opened -= 1

with Resource() as h1:
    with Resource() as h2:
        print(h1, h2, Resource.opened)
print("open after", Resource.opened)

class Swallow:
    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc, tb):
        return exc_type is not None and issub(exc_type)

def issub(tp):
    return tp is ZeroDivisionError

with Swallow() as nothing:
    print("value of as target:", nothing)
    x = 1 / 0
print("swallowed ZeroDivisionError")
