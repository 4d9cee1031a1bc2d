# math: the integer functions (comb, perm, gcd, lcm, isqrt, factorial),
# fsum's exact sums, hypot / dist (CPython 3.11's vector norm), frexp,
# ldexp, modf, nextafter, ulp and constants; floats printed with repr so
# every bit shows; errors as CPython 3.11 words them.
import math


def check(label, fn):
    try:
        print(label, '->', repr(fn()))
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)


print(math.comb(10, 3), math.comb(5, 0), math.comb(3, 5), math.comb(60, 30), math.comb(True, 1))
print(math.perm(5), math.perm(5, 2), math.perm(5, 0), math.perm(3, 5), math.perm(20, 10), math.perm(6, None))
print(math.gcd(), math.gcd(12), math.gcd(12, 18), math.gcd(-12, 18, 30), math.gcd(0, 0), math.gcd(7, 0))
print(math.lcm(), math.lcm(4), math.lcm(4, 6), math.lcm(-4, 6, 10), math.lcm(0, 5), math.lcm(3, 0, 7))
print(math.isqrt(0), math.isqrt(15), math.isqrt(16), math.isqrt(10**18), math.isqrt(2**62 - 1), math.isqrt(True))
print(math.factorial(0), math.factorial(10), math.factorial(20))
print(repr(math.fsum([0.1] * 10)), repr(sum([0.1] * 10)), repr(math.fsum([1e100, 1.0, -1e100, 1e-100])))
print(repr(math.fsum([])), repr(math.fsum(range(10))), repr(math.fsum([1, 2.5, True])))
print(repr(math.fsum([1e308, -1e308, 1e308])), repr(math.fsum([0.3, 0.6, 0.1, -1.0])))
print(repr(math.fsum([1.0, 1e-16, 1e-16])), repr(math.fsum([2.0 ** 53, 1.0, 2.0 ** -53])))
print(repr(math.fsum([math.inf, 1.0])), repr(math.fsum([-math.inf, 5])), math.isnan(math.fsum([math.nan, 1.0])))
vals = [0.1 * i for i in range(1, 40)] + [1e-3 / i for i in range(1, 30)]
print(repr(math.fsum(vals)), repr(math.fsum([x * x for x in vals])))
print(repr(math.hypot(3, 4)), repr(math.hypot()), repr(math.hypot(-2.5)), repr(math.hypot(1, 1)))
print(repr(math.hypot(1, 2, 3)), repr(math.hypot(0.1, 0.2, 0.3, 0.4)), repr(math.hypot(1e200, 1e200)))
print(repr(math.hypot(1e-320, 1e-320)), repr(math.hypot(math.inf, math.nan)), math.isnan(math.hypot(1, math.nan)))
print([repr(math.hypot(0.1 * i, 0.37 * i, 1.7)) for i in range(1, 8)])
print(repr(math.dist((0, 0), (3, 4))), repr(math.dist((1.5, 2.5, -3.5), (0.1, 0.2, 0.3))), repr(math.dist((), ())))
print(math.frexp(8.0), math.frexp(0.0), math.frexp(-0.3), math.frexp(1e-310), math.frexp(5))
print(repr(math.ldexp(0.5, 4)), repr(math.ldexp(1.0, -1074)), repr(math.ldexp(3, 2)), repr(math.ldexp(1.0, -2000)))
print(math.modf(3.75), math.modf(-2.5), math.modf(0.0), math.modf(7), math.modf(math.inf))
print(repr(math.nextafter(1.0, 2.0)), repr(math.nextafter(1.0, 0.0)), repr(math.nextafter(0.0, 1.0)), repr(math.nextafter(2.0, 2.0)))
print(repr(math.ulp(1.0)), repr(math.ulp(1e10)), repr(math.ulp(0.0)), repr(math.ulp(-3.5)), repr(math.ulp(math.inf)))
print(repr(math.pi), repr(math.e), repr(math.tau), math.inf, math.nan, -math.inf)
print(repr(math.log2(10)), repr(math.log10(2)), repr(math.log1p(1e-10)), repr(math.expm1(1e-10)))
print(repr(math.erf(0.5)), repr(math.erfc(0.5)), repr(math.copysign(3, -0.0)), repr(math.fmod(-7.5, 2)))
print(math.trunc(-3.7), math.trunc(9.99), math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1, rel_tol=0.2))
print(math.isclose(0.0, 1e-10), math.isclose(0.0, 1e-10, abs_tol=1e-9), math.prod([1, 2, 3, 4]), math.prod([]))
print(math.prod([0.5, 4], start=3), repr(math.prod(range(1, 11))))

check('comb(-1, 2)', lambda: math.comb(-1, 2))
check('comb(5, -2)', lambda: math.comb(5, -2))
check('comb(5.0, 2)', lambda: math.comb(5.0, 2))
check('comb(5)', lambda: math.comb(5))
check('perm(-3)', lambda: math.perm(-3))
check('perm(3, -1)', lambda: math.perm(3, -1))
check("perm('a')", lambda: math.perm('a'))
check('gcd(1.5, 2)', lambda: math.gcd(1.5, 2))
check('lcm(2, 0.5)', lambda: math.lcm(2, 0.5))
check('isqrt(-1)', lambda: math.isqrt(-1))
check('isqrt(2.0)', lambda: math.isqrt(2.0))
check('factorial(-1)', lambda: math.factorial(-1))
check('factorial(2.5)', lambda: math.factorial(2.5))
check('fsum([inf, -inf])', lambda: math.fsum([math.inf, -math.inf]))
check('fsum([1e308, 1e308])', lambda: math.fsum([1e308, 1e308]))
check("fsum(['a'])", lambda: math.fsum(['a']))
check('fsum(1)', lambda: math.fsum(1))
check('ldexp(1.0, 5000)', lambda: math.ldexp(1.0, 5000))
check('ldexp(1.0, 2.0)', lambda: math.ldexp(1.0, 2.0))
check('dist((1,), (1, 2))', lambda: math.dist((1,), (1, 2)))
check('dist([1], [2])', lambda: math.dist([1], [2]))
check('dist(1, [2])', lambda: math.dist(1, [2]))
check("hypot('a')", lambda: math.hypot('a'))
check('sqrt(-1)', lambda: math.sqrt(-1))
check('log(0)', lambda: math.log(0))
check('isclose(1, 2, rel_tol=-1)', lambda: math.isclose(1, 2, rel_tol=-1))
check('math.nope', lambda: math.nope)
