// The `math` functions on integers, for ints of any size as CPython 3.11
// computes them (GMP's exact factorial, binomial, gcd, lcm and integer
// square root), with CPython's argument checks and messages; and log,
// log2 and log10 of ints beyond the double range, which CPython computes
// from the int's frexp (mantissa and binary exponent).
#include <cmath>
#include <cstdint>
#include <limits>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "math_internal.h"
#include "src/obj_bigint.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// An int argument as CPython's math functions take one (operator.index:
// floats refused).
bool IntArg(VM& vm, const Value& v, Value* out) {
  if (IsIntValue(v)) {
    *out = v.is_bool() ? Value::Int(v.as_int()) : v;
    return true;
  }
  if (v.is_float()) {
    RaiseTypeError(vm, "'float' object cannot be interpreted as an integer");
    return false;
  }
  int64_t i;
  if (!ToInt(vm, v, &i)) return false;
  *out = Value::Int(i);
  return true;
}

// k as an unsigned long when it fits, else CPython's OverflowError `what`.
bool SmallCount(VM& vm, mpz_srcptr k, const char* what,
                unsigned long* out) {  // NOLINT(runtime/int)
  if (mpz_fits_slong_p(k) == 0) {
    RaiseOverflowError(
        vm, absl::StrFormat("%s must not exceed %d", what, std::numeric_limits<int64_t>::max()));
    return false;
  }
  *out = mpz_get_ui(k);
  return true;
}

Value Factorial(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "factorial", 1, 1)) return {};
  Value n;
  if (!IntArg(vm, args[0], &n)) return {};
  if (IntSign(n) < 0) return RaiseValueError(vm, "factorial() not defined for negative values");
  if (IsBigInt(n)) {
    return RaiseOverflowError(vm, absl::StrFormat("factorial() argument should not exceed %d",
                                                  std::numeric_limits<int64_t>::max()));
  }
  // log2(n!) < n * log2(n): refuse what no memory could hold.
  double x = static_cast<double>(n.as_int());
  if (!CheckIntBits(vm, x * std::log2(x + 1))) return {};
  Mpz r;
  mpz_fac_ui(r.get(), static_cast<unsigned long>(n.as_int()));  // NOLINT(runtime/int)
  return IntFromMpz(r.get());
}

// comb (divide by k!) or perm, for 0 <= k <= n.
Value Choose(VM& vm, const Value& nv, const Value& kv, bool comb) {
  Mpz n(nv), k(kv), r;
  if (mpz_sgn(n.get()) < 0) return RaiseValueError(vm, "n must be a non-negative integer");
  if (mpz_sgn(k.get()) < 0) return RaiseValueError(vm, "k must be a non-negative integer");
  if (mpz_cmp(k.get(), n.get()) > 0) return Value::Int(0);
  unsigned long count;  // NOLINT(runtime/int): GMP's type
  if (comb) {
    Mpz rest;  // comb(n, k) == comb(n, n - k): the smaller count
    mpz_sub(rest.get(), n.get(), k.get());
    if (mpz_cmp(rest.get(), k.get()) < 0) mpz_swap(rest.get(), k.get());
    if (!SmallCount(vm, k.get(), "min(n - k, k)", &count)) return {};
  } else if (!SmallCount(vm, k.get(), "k", &count)) {
    return {};
  }
  if (!CheckIntBits(vm,
                    static_cast<double>(count) * static_cast<double>(mpz_sizeinbase(n.get(), 2)))) {
    return {};
  }
  mpz_bin_ui(r.get(), n.get(), count);
  if (!comb) {
    Mpz f;
    mpz_fac_ui(f.get(), count);
    mpz_mul(r.get(), r.get(), f.get());
  }
  return IntFromMpz(r.get());
}

Value Comb(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "comb", 2, 2)) return {};
  Value n, k;
  if (!IntArg(vm, args[0], &n) || !IntArg(vm, args[1], &k)) return {};
  return Choose(vm, n, k, true);
}

Value Perm(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "perm", 1, 2)) return {};
  Value n, k;
  if (!IntArg(vm, args[0], &n)) return {};
  if (args.nargs == 2 && !args[1].is_none()) {
    if (!IntArg(vm, args[1], &k)) return {};
    return Choose(vm, n, k, false);
  }
  // perm(n) is factorial(n), with factorial's message.
  return Factorial(vm, Value(), ArgsView(&n, 1));
}

Value GcdLcm(VM& vm, const ArgsView& args, bool lcm) {
  if (args.nkw() > 0) {
    return RaiseTypeError(vm,
                          absl::StrFormat("%s() takes no keyword arguments", lcm ? "lcm" : "gcd"));
  }
  Mpz acc;
  mpz_set_ui(acc.get(), lcm ? 1 : 0);
  for (int i = 0; i < args.nargs; ++i) {
    Value x;
    if (!IntArg(vm, args[i], &x)) return {};
    Mpz z(x);
    if (lcm) {
      mpz_lcm(acc.get(), acc.get(), z.get());
    } else {
      mpz_gcd(acc.get(), acc.get(), z.get());
    }
  }
  return IntFromMpz(acc.get());
}
Value Gcd(VM& vm, const Value&, const ArgsView& args) { return GcdLcm(vm, args, false); }
Value Lcm(VM& vm, const Value&, const ArgsView& args) { return GcdLcm(vm, args, true); }

Value Isqrt(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "isqrt", 1, 1)) return {};
  Value n;
  if (!IntArg(vm, args[0], &n)) return {};
  if (IntSign(n) < 0) return RaiseValueError(vm, "isqrt() argument must be nonnegative");
  Mpz z(n);
  mpz_sqrt(z.get(), z.get());
  return IntFromMpz(z.get());
}

// CPython's loghelper: an int goes through float() when it fits a double,
// else through its frexp, as func(m) + func(2.0) * e.
bool LogOf(VM& vm, const Value& v, double (*func)(double), double* out) {
  if (IsBigInt(v)) {
    if (IntSign(v) <= 0) {
      RaiseValueError(vm, "math domain error");
      return false;
    }
    double d;
    if (RoundMpzToDouble(AsBig(v)->v, 0, false, &d)) {
      *out = func(d);
      return true;
    }
    auto e = static_cast<int64_t>(mpz_sizeinbase(AsBig(v)->v, 2));
    double m;
    RoundMpzToDouble(AsBig(v)->v, e, false, &m);  // in [0.5, 1]
    if (m == 1.0) {
      m = 0.5;
      ++e;
    }
    *out = func(m) + func(2.0) * static_cast<double>(e);
    return true;
  }
  double x;
  if (!ToFloat(vm, v, &x)) return false;
  if (x <= 0 || std::isnan(x)) {
    if (std::isnan(x)) {
      *out = x;
      return true;
    }
    RaiseValueError(vm, "math domain error");
    return false;
  }
  *out = func(x);
  return true;
}

double NaturalLog(double x) { return std::log(x); }
double Log2(double x) { return std::log2(x); }
double Log10(double x) { return std::log10(x); }

Value Log(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "log", 1, 2)) return {};
  double r;
  if (!LogOf(vm, args[0], NaturalLog, &r)) return {};
  if (args.nargs == 2) {
    double b;
    if (!LogOf(vm, args[1], NaturalLog, &b)) return {};
    if (b == 0) return RaiseZeroDivisionError(vm, "float division by zero");
    r /= b;
  }
  return Value::Float(r);
}
Value LogTwo(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "log2", 1, 1)) return {};
  double r;
  if (!LogOf(vm, args[0], Log2, &r)) return {};
  return Value::Float(r);
}
Value LogTen(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "log10", 1, 1)) return {};
  double r;
  if (!LogOf(vm, args[0], Log10, &r)) return {};
  return Value::Float(r);
}

constexpr MethodDef kFunctions[] = {
    {"factorial", Factorial}, {"comb", Comb}, {"perm", Perm},   {"gcd", Gcd},      {"lcm", Lcm},
    {"isqrt", Isqrt},         {"log", Log},   {"log2", LogTwo}, {"log10", LogTen},
};

}  // namespace

void AddMathIntegerFunctions(ModuleObject* m) { AddFunctions(m, kFunctions); }

}  // namespace tc::script
