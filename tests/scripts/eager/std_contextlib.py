# contextlib (CPython's own contextlib.py): contextmanager (with the
# exception thrown into the generator), nullcontext, suppress, closing,
# ExitStack (callbacks, nested managers, unwinding order), redirect_stdout
# and redirect_stderr, ContextDecorator, AbstractContextManager.
import contextlib
import io
import sys
from contextlib import contextmanager


@contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    except KeyError as e:
        print("handled in generator:", e)
    finally:
        print(f"</{name}>")


with tag("a") as t:
    print("inside", t)
with tag("b"):
    raise KeyError("k")
try:
    with tag("c"):
        raise ValueError("passes through")
except ValueError as e:
    print("caught outside:", e)


@tag("deco")
def decorated(x):
    print("decorated body", x)
    return x


print(decorated(3))

with contextlib.nullcontext(42) as v:
    print("nullcontext", v)
with contextlib.suppress(ZeroDivisionError, KeyError):
    1 / 0
print("after suppress")
try:
    with contextlib.suppress(KeyError):
        [][1]
except IndexError:
    print("IndexError not suppressed")


class Resource:
    def __init__(self, name):
        self.name = name

    def close(self):
        print("closed", self.name)


with contextlib.closing(Resource("r1")) as r:
    print("using", r.name)

with contextlib.ExitStack() as stack:
    stack.callback(print, "callback 1")
    for n in ("x", "y"):
        stack.enter_context(tag(n))
    stack.callback(print, "callback 2")
    print("body of exit stack")

with contextlib.ExitStack() as stack:
    stack.callback(print, "not run")
    moved = stack.pop_all()
moved.close()


def boom():
    raise RuntimeError("from callback")


try:
    with contextlib.ExitStack() as stack:
        stack.callback(boom)
        stack.enter_context(tag("z"))
except RuntimeError as e:
    print("RuntimeError:", e)

buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    print("captured line")
    print("second", 2)
print(repr(buf.getvalue()))
err = io.StringIO()
with contextlib.redirect_stderr(err):
    sys.stderr.write("to stderr\n")
print(repr(err.getvalue()), sys.stdout is sys.__stdout__)


class Managed(contextlib.AbstractContextManager):
    def __exit__(self, *exc):
        print("Managed exit", exc[0])
        return None


with Managed() as m:
    print(type(m).__name__)
print(isinstance(tag("q"), contextlib.AbstractContextManager))


class Track(contextlib.ContextDecorator):
    def __enter__(self):
        print("enter Track")
        return self

    def __exit__(self, *exc):
        print("exit Track")
        return False


@Track()
def work():
    print("working")


work()
