# CPython 3.11's builtin exception classes: every one exists, in its place
# in the hierarchy; OSError's errno mapping and attributes; exception groups.
import builtins
from _catch_helper import catch

names = [n for n in dir(builtins)
         if isinstance(getattr(builtins, n), type) and issubclass(getattr(builtins, n), BaseException)]
print(len(names))
for n in names:
    cls = getattr(builtins, n)
    print(n, [b.__name__ for b in cls.__mro__])

print(IOError is OSError, EnvironmentError is OSError)
print(issubclass(SystemError, Exception), issubclass(FloatingPointError, ArithmeticError))
print(issubclass(UnicodeTranslateError, UnicodeError), issubclass(EncodingWarning, Warning))
print(issubclass(BrokenPipeError, ConnectionError), issubclass(ConnectionError, OSError))


for err in (2, 13, 17, 20, 21, 32, 11, 4, 10, 3, 110, 104, 111, 103, 1, 9999):
    e = OSError(err, "msg")
    print(err, type(e).__name__, e.errno, e.strerror, e.filename, str(e))
e = OSError(2, "No such file", "a.txt")
print(repr(e), str(e), e.args, e.filename)
e = OSError(2, "No such file", "a.txt", None, "b.txt")
print(str(e), e.filename2)
print(repr(OSError("just text")), OSError("just text").errno)
print(type(FileNotFoundError(17, "x")).__name__)
print(str(OSError()), repr(OSError(1, 2, 3, 4, 5, 6)))

for cls in (SystemError, EOFError, MemoryError, BufferError, ReferenceError, FloatingPointError):
    try:
        raise cls("boom")
    except Exception as ex:
        print(type(ex).__name__, ex.args, repr(ex))

try:
    raise SystemError("x")
except RuntimeError:
    print("wrong")
except Exception as ex:
    print("caught", repr(ex))

# Exception groups.
eg = ExceptionGroup("many", [ValueError(1), TypeError(2), ExceptionGroup("inner", [ValueError(3), KeyError(4)])])
print(str(eg), repr(eg))
print(eg.message, eg.exceptions, eg.args)
match, rest = eg.split(ValueError)
print(repr(match), repr(rest))
print(repr(eg.subgroup(lambda x: isinstance(x, KeyError))))
print(eg.subgroup(Exception) is eg, eg.subgroup(OSError))
print(eg.split((TypeError, KeyError)))
print(type(BaseExceptionGroup("m", [ValueError()])).__name__)
print(type(BaseExceptionGroup("m", [KeyboardInterrupt()])).__name__)
print(ExceptionGroup.__mro__)
print(isinstance(eg, Exception), isinstance(BaseExceptionGroup("m", [KeyboardInterrupt()]), Exception))
catch(lambda: ExceptionGroup("m", [KeyboardInterrupt()]))
catch(lambda: ExceptionGroup(1, [ValueError()]))
catch(lambda: ExceptionGroup("m", []))
catch(lambda: ExceptionGroup("m", 5))
catch(lambda: ExceptionGroup("m", [1]))
catch(lambda: ExceptionGroup("m"))
catch(lambda: eg.split(3))
print(str(ExceptionGroup("one", [ValueError()])))


class MyGroup(ExceptionGroup):
    def derive(self, excs):
        return MyGroup(self.message + "!", excs)


g = MyGroup("mine", [ValueError(1), TypeError(2)])
print(repr(g.split(ValueError)))
try:
    raise ExceptionGroup("raised", [ValueError(5)])
except Exception as ex:
    print("caught group", repr(ex))

# The UnicodeError subclasses made by hand.
catch(lambda: UnicodeEncodeError("a"))
catch(lambda: UnicodeEncodeError(1, "x", 0, 1, "r"))
catch(lambda: UnicodeDecodeError("utf-8", 5, 0, 1, "r"))
catch(lambda: UnicodeTranslateError("x", 0, 1))
catch(lambda: UnicodeEncodeError("ascii", "x", "a", 1, "r"))
for e in (UnicodeEncodeError("ascii", "a\u20ac\U0001f600", 1, 2, "bad"),
          UnicodeEncodeError("ascii", "a\u20ac\U0001f600", 2, 3, "bad"),
          UnicodeEncodeError("ascii", "\xe9", 0, 1, "bad"),
          UnicodeEncodeError("ascii", "abc", 0, 3, "bad"),
          UnicodeDecodeError("utf-8", b"\xff\xfe", 0, 2, "bad"),
          UnicodeDecodeError("utf-8", bytearray(b"ab"), 0, 1, "r"),
          UnicodeTranslateError("\xe9", 0, 1, "bad"),
          UnicodeTranslateError("abc", 0, 5, "bad")):
    print(type(e).__name__, str(e), "|", e.args, e.encoding, repr(e.object), e.start, e.end, e.reason)
e = UnicodeTranslateError("abc", 0, 5, "bad")
e.reason = "changed"
e.start = 1
e.end = 2
print(e)
try:
    "é".encode("ascii")
except UnicodeEncodeError as ex:
    print(ex, ex.start, ex.end, ex.reason)
