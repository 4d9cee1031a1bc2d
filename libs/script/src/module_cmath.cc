// cmath: CPython's complex math for finite values by CPython's own
// algorithms (Modules/cmathmodule.c: sqrt's scaling, log near |z| = 1 via
// log1p, exp's overflow), so results match to the bit; non-finite inputs
// take C99's Annex G special values (std::complex), which CPython's
// special-value tables follow. sqrt, exp, log, log10, phase, polar, rect,
// isfinite, isinf, isnan, isclose, and the constants.
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <complex>

#include "absl/strings/str_format.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "src/obj_complex.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

using Cx = std::complex<double>;

bool Finite(Cx z) { return std::isfinite(z.real()) && std::isfinite(z.imag()); }

// The argument as a complex ("must be real number, not str" otherwise, as
// CPython's PyArg "D" converter says).
bool Arg(VM& vm, const Value& v, Cx* out) {
  double re, im;
  int r = ComplexParts(vm, v, &re, &im);
  if (r < 0) return false;
  if (r == 0) {
    if (v.is_object() && !v.type()->slot(Slot::kFloat).is_null()) {
      if (!ToFloat(vm, v, &re)) return false;
      *out = {re, 0};
      return true;
    }
    RaiseTypeError(vm, absl::StrFormat("must be real number, not %s", TypeName(v)));
    return false;
  }
  *out = {re, im};
  return true;
}

Value Result(VM& vm, Cx r, int err) {
  if (err == EDOM) return RaiseValueError(vm, "math domain error");
  if (err == ERANGE) return RaiseOverflowError(vm, "math range error");
  return NewComplex(r.real(), r.imag());
}

Cx Sqrt(Cx z) {
  if (!Finite(z)) return std::sqrt(z);
  double re = z.real(), im = z.imag();
  if (re == 0. && im == 0.) return {0., im};
  double ax = std::fabs(re), ay = std::fabs(im), s;
  if (ax < DBL_MIN && ay < DBL_MIN) {
    // hypot(ax, ay) could be subnormal: scale up first.
    ax = std::ldexp(ax, 53);
    s = std::ldexp(std::sqrt(ax + std::hypot(ax, std::ldexp(ay, 53))), -27);
  } else {
    ax /= 8.;
    s = 2. * std::sqrt(ax + std::hypot(ax, ay / 8.));
  }
  double d = ay / (2. * s);
  if (re >= 0.) return {s, std::copysign(d, im)};
  return {d, std::copysign(s, im)};
}

Cx Exp(Cx z, int* err) {
  if (!Finite(z)) return std::exp(z);
  double l;
  Cx r;
  if (z.real() > 708.3964185322641) {  // CM_LOG_LARGE_DOUBLE
    l = std::exp(z.real() - 1.);
    r = {l * std::cos(z.imag()) * M_E, l * std::sin(z.imag()) * M_E};
  } else {
    l = std::exp(z.real());
    r = {l * std::cos(z.imag()), l * std::sin(z.imag())};
  }
  if (std::isinf(r.real()) || std::isinf(r.imag())) *err = ERANGE;
  return r;
}

Cx Log(Cx z, int* err) {
  if (!Finite(z)) return std::log(z);
  double ax = std::fabs(z.real()), ay = std::fabs(z.imag()), re;
  if (ax > DBL_MAX / 4. || ay > DBL_MAX / 4.) {
    re = std::log(std::hypot(ax / 2., ay / 2.)) + M_LN2;
  } else if (ax < DBL_MIN && ay < DBL_MIN) {
    if (ax > 0. || ay > 0.) {
      re = std::log(std::hypot(std::ldexp(ax, DBL_MANT_DIG), std::ldexp(ay, DBL_MANT_DIG))) -
           DBL_MANT_DIG * M_LN2;
    } else {
      *err = EDOM;  // log(0)
      return {-HUGE_VAL, std::atan2(z.imag(), z.real())};
    }
  } else {
    double h = std::hypot(ax, ay);
    if (0.71 <= h && h <= 1.73) {
      double am = ax > ay ? ax : ay, an = ax > ay ? ay : ax;
      re = std::log1p((am - 1) * (am + 1) + an * an) / 2.;
    } else {
      re = std::log(h);
    }
  }
  return {re, std::atan2(z.imag(), z.real())};
}

Value SqrtFn(VM& vm, const Value&, const ArgsView& args) {
  Cx z;
  if (!CheckArgCount(vm, args, "sqrt", 1, 1) || !Arg(vm, args[0], &z)) return {};
  return Result(vm, Sqrt(z), 0);
}
Value ExpFn(VM& vm, const Value&, const ArgsView& args) {
  Cx z;
  if (!CheckArgCount(vm, args, "exp", 1, 1) || !Arg(vm, args[0], &z)) return {};
  int err = 0;
  Cx r = Exp(z, &err);
  return Result(vm, r, err);
}
Value LogFn(VM& vm, const Value&, const ArgsView& args) {
  Cx z, base;
  if (!CheckArgCount(vm, args, "log", 1, 2) || !Arg(vm, args[0], &z)) return {};
  int err = 0;
  Cx r = Log(z, &err);
  if (args.nargs == 2) {
    if (!Arg(vm, args[1], &base)) return {};
    Cx lb = Log(base, &err);
    // CPython's complex quotient; a zero divisor (log(x, 1)) is EDOM.
    double re = 0, im = 0;
    if (!ComplexQuotient(r.real(), r.imag(), lb.real(), lb.imag(), &re, &im)) err = EDOM;
    r = {re, im};
  }
  return Result(vm, r, err);
}
Value Log10Fn(VM& vm, const Value&, const ArgsView& args) {
  Cx z;
  if (!CheckArgCount(vm, args, "log10", 1, 1) || !Arg(vm, args[0], &z)) return {};
  int err = 0;
  Cx r = Log(z, &err);
  return Result(vm, {r.real() / M_LN10, r.imag() / M_LN10}, err);
}
Value PhaseFn(VM& vm, const Value&, const ArgsView& args) {
  Cx z;
  if (!CheckArgCount(vm, args, "phase", 1, 1) || !Arg(vm, args[0], &z)) return {};
  return Value::Float(std::atan2(z.imag(), z.real()));
}
Value PolarFn(VM& vm, const Value&, const ArgsView& args) {
  Cx z;
  if (!CheckArgCount(vm, args, "polar", 1, 1) || !Arg(vm, args[0], &z)) return {};
  Value r = vm.Call(vm.GetAttr(NewComplex(z.real(), z.imag()), "__abs__"), ArgsView());
  if (r.is_null()) return r;
  return NewTuple({r, Value::Float(std::atan2(z.imag(), z.real()))});
}
Value RectFn(VM& vm, const Value&, const ArgsView& args) {
  double r, phi;
  if (!CheckArgCount(vm, args, "rect", 2, 2) || !ToFloat(vm, args[0], &r) ||
      !ToFloat(vm, args[1], &phi)) {
    return {};
  }
  if (!std::isfinite(r) || !std::isfinite(phi)) return Result(vm, std::polar(r, phi), 0);
  if (phi == 0.0) return NewComplex(r, r * phi);
  return NewComplex(r * std::cos(phi), r * std::sin(phi));
}

template <bool (*kTest)(Cx)>
Value Predicate(VM& vm, const Value&, const ArgsView& args) {
  Cx z;
  if (!CheckArgCount(vm, args, "cmath predicate", 1, 1) || !Arg(vm, args[0], &z)) return {};
  return Value::Bool(kTest(z));
}
bool IsFinite(Cx z) { return Finite(z); }
bool IsInf(Cx z) { return std::isinf(z.real()) || std::isinf(z.imag()); }
bool IsNan(Cx z) { return std::isnan(z.real()) || std::isnan(z.imag()); }

Value IsCloseFn(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"a", "b", "rel_tol", "abs_tol"};
  Value a[4];
  if (!ParseArgs(vm, args, "isclose", kNames, 2, a, 2)) return {};
  Cx x, y;
  double rel = 1e-09, abs_tol = 0.0;
  if (!Arg(vm, a[0], &x) || !Arg(vm, a[1], &y)) return {};
  if (!a[2].is_null() && !ToFloat(vm, a[2], &rel)) return {};
  if (!a[3].is_null() && !ToFloat(vm, a[3], &abs_tol)) return {};
  if (rel < 0.0 || abs_tol < 0.0) return RaiseValueError(vm, "tolerances must be non-negative");
  if (x == y) return Value::Bool(true);
  if (IsInf(x) || IsInf(y)) return Value::Bool(false);
  double diff = std::abs(y - x);
  return Value::Bool((diff <= rel * std::abs(y)) || (diff <= rel * std::abs(x)) || diff <= abs_tol);
}

constexpr MethodDef kFunctions[] = {{"sqrt", SqrtFn},
                                    {"exp", ExpFn},
                                    {"log", LogFn},
                                    {"log10", Log10Fn},
                                    {"phase", PhaseFn},
                                    {"polar", PolarFn},
                                    {"rect", RectFn},
                                    {"isfinite", Predicate<IsFinite>},
                                    {"isinf", Predicate<IsInf>},
                                    {"isnan", Predicate<IsNan>},
                                    {"isclose", IsCloseFn}};

bool InitCmathModule(VM& vm, ModuleObject* m) {
  AddFunctions(m, kFunctions);
  // math's constants, the same values.
  Value math = vm.Import("math");
  if (math.is_null()) return false;
  for (const char* name : {"pi", "e", "tau", "inf", "nan"}) {
    Value v = vm.GetAttr(math, name);
    if (v.is_null()) return false;
    ModuleSet(m, name, std::move(v));
  }
  ModuleSet(m, "infj", NewComplex(0.0, INFINITY));
  ModuleSet(m, "nanj", NewComplex(0.0, NAN));
  return true;
}

}  // namespace

TC_SCRIPT_REGISTER_MODULE("cmath", InitCmathModule);

}  // namespace tc::script
