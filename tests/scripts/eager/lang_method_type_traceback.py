# types.MethodType(f, obj) and a writable __traceback__ / with_traceback (contextlib uses both).
import types
class A:
    def f(self, x): return (self, x)
m = types.MethodType(A.f, 5)
print(m(3), m.__self__)
try: types.MethodType(1, 2)
except TypeError as e: print(e)
try: types.MethodType(len, None)
except TypeError as e: print(e)
e = ValueError("x")
print(e.with_traceback(None) is e)
try: e.__traceback__ = 3
except TypeError as ex: print(ex)
