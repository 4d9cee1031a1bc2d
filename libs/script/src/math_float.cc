// The `math` functions on floats beyond libm's one-liners (module_math.cc):
// fsum (Shewchuk's exact partial sums with CPython's final rounding),
// hypot and dist (CPython 3.11's vector_norm: scaled, with exact squares
// and a final correction), frexp, ldexp, modf, nextafter, ulp, gamma and
// lgamma, with CPython's domain / range errors.
#include <cfloat>
#include <cmath>
#include <vector>

#include "tc/script/native.h"

#include "math_internal.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value RangeError(VM& vm) { return RaiseOverflowError(vm, "math range error"); }

// fsum(iterable): exact sum of the partials, rounded once.
Value Fsum(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "fsum", 1, 1)) return {};
  Value it = vm.Iter(args[0]);
  if (it.is_null()) return it;
  std::vector<double> partials;
  double special_sum = 0, inf_sum = 0;
  while (true) {
    Value v = vm.Next(it);
    if (v.is_null()) {
      if (vm.HasException()) return v;
      break;
    }
    double x;
    if (!ToFloat(vm, v, &x)) return {};
    double xsave = x;
    size_t i = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y;
      double lo = y - (hi - x);
      if (lo != 0.0) partials[i++] = lo;
      x = hi;
    }
    partials.resize(i);
    if (x != 0.0) {
      if (!std::isfinite(x)) {
        // A non-finite partial from finite inputs is an overflow; from
        // inf/nan inputs it is summed apart.
        if (std::isfinite(xsave)) {
          return RaiseOverflowError(vm, "intermediate overflow in fsum");
        }
        if (std::isinf(xsave)) inf_sum += xsave;
        special_sum += xsave;
        partials.clear();
      } else {
        partials.push_back(x);
      }
    }
  }
  if (special_sum != 0.0) {
    if (std::isnan(inf_sum)) return RaiseValueError(vm, "-inf + inf in fsum");
    return Value::Float(special_sum);
  }
  double hi = 0.0;
  size_t n = partials.size();
  if (n > 0) {
    hi = partials[--n];
    double lo = 0;
    while (n > 0) {
      double x = hi;
      double y = partials[--n];
      hi = x + y;
      double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    // Round half to even when the rest lies exactly halfway.
    if (n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0))) {
      double y = lo * 2.0;
      double x = hi + y;
      double yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  return Value::Float(hi);
}

// hi + lo == a + b exactly (|a| >= |b|).
struct DoubleLength {
  double hi, lo;
};
DoubleLength FastSum(double a, double b) {
  double hi = a + b;
  return {hi, (a - hi) + b};
}
DoubleLength ExactProduct(double x, double y) {
  double hi = x * y;
  return {hi, std::fma(x, y, -hi)};
}

// The Euclidean norm of `v` (absolute values, `max` the largest).
double VectorNorm(std::vector<double> v, double max, bool found_nan) {
  if (std::isinf(max)) return max;
  if (found_nan) return NAN;
  if (max == 0.0 || v.size() <= 1) return max;
  int max_e;
  std::frexp(max, &max_e);
  if (max_e < -1023) {
    for (double& x : v) x /= DBL_MIN;  // subnormals to normals
    return DBL_MIN * VectorNorm(v, max / DBL_MIN, found_nan);
  }
  double scale = std::ldexp(1.0, -max_e);
  double csum = 1.0, frac1 = 0.0, frac2 = 0.0;
  for (double x : v) {
    x *= scale;
    DoubleLength pr = ExactProduct(x, x);
    DoubleLength sm = FastSum(csum, pr.hi);
    csum = sm.hi;
    frac1 += pr.lo;
    frac2 += sm.lo;
  }
  double h = std::sqrt(csum - 1.0 + (frac1 + frac2));
  DoubleLength pr = ExactProduct(-h, h);
  DoubleLength sm = FastSum(csum, pr.hi);
  csum = sm.hi;
  frac1 += pr.lo;
  frac2 += sm.lo;
  double x = csum - 1.0 + (frac1 + frac2);
  h += x / (2.0 * h);
  return h / scale;
}

bool Coordinates(VM& vm, const std::vector<Value>& items, std::vector<double>* out) {
  for (const Value& v : items) {
    double x;
    if (!ToFloat(vm, v, &x)) return false;
    out->push_back(x);
  }
  return true;
}

double Norm(std::vector<double> v) {
  double max = 0;
  bool found_nan = false;
  for (double& x : v) {
    x = std::fabs(x);
    found_nan |= std::isnan(x);
    if (x > max) max = x;
  }
  return VectorNorm(std::move(v), max, found_nan);
}

Value Hypot(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "hypot() takes no keyword arguments");
  std::vector<double> v;
  if (!Coordinates(vm, std::vector<Value>(args.data, args.data + args.nargs), &v)) return {};
  return Value::Float(Norm(std::move(v)));
}

Value Dist(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "dist", 2, 2)) return {};
  // Any iterables of coordinates, as CPython 3.11 turns them into tuples.
  std::vector<Value> p, q;
  if (!vm.Extend(&p, args[0]) || !vm.Extend(&q, args[1])) return {};
  if (p.size() != q.size()) {
    return RaiseValueError(vm, "both points must have the same number of dimensions");
  }
  std::vector<double> a, b;
  if (!Coordinates(vm, p, &a) || !Coordinates(vm, q, &b)) return {};
  for (size_t i = 0; i < a.size(); ++i) a[i] -= b[i];
  return Value::Float(Norm(std::move(a)));
}

bool OneFloat(VM& vm, const ArgsView& args, const char* name, double* x) {
  if (!CheckArgCount(vm, args, name, 1, 1)) return false;
  return ToFloat(vm, args[0], x);
}

Value Frexp(VM& vm, const Value&, const ArgsView& args) {
  double x;
  if (!OneFloat(vm, args, "frexp", &x)) return {};
  int e = 0;
  double m = std::isfinite(x) && x != 0 ? std::frexp(x, &e) : x;
  return NewTuple({Value::Float(m), Value::Int(e)});
}
Value Ldexp(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "ldexp", 2, 2)) return {};
  double x;
  int64_t e;
  if (!ToFloat(vm, args[0], &x)) return {};
  if (args[1].is_float()) return RaiseTypeError(vm, "Expected an int as second argument to ldexp.");
  if (!ToInt(vm, args[1], &e)) return {};
  if (x == 0.0 || !std::isfinite(x)) return Value::Float(x);
  e = std::max<int64_t>(std::min<int64_t>(e, 1 << 20), -(1 << 20));
  double r = std::ldexp(x, static_cast<int>(e));
  if (std::isinf(r)) return RangeError(vm);
  return Value::Float(r);
}
Value Modf(VM& vm, const Value&, const ArgsView& args) {
  double x;
  if (!OneFloat(vm, args, "modf", &x)) return {};
  if (std::isinf(x)) return NewTuple({Value::Float(std::copysign(0.0, x)), Value::Float(x)});
  double ip;
  double frac = std::modf(x, &ip);
  return NewTuple({Value::Float(frac), Value::Float(ip)});
}
Value Nextafter(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "nextafter", 2, 2)) return {};
  double x, y;
  if (!ToFloat(vm, args[0], &x) || !ToFloat(vm, args[1], &y)) return {};
  return Value::Float(std::nextafter(x, y));
}
Value Ulp(VM& vm, const Value&, const ArgsView& args) {
  double x;
  if (!OneFloat(vm, args, "ulp", &x)) return {};
  if (std::isnan(x)) return Value::Float(x);
  x = std::fabs(x);
  if (std::isinf(x)) return Value::Float(x);
  double next = std::nextafter(x, INFINITY);
  if (std::isinf(next)) return Value::Float(x - std::nextafter(x, -INFINITY));
  return Value::Float(next - x);
}

constexpr MethodDef kFunctions[] = {
    {"fsum", Fsum},   {"hypot", Hypot}, {"dist", Dist},           {"frexp", Frexp},
    {"ldexp", Ldexp}, {"modf", Modf},   {"nextafter", Nextafter}, {"ulp", Ulp},
};

}  // namespace

void AddMathFloatFunctions(ModuleObject* m) { AddFunctions(m, kFunctions); }

}  // namespace tc::script
