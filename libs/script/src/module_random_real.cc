// random.Random's real-valued distributions (uniform, triangular, gauss,
// normalvariate, lognormvariate, expovariate, vonmisesvariate,
// gammavariate, betavariate, paretovariate, weibullvariate), following
// CPython 3.11's random.py step by step: the same draws in the same
// order, and the errors CPython's float arithmetic and math module raise
// (ZeroDivisionError for a zero rate, "math domain error", ...). Parameters
// are Python ints, bools or floats; int operands stay exact where Python
// keeps them ints (b - a in uniform and triangular).
#include <cmath>
#include <cstdint>
#include <utility>

#include "absl/strings/str_format.h"

#include "py_method_args.h"
#include "random_object.h"

namespace tc::script {

namespace {

using i128 = __int128;

// --- Python float semantics ------------------------------------------------

// A numeric parameter as a double; TypeError for anything else.
bool Real(VM& vm, const Value& v, double* out) {
  if (RandomAsNumber(v, out)) return true;
  RaiseTypeError(vm, absl::StrFormat("must be real number, not %s", TypeName(v)));
  return false;
}

bool Div(VM& vm, double a, double b, double* out) {
  if (b == 0.0) {
    RaiseZeroDivisionError(vm, "float division by zero");
    return false;
  }
  *out = a / b;
  return true;
}

bool DomainError(VM& vm) {
  RaiseValueError(vm, "math domain error");
  return false;
}

bool Log(VM& vm, double x, double* out) {
  if (!(x > 0.0) && !std::isnan(x)) return DomainError(vm);
  *out = std::log(x);
  return true;
}

bool Exp(VM& vm, double x, double* out) {
  *out = std::exp(x);
  if (std::isinf(*out) && std::isfinite(x)) {
    RaiseOverflowError(vm, "math range error");
    return false;
  }
  return true;
}

bool Sqrt(VM& vm, double x, double* out) {
  if (x < 0.0) return DomainError(vm);
  *out = std::sqrt(x);
  return true;
}

bool Acos(VM& vm, double x, double* out) {
  if (x < -1.0 || x > 1.0) return DomainError(vm);
  *out = std::acos(x);
  return true;
}

// float ** float for the bases the distributions use (never negative).
bool Pow(VM& vm, double a, double b, double* out) {
  if (a == 0.0 && b < 0.0) {
    RaiseZeroDivisionError(vm, "0.0 cannot be raised to a negative power");
    return false;
  }
  *out = std::pow(a, b);
  if (std::isinf(*out) && std::isfinite(a) && std::isfinite(b)) {
    RaiseOverflowError(vm, "(34, 'Numerical result out of range')");
    return false;
  }
  return true;
}

// Python's float %: the result takes the divisor's sign.
double Mod(double a, double b) {
  double m = std::fmod(a, b);
  if (m != 0.0) {
    if ((b < 0) != (m < 0)) m += b;
  } else {
    m = std::copysign(0.0, b);
  }
  return m;
}

// `b - a` as Python computes it: an exact int when both are ints, then
// converted to a float once.
bool Difference(VM& vm, const Value& b, const Value& a, double* out) {
  if ((a.is_int() || a.is_bool()) && (b.is_int() || b.is_bool())) {
    *out = static_cast<double>(static_cast<i128>(b.as_int()) - a.as_int());
    return true;
  }
  double x = 0, y = 0;
  if (!Real(vm, b, &x) || !Real(vm, a, &y)) return false;
  *out = x - y;
  return true;
}

// --- uniform, triangular -----------------------------------------------------

Value RandomUniform(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"a", "b"};
  Value a[2];
  if (!ParseMethodArgs(vm, args, "Random.uniform", kNames, 2, a)) return {};
  RandomSource src(vm, self);
  double lo = 0, hi = 0, r = 0;
  if (RandomAsNumber(a[0], &lo) && RandomAsNumber(a[1], &hi)) {
    double width;
    if (!Difference(vm, a[1], a[0], &width) || !src.Random(&r)) return {};
    return Value::Float(lo + width * r);
  }
  // a + (b - a) * self.random(), for any types.
  Value width = vm.Binary(BinaryOp::kSub, a[1], a[0]);
  if (width.is_null() || !src.Random(&r)) return {};
  Value scaled = vm.Binary(BinaryOp::kMul, width, Value::Float(r));
  if (scaled.is_null()) return {};
  return vm.Binary(BinaryOp::kAdd, a[0], scaled);
}

Value RandomTriangular(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"low", "high", "mode"};
  Value a[3];
  if (!ParseMethodArgs(vm, args, "Random.triangular", kNames, 0, a)) return {};
  Value low = a[0].is_null() ? Value::Float(0.0) : a[0];
  Value high = a[1].is_null() ? Value::Float(1.0) : a[1];
  RandomSource src(vm, self);
  double u, c = 0.5;
  if (!src.Random(&u)) return {};
  if (!a[2].is_null() && !a[2].is_none()) {
    // c = (mode - low) / (high - low); a zero width returns low itself.
    double num, den;
    if (!Difference(vm, a[2], low, &num) || !Difference(vm, high, low, &den)) return {};
    if (den == 0.0) return low;
    c = num / den;
  }
  if (u > c) {
    u = 1.0 - u;
    c = 1.0 - c;
    std::swap(low, high);
  }
  double width = 0, root = 0, base = 0;
  if (!Difference(vm, high, low, &width) || !Sqrt(vm, u * c, &root) || !Real(vm, low, &base)) {
    return {};
  }
  return Value::Float(base + width * root);
}

// --- normal and friends ------------------------------------------------------

bool MuSigma(VM& vm, const ArgsView& args, const char* name, Value out[2]) {
  static constexpr const char* kNames[] = {"mu", "sigma"};
  if (!ParseMethodArgs(vm, args, name, kNames, 0, out)) return false;
  if (out[0].is_null()) out[0] = Value::Float(0.0);
  if (out[1].is_null()) out[1] = Value::Float(1.0);
  return true;
}

Value RandomGauss(VM& vm, const Value& self, const ArgsView& args) {
  Value ms[2];
  if (!MuSigma(vm, args, "Random.gauss", ms)) return {};
  RandomSource src(vm, self);
  auto* r = Cast<RandomObject>(self);
  Value z = std::move(r->gauss_next);
  r->gauss_next = Value::None();
  if (z.is_none()) {
    double u1, u2;
    if (!src.Random(&u1)) return {};
    double x2pi = u1 * kRandomTwoPi;
    if (!src.Random(&u2)) return {};
    double g2rad = std::sqrt(-2.0 * std::log(1.0 - u2));
    z = Value::Float(std::cos(x2pi) * g2rad);
    r->gauss_next = Value::Float(std::sin(x2pi) * g2rad);
  }
  return RandomMuPlusZSigma(vm, ms[0], z, ms[1]);
}

// Kinderman and Monahan's ratio of uniforms.
Value NormalVariate(VM& vm, const Value& self, const Value& mu, const Value& sigma) {
  RandomSource src(vm, self);
  double z = 0;
  while (true) {
    double u1, u2;
    if (!src.Random(&u1) || !src.Random(&u2)) return {};
    u2 = 1.0 - u2;
    z = kRandomNvMagic * (u1 - 0.5) / u2;
    double zz = z * z / 4.0;
    if (zz <= -std::log(u2)) break;
  }
  return RandomMuPlusZSigma(vm, mu, Value::Float(z), sigma);
}

Value RandomNormalVariate(VM& vm, const Value& self, const ArgsView& args) {
  Value ms[2];
  if (!MuSigma(vm, args, "Random.normalvariate", ms)) return {};
  return NormalVariate(vm, self, ms[0], ms[1]);
}

Value RandomLogNormVariate(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"mu", "sigma"};
  Value a[2];
  if (!ParseMethodArgs(vm, args, "Random.lognormvariate", kNames, 2, a)) return {};
  Value n = NormalVariate(vm, self, a[0], a[1]);
  double x = 0, r = 0;
  if (n.is_null() || !ToFloat(vm, n, &x) || !Exp(vm, x, &r)) return {};
  return Value::Float(r);
}

// --- exponential, von Mises ------------------------------------------------

Value RandomExpoVariate(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"lambd"};
  Value a[1];
  if (!ParseMethodArgs(vm, args, "Random.expovariate", kNames, 1, a)) return {};
  RandomSource src(vm, self);
  double u = 0, lg = 0, lambd = 0, r = 0;
  if (!src.Random(&u) || !Log(vm, 1.0 - u, &lg) || !Real(vm, a[0], &lambd) ||
      !Div(vm, -lg, lambd, &r)) {
    return {};
  }
  return Value::Float(r);
}

Value RandomVonMisesVariate(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"mu", "kappa"};
  Value a[2];
  if (!ParseMethodArgs(vm, args, "Random.vonmisesvariate", kNames, 2, a)) return {};
  RandomSource src(vm, self);
  double mu = 0, kappa = 0;
  if (!Real(vm, a[1], &kappa)) return {};
  if (kappa <= 1e-6) {
    double u;
    if (!src.Random(&u)) return {};
    return Value::Float(kRandomTwoPi * u);
  }
  double s = 0.5 / kappa;
  double r = s + std::sqrt(1.0 + s * s);
  double z = 0;
  while (true) {
    double u1, u2;
    if (!src.Random(&u1)) return {};
    z = std::cos(M_PI * u1);
    double d = z / (r + z);
    if (!src.Random(&u2)) return {};
    if (u2 < 1.0 - d * d || u2 <= (1.0 - d) * std::exp(d)) break;
  }
  double q = 1.0 / r;
  double f = (q + z) / (1.0 + q * z);
  double u3 = 0, angle = 0;
  if (!src.Random(&u3) || !Real(vm, a[0], &mu) || !Acos(vm, f, &angle)) return {};
  return Value::Float(Mod(u3 > 0.5 ? mu + angle : mu - angle, kRandomTwoPi));
}

// --- gamma, beta -------------------------------------------------------------

bool GammaVariate(VM& vm, RandomSource& src, const Value& alpha_v, const Value& beta_v,
                  double* out) {
  double alpha = 0, beta = 0;
  if (!Real(vm, alpha_v, &alpha) || !Real(vm, beta_v, &beta)) return false;
  if (alpha <= 0.0 || beta <= 0.0) {
    RaiseValueError(vm, "gammavariate: alpha and beta must be > 0.0");
    return false;
  }
  if (alpha > 1.0) {
    // Cheng's rejection algorithm GB.
    double ainv = std::sqrt(2.0 * alpha - 1.0);
    double bbb = alpha - kRandomLog4;
    double ccc = alpha + ainv;
    while (true) {
      double u1, u2;
      if (!src.Random(&u1)) return false;
      if (!(1e-7 < u1 && u1 < 0.9999999)) continue;
      if (!src.Random(&u2)) return false;
      u2 = 1.0 - u2;
      double v = std::log(u1 / (1.0 - u1)) / ainv;
      double x = alpha * std::exp(v);
      double z = u1 * u1 * u2;
      double r = bbb + ccc * v - x;
      if (r + kRandomSgMagic - 4.5 * z >= 0.0 || r >= std::log(z)) {
        *out = x * beta;
        return true;
      }
    }
  }
  if (alpha == 1.0) {
    double u;
    if (!src.Random(&u)) return false;
    *out = -std::log(1.0 - u) * beta;
    return true;
  }
  // alpha < 1: Ahrens and Dieter's algorithm GS.
  double x = 0;
  while (true) {
    double u, u1;
    if (!src.Random(&u)) return false;
    double b = (M_E + alpha) / M_E;
    double p = b * u;
    if (p <= 1.0) {
      if (!Pow(vm, p, 1.0 / alpha, &x)) return false;
    } else if (!Log(vm, (b - p) / alpha, &x)) {
      return false;
    } else {
      x = -x;
    }
    if (!src.Random(&u1)) return false;
    if (p > 1.0) {
      double bound;
      if (!Pow(vm, x, alpha - 1.0, &bound)) return false;
      if (u1 <= bound) break;
    } else if (u1 <= std::exp(-x)) {
      break;
    }
  }
  *out = x * beta;
  return true;
}

Value RandomGammaVariate(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"alpha", "beta"};
  Value a[2];
  if (!ParseMethodArgs(vm, args, "Random.gammavariate", kNames, 2, a)) return {};
  RandomSource src(vm, self);
  double r = 0;
  if (!GammaVariate(vm, src, a[0], a[1], &r)) return {};
  return Value::Float(r);
}

Value RandomBetaVariate(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"alpha", "beta"};
  Value a[2];
  if (!ParseMethodArgs(vm, args, "Random.betavariate", kNames, 2, a)) return {};
  RandomSource src(vm, self);
  double y = 0, other = 0;
  if (!GammaVariate(vm, src, a[0], Value::Float(1.0), &y)) return {};
  if (y == 0.0) return Value::Float(0.0);
  if (!GammaVariate(vm, src, a[1], Value::Float(1.0), &other)) return {};
  return Value::Float(y / (y + other));
}

// --- Pareto, Weibull ---------------------------------------------------------

Value RandomParetoVariate(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"alpha"};
  Value a[1];
  if (!ParseMethodArgs(vm, args, "Random.paretovariate", kNames, 1, a)) return {};
  RandomSource src(vm, self);
  double u = 0, alpha = 0, e = 0, r = 0;
  if (!src.Random(&u) || !Real(vm, a[0], &alpha) || !Div(vm, -1.0, alpha, &e) ||
      !Pow(vm, 1.0 - u, e, &r)) {
    return {};
  }
  return Value::Float(r);
}

Value RandomWeibullVariate(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"alpha", "beta"};
  Value a[2];
  if (!ParseMethodArgs(vm, args, "Random.weibullvariate", kNames, 2, a)) return {};
  RandomSource src(vm, self);
  double u = 0, alpha = 0, beta = 0, lg = 0, e = 0, p = 0;
  if (!src.Random(&u) || !Real(vm, a[0], &alpha) || !Log(vm, 1.0 - u, &lg) ||
      !Real(vm, a[1], &beta) || !Div(vm, 1.0, beta, &e) || !Pow(vm, -lg, e, &p)) {
    return {};
  }
  return Value::Float(alpha * p);
}

constexpr MethodDef kRealMethods[] = {
    {"uniform", RandomUniform},
    {"triangular", RandomTriangular},
    {"gauss", RandomGauss},
    {"normalvariate", RandomNormalVariate},
    {"lognormvariate", RandomLogNormVariate},
    {"expovariate", RandomExpoVariate},
    {"vonmisesvariate", RandomVonMisesVariate},
    {"gammavariate", RandomGammaVariate},
    {"betavariate", RandomBetaVariate},
    {"paretovariate", RandomParetoVariate},
    {"weibullvariate", RandomWeibullVariate},
};

}  // namespace

const std::span<const MethodDef> kRandomRealMethods = kRealMethods;

}  // namespace tc::script
