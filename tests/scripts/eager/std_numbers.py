# CPython's numbers.py (the numeric ABCs) run by tc: the builtin types are
# registered in their places; user classes register and subclass.
import numbers
from numbers import Complex, Integral, Number, Rational, Real

for v in (1, True, 2.5, 1 + 2j, "1", None, [1]):
    print(repr(v), [isinstance(v, c) for c in (Number, Complex, Real, Rational, Integral)])
print(issubclass(int, Integral), issubclass(float, Real), issubclass(float, Rational),
      issubclass(complex, Complex), issubclass(complex, Real), issubclass(bool, Number))
print(Integral.__mro__)
print(sorted(Complex.__abstractmethods__))


class Meters(numbers.Real):
    pass


try:
    Meters()
except TypeError as e:
    print("TypeError:", str(e)[:60])


class Tiny:
    pass


Number.register(Tiny)
print(isinstance(Tiny(), Number), isinstance(Tiny(), Complex), issubclass(Tiny, Number))
print(numbers.__all__)
