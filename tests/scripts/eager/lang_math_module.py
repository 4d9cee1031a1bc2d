# The math module: constants and common functions.

import math

print(math.pi, math.e, math.inf, -math.inf)
print(math.sqrt(2), math.sqrt(144.0), math.exp(1), math.exp(-2.5), math.log(math.e), math.log(100, 10))
print(math.log(8, 2), math.log2(1024), math.log10(0.001), math.log1p(1e-10), math.expm1(1e-10))
print(math.floor(3.7), math.floor(-3.2), math.ceil(3.2), math.ceil(-3.7), type(math.floor(1.5)))
print(math.sin(0), math.cos(0), math.sin(math.pi / 2), math.cos(math.pi), math.tan(math.pi / 4))
print(math.tanh(0.5), math.erf(0.5), math.erf(-1.5))
print(math.fabs(-2), math.pow(2, 10), math.pow(2.0, 0.5), math.isnan(float("nan")), math.isinf(math.inf))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isnan(1.0), math.isinf(-math.inf))

def gelu_ref(x):
    return 0.5 * x * (1 + math.erf(x / math.sqrt(2)))

print([round(gelu_ref(v), 6) for v in [-2, -1, -0.5, 0, 0.5, 1, 2]])

def softmax(xs):
    m = max(xs)
    exps = [math.exp(v - m) for v in xs]
    s = sum(exps)
    return [e / s for e in exps]

p = softmax([1.0, 2.0, 3.0])
print(p, sum(p))
print(-math.log(p[2]))
angles = [i * math.pi / 6 for i in range(7)]
print([round(math.sin(a), 4) for a in angles])
print(math.sqrt(sum([v * v for v in [3, 4, 12]])))
