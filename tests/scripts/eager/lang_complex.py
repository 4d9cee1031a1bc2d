# The builtin complex type: literals, construction, arithmetic with ints and
# floats, abs/conjugate/real/imag, ==, hash, repr/str/format, and the errors,
# as CPython 3.11 gives them.
import math
from _catch_helper import catch


def show(*xs):
    print(*[repr(x) for x in xs])


show(1j, 2.5j, 1e3j, 1_0j, 0j, 1J, -1j, -0j, 3 + 4j, 3 - 4j, -(3 + 4j), +(3 + 4j))
show(complex(), complex(1), complex(1.5, -2), complex(2j), complex(1 + 2j, 3j), complex(real=1, imag=2))
show(complex(True, False), complex(10**20, 1), complex(-0.0, 0.0), complex(0.0, -0.0))
for s in ["1+2j", " (1+2j) ", "-3.5", "2j", "j", "-j", "+J", "1e3-2e-3j", "inf+nanj", "-infj",
          "1-j", "1_000+2_0j", "( 4 )", "nan"]:
    print(repr(s), repr(complex(s)))
for s in ["", "1+", "1+2", "(1+2j", "1+2j)", "1 + 2j", "abc", "1j2", "1__0j", "jj", "_1j"]:
    catch(lambda: complex(s))
catch(lambda: complex("1", 2))
catch(lambda: complex(1, "2"))
catch(lambda: complex([]))
catch(lambda: complex(1, None))
catch(lambda: complex(None))


class HasComplex:
    def __complex__(self):
        return 5 - 6j


class HasFloat:
    def __float__(self):
        return 2.5


class HasIndex:
    def __index__(self):
        return 7


class BadComplex:
    def __complex__(self):
        return 1


show(complex(HasComplex()), complex(HasFloat()), complex(HasIndex()), complex(1, HasFloat()))
catch(lambda: complex(BadComplex()))

z = 3 + 4j
w = 1 - 2j
show(z + w, z - w, z * w, z / w, z ** 2, z ** -1, z ** 0.5, z ** w, w ** 3)
show(z + 1, 1 + z, z - 1.5, 1.5 - z, z * 2, 2 * z, z / 2, 2 / z, 2 ** z, z ** 2.0)
show(1j * 1j, 1j ** 2, (1 + 1j) ** 100, 0j ** 0, 0j ** 2, (2 + 0j) ** 10)
show(abs(z), abs(-2j), abs(complex(math.inf, math.nan)), abs(complex(math.nan, 1)))
show(z.real, z.imag, z.conjugate(), w.conjugate(), (5j).real, type(z.real))
show(z == 3 + 4j, z == 3, (3 + 0j) == 3, (3 + 0j) == 3.0, 3 == 3 + 0j, z != w, z == "x", z != None)
show((10**20 + 0j) == 10**20, complex(2**53 + 1, 0) == 2**53 + 1)
show(hash(1 + 2j), hash(3 + 0j) == hash(3), hash(1.5 + 0j) == hash(1.5), hash(-1 + 0j), hash(2j))
print({1 + 2j: "a", 3: "b"}[1 + 2j], {3 + 0j: "c"}[3], len({1j, 1j, 2j}))
show(bool(0j), bool(1j), bool(complex(0, -0.0)), not 0j)
show(str(z), str(-2j), str(complex(-0.0, -0.0)), str(complex(1e16, 1e-5)))
show(complex(math.inf, -math.inf), complex(math.nan, 2), complex(0, math.nan), complex(-math.nan, -math.nan))
print(f"{z}", f"{z:.2f}", f"{z:>12}", f"{z:<12}|", f"{z:^12}|", f"{w:+}", f"{z:e}", f"{-2j:g}")
for spec in [".2f", "", ">10", "+", "10.3g", "e", "n", ".2", "#", "*^14.1f", ".3E", ",.2f", " ", "#g"]:
    print(repr(spec), repr(format(1 + 2j, spec)), repr(format(-2j, spec)), repr(format(1234.5 - 0.25j, spec)))
catch(lambda: format(z, "010"))
catch(lambda: format(z, "=10"))
catch(lambda: format(z, "d"))
catch(lambda: format(z, "%"))
print("%s %r" % (z, w), "{} {!r}".format(z, w))
catch(lambda: z / 0)
catch(lambda: z / 0j)
catch(lambda: 1 / 0j)
catch(lambda: 0j ** -1)
catch(lambda: 0j ** 1j)
catch(lambda: pow(z, 2, 3))
catch(lambda: z // 2)
catch(lambda: z % 2)
catch(lambda: z < w)
catch(lambda: z > 1)
catch(lambda: int(z))
catch(lambda: float(z))
catch(lambda: complex(10) ** 1000)
catch(lambda: z + "a")
catch(lambda: [] * z)
catch(lambda: round(z))
print(isinstance(z, complex), type(z), type(z).__name__, complex.__name__, isinstance(1, complex))
print(sum([1j, 2, 3.5]), sorted([3j, 1j], key=abs), max([1 + 1j, 3j], key=abs))
print(pow(2j, 2), divmod(7, 2), [x * 1j for x in range(3)])
c = 1 + 1j
c += 2
c *= 1j
c **= 2
print(c, (2 + 3j).__add__(1), (2 + 3j).__radd__(1), (2 + 3j).__mul__("x"))


class MyComplex(complex):
    pass


m = MyComplex(1, 2)
print(repr(m), type(m).__name__, m + 1, type(m + 1).__name__, m == 1 + 2j, isinstance(m, complex))
