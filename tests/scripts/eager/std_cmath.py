# cmath for finite and special values: sqrt, exp, log (with a base), log10,
# phase, polar, rect, the predicates and isclose, and the errors.
import cmath
from _catch_helper import catch


for z in (-1, 4, 2j, -4 + 0j, 3 + 4j, -3 - 4j, 1e-320 + 1e-320j, 1e300 + 1e300j, complex(-0.0, -0.0),
          0.5 - 0.25j, 1.2 + 0.3j):
    print(repr(z), cmath.sqrt(z), cmath.exp(z) if abs(z) < 700 else "-", cmath.phase(z), cmath.polar(z))
for z in (1, -1, 1j, 2 + 3j, 0.9 + 0.1j, 1e-310, 1e308 + 1e308j, -2.5):
    print(repr(z), cmath.log(z), cmath.log10(z), cmath.log(z, 2), cmath.log(z, 1j + 1))
print(cmath.rect(2, 0), cmath.rect(2, cmath.pi / 2), cmath.rect(1, -0.0), cmath.rect(3, 1.25))
print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.nan, cmath.infj, cmath.nanj)
print(cmath.isfinite(1 + 2j), cmath.isinf(complex(cmath.inf, 0)), cmath.isnan(cmath.nanj), cmath.isnan(1))
print(cmath.isclose(1 + 1j, 1 + 1.0000000001j), cmath.isclose(1j, 1.1j), cmath.isclose(0j, 1e-10, abs_tol=1e-9))
print(cmath.sqrt(complex(cmath.inf, 1)), cmath.sqrt(complex(-cmath.inf, 1)), cmath.exp(complex(-cmath.inf, 1)))
catch(lambda: cmath.log(0))
catch(lambda: cmath.log(2, 1))
catch(lambda: cmath.exp(1000))
catch(lambda: cmath.sqrt("x"))
catch(lambda: cmath.isclose(1, 2, rel_tol=-1))
